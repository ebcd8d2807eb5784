// The settings file: read once, validated field by field (a hand-edited or older file never crashes the
// app, and the user is told what was reset), changed only through validated patches, written atomically.
// The renderer's patches may touch only the patchable fields; main changes the others itself (`update`),
// after its own dialogs (service address, download folder, mode).
import { readFileSync, renameSync } from 'node:fs';
import type { AppError, ParamIssue } from '../../shared/api/errors';
import { parseLossless } from '../../shared/api/json';
import { DEFAULT_SETTINGS, PATCHABLE_SETTINGS, type Settings } from '../../shared/settings';
import { coerceSettings, settingsPatchSchema, settingsSchema } from '../../shared/settings-schema';
import { describeFileError } from './file-errors';
import { writeFileAtomicSync } from './fs-atomic';

export interface SettingsStore {
  get(): Settings;
  /** A patch from the renderer: patchable fields only; throws SettingsValidationError (nothing saved) if any is invalid. */
  set(patch: unknown): Settings;
  /** A change main makes itself (any field), validated as a whole before it is saved. */
  update(changes: Partial<Settings>): Settings;
  /** What was wrong with the file at start (corrupt, fields reset), in words for the user; null when nothing. */
  loadNotice(): string | null;
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

const PATCHABLE: ReadonlySet<string> = new Set(PATCHABLE_SETTINGS);
const KNOWN: ReadonlySet<string> = new Set(Object.keys(DEFAULT_SETTINGS));

/** Reads the file: missing -> defaults; unreadable JSON -> defaults, the broken file kept aside and said. */
function load(file: string, now: () => number): { settings: Settings; notice: string | null } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { settings: { ...DEFAULT_SETTINGS }, notice: null };
    return { settings: { ...DEFAULT_SETTINGS }, notice: `Your settings could not be read (${describeFileError(error, file)}); the defaults are in use until they are saved again.` };
  }
  let stored: unknown;
  try {
    stored = parseLossless(text);
  } catch {
    stored = undefined;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    const aside = `${file}.corrupt-${now()}`;
    let kept = true;
    try {
      renameSync(file, aside);
    } catch {
      kept = false; // the next save replaces it anyway
    }
    return {
      settings: { ...DEFAULT_SETTINGS },
      notice: `Your settings file was damaged, so Feedlens started with the default settings.${kept ? ` The damaged file was kept as ${aside}.` : ''}`,
    };
  }
  const { settings, reset } = coerceSettings(stored);
  return {
    settings,
    notice: reset.length > 0 ? `Some settings were invalid and were reset to their defaults: ${reset.join(', ')}.` : null,
  };
}

function issuesOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[] }, fallback: string): ParamIssue[] {
  return error.issues.filter((i) => i.code !== 'unrecognized_keys').map((i) => ({ param: i.path.map(String).join('.') || fallback, message: i.message }));
}

function validatePatch(patch: unknown): Partial<Settings> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw new SettingsValidationError([{ param: 'patch', message: 'expected an object of settings' }]);
  }
  const issues: ParamIssue[] = [];
  for (const name of Object.keys(patch)) {
    if (!KNOWN.has(name)) issues.push({ param: name, message: 'unknown setting' });
    else if (!PATCHABLE.has(name)) issues.push({ param: name, message: 'this setting is changed only through its own dialog in Feedlens' });
  }
  const parsed = settingsPatchSchema.safeParse(patch);
  if (!parsed.success) issues.push(...issuesOf(parsed.error, 'patch'));
  if (issues.length > 0 || !parsed.success) throw new SettingsValidationError(issues);
  return parsed.data as Partial<Settings>;
}

export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const { file } = options;
  const now = options.now ?? Date.now;
  const loaded = load(file, now);
  let current = loaded.settings;
  const listeners = new Set<(next: Settings, previous: Settings) => void>();

  function save(changes: Partial<Settings>): Settings {
    const merged = { ...current, ...changes };
    // The whole value is checked, not just the patch: nothing merged may leave a field missing or invalid.
    const parsed = settingsSchema.safeParse(merged);
    if (!parsed.success) throw new SettingsValidationError(issuesOf(parsed.error, 'settings'));
    const next = parsed.data as Settings;
    const changed = (Object.keys(next) as (keyof Settings)[]).some((name) => next[name] !== current[name]);
    if (!changed) return { ...current };
    try {
      writeFileAtomicSync(file, `${JSON.stringify(next, null, 2)}\n`);
    } catch (error) {
      const appError: AppError = {
        kind: 'internal',
        message: `Settings not saved: ${describeFileError(error, file)}.`,
        billed: false,
        retryable: true,
      };
      throw appError;
    }
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
  }

  return {
    get: () => ({ ...current }),
    set: (patch) => save(validatePatch(patch)),
    update: (changes) => save(changes),
    loadNotice: () => loaded.notice,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
