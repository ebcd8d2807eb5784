import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { coerceSettings, settingsPatchSchema, settingsSchema } from '../../../shared/settings-schema';
import { channelOf, createBridge, eventChannelOf, OPS } from '../../../shared/ipc';

describe('settings schema', () => {
  it('a patch holds only the fields it names (saving one setting never resets the others)', () => {
    expect(settingsPatchSchema.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
  });

  it('rejects unknown fields and out-of-range values in a patch', () => {
    expect(settingsPatchSchema.safeParse({ nope: 1 }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ downloadConcurrency: 0 }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ confirmationThreshold: 3 }).success).toBe(false);
  });

  it('a patch cannot name the service address, the download folder or the mode: main changes those after its own dialogs', () => {
    expect(settingsPatchSchema.safeParse({ baseUrl: 'https://api.hikerapi.com' }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ downloadFolder: '/' }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ demoMode: true }).success).toBe(false);
  });

  it('a field present with no value is refused, not merged as missing', () => {
    expect(settingsPatchSchema.safeParse({ confirmationThreshold: undefined }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ theme: 'dark', cacheTtlMinutes: undefined }).success).toBe(false);
  });

  it('the defaults are a valid whole; a stored service address must be https, or http on this computer', () => {
    expect(settingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, baseUrl: 'http://127.0.0.1:8787' }).success).toBe(true);
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, baseUrl: 'http://evil.example' }).success).toBe(false);
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, baseUrl: 'https://proxy.example/path' }).success).toBe(false);
  });

  it('keeps valid stored fields and defaults the broken ones, naming them', () => {
    const s = coerceSettings({ theme: 'dark', downloadConcurrency: 'lots', cacheTtlMinutes: 5, baseUrl: 'http://evil.example' });
    expect(s.settings).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', cacheTtlMinutes: 5 });
    expect(s.reset.sort()).toEqual(['baseUrl', 'downloadConcurrency']);
    expect(coerceSettings('garbage')).toEqual({ settings: DEFAULT_SETTINGS, reset: [] });
  });
});

describe('IPC bridge', () => {
  it('exposes exactly one named function per operation, plus on()', async () => {
    const calls: [string, unknown][] = [];
    const api = createBridge(
      async (channel, args) => {
        calls.push([channel, args]);
        return { ok: true, value: null };
      },
      () => () => undefined,
    );
    expect(Object.keys(api).sort()).toEqual([...Object.keys(OPS), 'on'].sort());
    await api.quote({ path: '/v1/user/by/username', params: { username: 'a' } });
    expect(calls).toEqual([[channelOf('quote'), { path: '/v1/user/by/username', params: { username: 'a' } }]]);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('subscribes to known events only', () => {
    const subscribed: string[] = [];
    const api = createBridge(async () => null, (channel) => {
      subscribed.push(channel);
      return () => undefined;
    });
    api.on('balance', () => undefined);
    expect(subscribed).toEqual([eventChannelOf('balance')]);
    expect(() => api.on('nope' as never, () => undefined)).toThrow(/Unknown Feedlens event/);
  });
});

describe('filename template setting', () => {
  it('main refuses a template the downloader could not use, with the reason', () => {
    const bad = settingsPatchSchema.safeParse({ filenameTemplate: '{username}/{date_utc}' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/\{shortcode\}, \{pk\} or \{media_id\}/);
    expect(settingsPatchSchema.safeParse({ filenameTemplate: '{username}/{kind}/{date_utc}_{pk}{index}' }).success).toBe(true);
  });
});
