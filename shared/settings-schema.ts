// Validation of the settings, for main (and its tests): every read of the file and every patch from the
// renderer. Kept apart from shared/settings.ts so the renderer's bundle carries no validation library.
import { z } from 'zod';
import { parseTemplate } from './filename-template';
import { checkServiceOrigin } from './service-origin';
import { DEFAULT_SETTINGS, PATCHABLE_SETTINGS, type Settings } from './settings';

const fields = {
  /** A service origin: https, or http on a loopback address only. */
  baseUrl: z.string().refine((u) => { const c = checkServiceOrigin(u); return c.ok && c.origin === u; }, 'not a service origin Feedlens may use'),
  demoMode: z.boolean(),
  downloadFolder: z.string().max(4000),
  exportFolder: z.string().max(4000),
  filenameTemplate: z
    .string()
    .min(1)
    .max(300)
    .refine((t) => parseTemplate(t).ok, {
      error: (issue) => {
        const c = parseTemplate(String(issue.input));
        return c.ok ? 'Invalid template' : c.message;
      },
    }),
  downloadConcurrency: z.number().int().min(1).max(16),
  cacheTtlMinutes: z.number().int().min(0).max(7 * 24 * 60),
  confirmationThreshold: z.number().int().min(1).max(2),
  hourlyUnconfirmedLimit: z.number().int().min(0).max(100_000),
  lowBalanceThreshold: z.number().int().min(0).max(1_000_000_000),
  theme: z.enum(['system', 'light', 'dark']),
  onboarded: z.boolean(),
  backgroundCollection: z.boolean(),
  openAtLogin: z.boolean(),
  backgroundNoticeShown: z.boolean(),
} satisfies { [K in keyof Settings]: z.ZodType<Settings[K]> };

/** A complete settings value, every field present and valid (what is saved, after a patch is merged). */
export const settingsSchema = z.strictObject(fields);

/**
 * A patch from the renderer: only the fields it may change, each present with a valid value. A field
 * present as `undefined` is refused (it would otherwise be merged as a missing value).
 */
export const settingsPatchSchema = z
  .strictObject(Object.fromEntries(PATCHABLE_SETTINGS.map((name) => [name, fields[name].optional()])) as { [K in (typeof PATCHABLE_SETTINGS)[number]]: z.ZodOptional<(typeof fields)[K]> })
  .superRefine((patch, ctx) => {
    for (const [name, value] of Object.entries(patch)) {
      if (value === undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'a value is required (leave the field out to keep it)' });
    }
  });

/** Reads whatever was stored, keeping valid fields and defaulting the rest; also reports the fields reset. */
export function coerceSettings(stored: unknown): { settings: Settings; reset: string[] } {
  const input = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  const reset: string[] = [];
  for (const [key, field] of Object.entries(fields)) {
    const parsed = (field as z.ZodType).safeParse(input[key]);
    if (parsed.success) out[key] = parsed.data;
    else {
      out[key] = (DEFAULT_SETTINGS as Record<string, unknown>)[key];
      if (key in input) reset.push(key);
    }
  }
  return { settings: out as unknown as Settings, reset };
}
