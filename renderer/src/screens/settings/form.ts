// The Settings form without React: the text a researcher typed -> a settings patch (only what changed),
// and main's validation issues -> messages under the fields they concern. Main validates every patch
// (shared/settings-schema.ts); the checks here only turn typed text into numbers and explain ranges.
// The service address and the download folder are not in the form: main changes them after its own
// dialogs (serviceOriginSet, downloadFolderChoose).
import type { ParamIssue } from '../../../../shared/api/errors';
import { parseTemplate, TEMPLATE_TOKEN_INFO } from '../../../../shared/filename-template';
import type { Settings, SettingsPatch } from '../../../../shared/settings';

/** Settings edited as text and saved together with "Save changes" (theme, mode and key apply at once). */
export const FORM_FIELDS = ['filenameTemplate', 'downloadConcurrency', 'cacheTtlMinutes', 'confirmationThreshold', 'hourlyUnconfirmedLimit', 'lowBalanceThreshold'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type Draft = Record<FormField, string>;
export type FieldErrors = Partial<Record<FormField, string>>;

const NUMBER_FIELDS: Partial<Record<FormField, { min: number; max?: number; what: string }>> = {
  downloadConcurrency: { min: 1, max: 16, what: 'Downloads at a time' },
  cacheTtlMinutes: { min: 0, max: 7 * 24 * 60, what: 'Minutes' },
  confirmationThreshold: { min: 1, max: 2, what: 'The threshold' },
  hourlyUnconfirmedLimit: { min: 0, max: 100_000, what: 'The hourly limit' },
  lowBalanceThreshold: { min: 0, what: 'The threshold' },
};

/** Friendlier words than zod's for the fields main refuses most often. */
const FIELD_HELP: Partial<Record<FormField, string>> = {
  filenameTemplate: 'The template cannot be empty (at most 300 characters).',
};

export function draftOf(settings: Settings): Draft {
  return {
    filenameTemplate: settings.filenameTemplate,
    downloadConcurrency: String(settings.downloadConcurrency),
    cacheTtlMinutes: String(settings.cacheTtlMinutes),
    confirmationThreshold: String(settings.confirmationThreshold),
    hourlyUnconfirmedLimit: String(settings.hourlyUnconfirmedLimit),
    lowBalanceThreshold: String(settings.lowBalanceThreshold),
  };
}

function rangeText(min: number, max?: number): string {
  return max === undefined ? `${min} or more` : `from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
}

/** A whole number typed in a field, or the reason it is not one in range. */
export function parseWhole(text: string, field: FormField): { value: number } | { error: string } {
  const rule = NUMBER_FIELDS[field] ?? { min: Number.MIN_SAFE_INTEGER, what: 'The value' };
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return { error: `Enter a whole number (${rangeText(rule.min, rule.max)}).` };
  const value = Number(trimmed);
  if (value < rule.min || (rule.max !== undefined && value > rule.max)) return { error: `${rule.what} must be ${rangeText(rule.min, rule.max)}.` };
  return { value };
}

/** The changed fields as a patch, or the fields whose text is not a valid value. */
export function patchFromDraft(draft: Draft, saved: Settings): { patch: SettingsPatch; errors: FieldErrors } {
  const patch: Record<string, string | number> = {};
  const errors: FieldErrors = {};
  for (const field of FORM_FIELDS) {
    const text = draft[field];
    if (field in NUMBER_FIELDS) {
      const parsed = parseWhole(text, field);
      if ('error' in parsed) errors[field] = parsed.error;
      else if (parsed.value !== saved[field]) patch[field] = parsed.value;
    } else {
      // Text fields: surrounding spaces are never meant.
      const value = text.trim();
      if (value !== saved[field]) patch[field] = value;
    }
  }
  return { patch: patch as SettingsPatch, errors };
}

export function isDirty(draft: Draft, saved: Settings): boolean {
  const current = draftOf(saved);
  return FORM_FIELDS.some((field) => draft[field].trim() !== current[field]);
}

/**
 * Main's issues (`patch.baseUrl`, `baseUrl`...) -> a message per field; issues about no field we
 * show (or the patch as a whole) come back in `other`.
 */
export function fieldErrorsOf(issues: readonly ParamIssue[] | undefined): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const issue of issues ?? []) {
    const name = issue.param.replace(/^patch\./, '').split('.')[0] ?? '';
    const field = (FORM_FIELDS as readonly string[]).includes(name) ? (name as FormField) : null;
    if (field) fields[field] ??= FIELD_HELP[field] ?? issue.message;
    else other.push(`${issue.param}: ${issue.message}`);
  }
  return { fields, other };
}

/** The tokens of the file name template, as the downloader fills them (see docs/downloads.md). */
export const FILENAME_TOKENS: readonly { token: string; meaning: string }[] = Object.entries(TEMPLATE_TOKEN_INFO).map(([name, meaning]) => ({ token: `{${name}}`, meaning }));

/** What is wrong with a template, as the downloader would refuse it; null when it is fine. */
export function templateProblem(template: string): string | null {
  const check = parseTemplate(template);
  return check.ok ? null : check.message;
}
