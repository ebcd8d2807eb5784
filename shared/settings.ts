// The settings main persists, validated with zod on every read and write (a hand-edited or older file
// never crashes the app: invalid fields fall back to their defaults).
import { z } from 'zod';
import { parseTemplate } from './filename-template';

export const PRODUCTION_BASE_URL = 'https://api.hikerapi.com';

/** The default file layout (see docs/downloads.md for every token). */
export const DEFAULT_FILENAME_TEMPLATE = '{username}/{date_utc}_UTC_{shortcode}{index}';

export const settingsSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/ }).default(PRODUCTION_BASE_URL),
  /** Use the built-in simulator even when a key is stored. */
  demoMode: z.boolean().default(false),
  /** Empty means the platform's Downloads folder + /Feedlens, resolved by main. */
  downloadFolder: z.string().default(''),
  filenameTemplate: z
    .string()
    .min(1)
    .max(300)
    .refine((t) => parseTemplate(t).ok, { error: (issue) => { const c = parseTemplate(String(issue.input)); return c.ok ? 'Invalid template' : c.message; } })
    .default(DEFAULT_FILENAME_TEMPLATE),
  downloadConcurrency: z.number().int().min(1).max(16).default(4),
  cacheTtlMinutes: z.number().int().min(0).max(7 * 24 * 60).default(60),
  /** Calls costing this many units or more need a confirmation. Never above 2 (main enforces 2 regardless). */
  confirmationThreshold: z.number().int().min(1).max(2).default(2),
  /** The balance indicator turns amber below this many requests, red below a fifth of it. */
  lowBalanceThreshold: z.number().int().min(0).default(100),
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /** The first-run choice (enter a key or continue in demo mode) was made. */
  onboarded: z.boolean().default(false),
});

export type Settings = z.infer<typeof settingsSchema>;
/** A patch names only the fields it changes: no defaults filled in (zod's .partial() would fill them). */
export const settingsPatchSchema = z.strictObject(
  Object.fromEntries(Object.entries(settingsSchema.shape).map(([name, field]) => [name, field.unwrap().optional()])) as {
    [K in keyof typeof settingsSchema.shape]: z.ZodOptional<ReturnType<(typeof settingsSchema.shape)[K]['unwrap']>>;
  },
);
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** Reads whatever was stored, keeping valid fields and defaulting the rest. */
export function coerceSettings(stored: unknown): Settings {
  const input = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(settingsSchema.shape)) {
    const parsed = field.safeParse(input[key]);
    out[key] = parsed.success ? parsed.data : (DEFAULT_SETTINGS as Record<string, unknown>)[key];
  }
  return out as Settings;
}
