import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../shared/settings';
import { settingsPatchSchema, settingsSchema } from '../../../shared/settings-schema';
import { FORM_FIELDS, draftOf, fieldErrorsOf, isDirty, parseWhole, patchFromDraft, templateProblem, type FormField } from '../../../renderer/src/screens/settings/form';

const SAVED: Settings = { ...DEFAULT_SETTINGS, baseUrl: 'https://api.hikerapi.com', downloadFolder: '/home/ana/Research' };

describe('settings form -> patch', () => {
  it('sends only what changed, numbers as numbers, text trimmed', () => {
    const draft = { ...draftOf(SAVED), downloadConcurrency: '6', cacheTtlMinutes: ' 15 ', filenameTemplate: ' {username}/{pk} ' };
    const { patch, errors } = patchFromDraft(draft, SAVED);
    expect(errors).toEqual({});
    expect(patch).toEqual({ downloadConcurrency: 6, cacheTtlMinutes: 15, filenameTemplate: '{username}/{pk}' });
    // What main's own schema accepts.
    expect(settingsPatchSchema.safeParse(patch).success).toBe(true);
  });

  it('sends nothing for an unchanged form and says it is not dirty', () => {
    expect(patchFromDraft(draftOf(SAVED), SAVED).patch).toEqual({});
    expect(isDirty(draftOf(SAVED), SAVED)).toBe(false);
    expect(isDirty({ ...draftOf(SAVED), confirmationThreshold: '1' }, SAVED)).toBe(true);
  });

  it('explains numbers that are not whole or out of range, and sends nothing then', () => {
    const draft = { ...draftOf(SAVED), downloadConcurrency: '99', cacheTtlMinutes: '1.5', lowBalanceThreshold: '', confirmationThreshold: '3' };
    const { errors } = patchFromDraft(draft, SAVED);
    expect(errors).toEqual({
      downloadConcurrency: 'Downloads at a time must be from 1 to 16.',
      cacheTtlMinutes: 'Enter a whole number (from 0 to 10,080).',
      lowBalanceThreshold: 'Enter a whole number (0 or more).',
      confirmationThreshold: 'The threshold must be from 1 to 2.',
    });
  });

  // The form's ranges must be main's (shared/settings.ts): the same values pass and fail on both sides.
  it.each([
    ['downloadConcurrency', [1, 16], [0, 17]],
    ['cacheTtlMinutes', [0, 10_080], [-1, 10_081]],
    ['confirmationThreshold', [1, 2], [0, 3]],
    ['hourlyUnconfirmedLimit', [0, 100_000], [-1, 100_001]],
    ['lowBalanceThreshold', [0, 1_000_000], [-1]],
  ] as const)('%s accepts what main accepts', (field, good, bad) => {
    const schema = settingsSchema.shape[field as keyof typeof settingsSchema.shape];
    for (const value of good) {
      expect(parseWhole(String(value), field as FormField)).toEqual({ value });
      expect(schema.safeParse(value).success).toBe(true);
    }
    for (const value of bad) {
      expect('error' in parseWhole(String(value), field as FormField)).toBe(true);
      expect(schema.safeParse(value).success).toBe(false);
    }
  });

  it('edits only settings that exist', () => {
    for (const field of FORM_FIELDS) expect(Object.keys(settingsSchema.shape)).toContain(field);
  });
});

describe("main's refusals -> field messages", () => {
  it('puts issues under their field, with plainer words for the template', () => {
    // The shape the settings store and the IPC router answer with.
    const { fields, other } = fieldErrorsOf([
      { param: 'patch.filenameTemplate', message: 'Too small: expected string to have >=1 characters' },
      { param: 'downloadConcurrency', message: 'Too big: expected number to be <=16' },
      { param: 'baseUrl', message: 'this setting is changed only through its own dialog in Feedlens' },
      { param: 'colour', message: 'unknown setting' },
    ]);
    expect(fields).toEqual({
      filenameTemplate: 'The template cannot be empty (at most 300 characters).',
      downloadConcurrency: 'Too big: expected number to be <=16',
    });
    expect(other).toEqual(['baseUrl: this setting is changed only through its own dialog in Feedlens', 'colour: unknown setting']);
  });

  it('keeps an issue about the whole patch for the general message', () => {
    expect(fieldErrorsOf([{ param: 'patch', message: 'expected an object of settings' }])).toEqual({ fields: {}, other: ['patch: expected an object of settings'] });
    expect(fieldErrorsOf(undefined)).toEqual({ fields: {}, other: [] });
  });
});

describe('file name template', () => {
  it('accepts the default template and flags typos', () => {
    expect(templateProblem(DEFAULT_SETTINGS.filenameTemplate)).toBeNull();
    expect(templateProblem('{usename}/{date_utc}_{shortcode}')).toMatch(/\{usename\} is not a token/);
    expect(templateProblem('{username}/{date_utc}')).toMatch(/needs \{shortcode\}, \{pk\} or \{media_id\}/);
  });
});
