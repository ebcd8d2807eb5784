// The settings file: read once, validated field by field (a hand-edited or older file never crashes the
// app), changed only through validated patches, written atomically.
import { readFileSync, renameSync } from 'node:fs';
import type { AppError, ParamIssue } from '../shared/api/errors';
import { coerceSettings, DEFAULT_SETTINGS, settingsPatchSchema, settingsSchema, type Settings } from '../shared/settings';
import { writeFileAtomicSync } from './fs-atomic';
import { parseLossless } from '../shared/api/json';

export interface SettingsStore {
  get(): Settings;
  /** Applies the fields present in `patch`; throws SettingsValidationError (nothing saved) if any is invalid. */
  set(patch: unknown): Settings;
  /** Called after each change that was saved; returns the unsubscribe function. */
  onChange(listener: (next: Settings, previous: Settings) => void): () => void;
}

export interface SettingsStoreOptions {
  file: string;
  now?: () => number;
}

/** Thrown by set(); `appError` is the plain value to send over IPC. */
export class SettingsValidationError extends Error {
  readonly appError: AppError;
  constructor(readonly issues: ParamIssue[]) {
    const message = `Settings not saved: ${issues.map((i) => `${i.param}: ${i.message}`).join('; ')}.`;
    super(message);
    this.name = 'SettingsValidationError';
    this.appError = { kind: 'validation', message, issues, billed: false, retryable: false };
  }
}

const KNOWN = new Set(Object.keys(settingsSchema.shape));

/** Reads the file: missing -> defaults; unreadable JSON -> defaults, the broken file kept aside. */
function load(file: string, now: () => number): Settings {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
  let stored: unknown;
  try {
    stored = parseLossless(text);
  } catch {
    stored = undefined;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    try {
      renameSync(file, `${file}.corrupt-${now()}`);
    } catch {
      // Could not move it aside: the next save replaces it anyway.
    }
    return { ...DEFAULT_SETTINGS };
  }
  return coerceSettings(stored);
}

function validate(patch: unknown): Partial<Settings> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw new SettingsValidationError([{ param: 'patch', message: 'expected an object of settings' }]);
  }
  const raw = patch as Record<string, unknown>;
  const issues: ParamIssue[] = Object.keys(raw)
    .filter((name) => !KNOWN.has(name))
    .map((name) => ({ param: name, message: 'unknown setting' }));
  const parsed = settingsPatchSchema.safeParse(raw);
  if (!parsed.success) {
    // Unknown fields were listed above by name; the strict schema reports them again as one issue.
    for (const issue of parsed.error.issues) {
      if (issue.code !== 'unrecognized_keys') issues.push({ param: issue.path.join('.') || 'patch', message: issue.message });
    }
  }
  if (issues.length > 0 || !parsed.success) throw new SettingsValidationError(issues);
  return parsed.data;
}

export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const { file } = options;
  const now = options.now ?? Date.now;
  let current = load(file, now);
  const listeners = new Set<(next: Settings, previous: Settings) => void>();

  return {
    get: () => ({ ...current }),

    set(patch) {
      const changes = validate(patch);
      const next: Settings = { ...current, ...changes };
      const changed = (Object.keys(changes) as (keyof Settings)[]).some((name) => next[name] !== current[name]);
      if (!changed) return { ...current };
      writeFileAtomicSync(file, `${JSON.stringify(next, null, 2)}\n`);
      const previous = current;
      current = next;
      for (const listener of listeners) {
        try {
          listener({ ...next }, { ...previous });
        } catch (error) {
          // One faulty listener must not stop the others nor undo a saved change.
          console.error('settings listener failed:', error);
        }
      }
      return { ...current };
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
