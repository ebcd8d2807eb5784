import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAppError } from '../../../../shared/api/errors';
import { DEFAULT_SETTINGS, type Settings } from '../../../../shared/settings';
import { createSettingsStore, SettingsValidationError } from '../../../../electron/storage/settings-store';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'feedlens-settings-'));
  file = join(dir, 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('settings store', () => {
  it('gives the defaults when there is no file, without creating one', () => {
    const store = createSettingsStore({ file });
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.get()).toMatchObject({ baseUrl: 'https://api.hikerapi.com', cacheTtlMinutes: 60, confirmationThreshold: 2, theme: 'system' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('saves a patch and reads it back after a restart, leaving the other fields as they were', () => {
    const store = createSettingsStore({ file });
    store.set({ cacheTtlMinutes: 15 });
    store.update({ downloadFolder: '/home/lea/Research/feedlens' }); // main's own change, after its folder picker
    const after = store.set({ theme: 'dark', downloadConcurrency: 8 });
    const expected: Settings = {
      ...DEFAULT_SETTINGS,
      cacheTtlMinutes: 15,
      downloadFolder: '/home/lea/Research/feedlens',
      theme: 'dark',
      downloadConcurrency: 8,
    };
    expect(after).toEqual(expected);
    expect(createSettingsStore({ file }).get()).toEqual(expected);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(expected);
  });

  it('rejects an invalid patch, listing every bad field, and changes nothing', () => {
    const store = createSettingsStore({ file });
    store.set({ theme: 'light' });
    const before = readFileSync(file, 'utf8');
    const error = thrown(() =>
      store.set({ theme: 'blue', downloadConcurrency: 99, baseUrl: 'ftp://api.hikerapi.com', cacheTtlMinutes: 30, proxy: 'x' }),
    );
    expect(error).toBeInstanceOf(SettingsValidationError);
    const appError = (error as SettingsValidationError).appError;
    expect(isAppError(appError)).toBe(true);
    expect(appError.kind).toBe('validation');
    expect(appError.issues?.map((i) => i.param).sort()).toEqual(['baseUrl', 'downloadConcurrency', 'proxy', 'theme']);
    expect(appError.message).toMatch(/theme/);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'light' });
  });

  it('rejects a patch that is not an object', () => {
    const store = createSettingsStore({ file });
    expect(thrown(() => store.set(null))).toBeInstanceOf(SettingsValidationError);
    expect(thrown(() => store.set(['theme', 'dark']))).toBeInstanceOf(SettingsValidationError);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('puts a corrupt file aside and starts from the defaults', () => {
    const broken = '{"theme": "dark", "cacheTtlMinutes": 1';
    writeFileSync(file, broken);
    const store = createSettingsStore({ file, now: () => 1774723510000 });
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(readdirSync(dir)).toEqual(['settings.json.corrupt-1774723510000']);
    expect(readFileSync(join(dir, 'settings.json.corrupt-1774723510000'), 'utf8')).toBe(broken);
    store.set({ theme: 'dark' });
    expect(createSettingsStore({ file }).get().theme).toBe('dark');
  });

  it('keeps the valid fields of a hand-edited file and defaults the rest', () => {
    writeFileSync(file, JSON.stringify({ theme: 'dark', downloadConcurrency: 0, cacheTtlMinutes: 'soon', lowBalanceThreshold: 500 }));
    const store = createSettingsStore({ file });
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', lowBalanceThreshold: 500 });
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('tells listeners about saved changes only, until they unsubscribe', () => {
    const store = createSettingsStore({ file });
    const listener = vi.fn();
    const off = store.onChange(listener);
    store.set({ theme: 'dark' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ ...DEFAULT_SETTINGS, theme: 'dark' }, DEFAULT_SETTINGS);
    store.set({ theme: 'dark' }); // no change
    thrown(() => store.set({ theme: 'yes' }));
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    store.set({ theme: 'light' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('refuses from a patch what only main changes (address, folder, mode), and fields present with no value', () => {
    const store = createSettingsStore({ file });
    for (const patch of [{ baseUrl: 'https://evil.example' }, { downloadFolder: '/' }, { demoMode: true }, { confirmationThreshold: undefined }, { theme: 'dark', cacheTtlMinutes: undefined }]) {
      expect(thrown(() => store.set(patch)), JSON.stringify(patch)).toBeInstanceOf(SettingsValidationError);
    }
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("validates main's own changes as a whole too", () => {
    const store = createSettingsStore({ file });
    expect(thrown(() => store.update({ baseUrl: 'http://evil.example' }))).toBeInstanceOf(SettingsValidationError);
    expect(thrown(() => store.update({ confirmationThreshold: Number.NaN }))).toBeInstanceOf(SettingsValidationError);
    expect(store.update({ baseUrl: 'http://127.0.0.1:8787' }).baseUrl).toBe('http://127.0.0.1:8787');
  });

  it('says what it reset at start: a damaged file, or invalid fields', () => {
    writeFileSync(file, '{"theme": "dark", "cacheTtlMinutes": 1');
    expect(createSettingsStore({ file, now: () => 5 }).loadNotice()).toMatch(/settings file was damaged.*settings\.json\.corrupt-5/);
    writeFileSync(file, JSON.stringify({ theme: 'dark', downloadConcurrency: 0, baseUrl: 'http://evil.example' }));
    expect(createSettingsStore({ file }).loadNotice()).toBe('Some settings were invalid and were reset to their defaults: baseUrl, downloadConcurrency.');
    writeFileSync(file, JSON.stringify({ theme: 'dark' }));
    expect(createSettingsStore({ file }).loadNotice()).toBeNull();
  });

  it('a failed write says what failed and what to do, and changes nothing', () => {
    mkdirSync(file); // a folder where the file should be: the rename fails
    const store = createSettingsStore({ file });
    let error: unknown;
    try {
      store.set({ theme: 'dark' });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ kind: 'internal', retryable: true });
    expect((error as { message: string }).message).toMatch(/^Settings not saved: could not write .*settings\.json/);
    expect(store.get().theme).toBe('system');
  });

  it('hands out copies: changing a returned object changes nothing stored', () => {
    const store = createSettingsStore({ file });
    const got = store.get();
    got.theme = 'dark';
    expect(store.get().theme).toBe('system');
  });
});

describe('settings store: atomic writes', () => {
  it('leaves only the settings file behind, readable by the owner only', () => {
    const store = createSettingsStore({ file });
    for (let i = 1; i <= 5; i++) store.set({ downloadConcurrency: i });
    expect(readdirSync(dir)).toEqual(['settings.json']);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps the old settings and no temp file when the write fails', () => {
    const store = createSettingsStore({ file });
    // A non-empty folder where the file should be: the final rename fails.
    mkdirSync(join(file, 'blocker'), { recursive: true });
    expect(() => store.set({ theme: 'dark' })).toThrow();
    expect(store.get().theme).toBe('system');
    expect(readdirSync(dir)).toEqual(['settings.json']);
    expect(readdirSync(file)).toEqual(['blocker']);
  });

  it('creates the folder on the first save', () => {
    const nested = join(dir, 'Feedlens', 'config', 'settings.json');
    createSettingsStore({ file: nested }).set({ theme: 'light' });
    expect(createSettingsStore({ file: nested }).get().theme).toBe('light');
  });
});
