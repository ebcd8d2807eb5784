// Security issue 9 through the real core, its handlers called as the router calls them: the key stays
// with its service origin, the service address and the download folder change only through main's own
// dialogs, the limits that guard spending only after main's question, and nothing is called on a change.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../electron/core';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../electron/simulator/service';
import { createAskRecorder, type AskRecorder } from '../../support/ask-recorder';
import { memoryKeyStores, testCoreOptions } from '../../support/core-options';

const KEY = 'sk-live-production-key-000001';
const PROXY_KEY = 'sk-proxy-key-0000000000002';
const ctx = { senderId: 1 };

let sim: Simulator;
beforeAll(() => {
  sim = createSimulator({ seed: 7 });
});

interface Rig {
  core: AppCore;
  asks: AskRecorder;
  /** Every request the live network saw: URL and the key header it carried. */
  sent: { url: string; key: string | null }[];
  opened: string[];
  picks: (string | null)[];
  dataDir: string;
}

const rigs: Rig[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) {
    await r.core.stop();
    rmSync(r.dataDir, { recursive: true, force: true });
  }
});

async function rig(options: { key?: string; settings?: Record<string, unknown> } = {}): Promise<Rig> {
  const dataDir = mkdtempSync(join(tmpdir(), 'feedlens-core-security-'));
  if (options.settings) writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(options.settings));
  const keyStores = memoryKeyStores();
  if (options.key) await (await keyStores('https://api.hikerapi.com')).set(options.key);
  const sent: Rig['sent'] = [];
  const liveFetch: typeof fetch = async (input, init) => {
    const url = String(input);
    sent.push({ url, key: new Headers(init?.headers).get('x-access-key') });
    if (new URL(url).pathname === '/sys/balance') return new Response('{"requests":500,"rate":15,"currency":"USD","amount":1.5}', { headers: { 'content-type': 'application/json' } });
    return new Response('{"pk":"1","username":"a"}', { headers: { 'content-type': 'application/json' } });
  };
  const asks = createAskRecorder('decline');
  const opened: string[] = [];
  const picks: (string | null)[] = [];
  const core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, {
      keyStores,
      liveFetch,
      ask: asks.ask,
      openExternal: async (url) => void opened.push(url),
      pickFolder: async () => picks.shift() ?? null,
    }),
  );
  await core.start();
  await core.flush();
  const r = { core, asks, sent, opened, picks, dataDir };
  rigs.push(r);
  return r;
}

describe('the key stays with its service origin', () => {
  it('a settings patch cannot move the service: refused, nothing is called, the key goes nowhere', async () => {
    const r = await rig({ key: KEY });
    const before = r.sent.length;
    await expect(r.core.handlers.settingsSet({ patch: { baseUrl: 'http://attacker.example' } as never }, ctx)).rejects.toMatchObject({ kind: 'validation' });
    expect(r.core.settings().baseUrl).toBe('https://api.hikerapi.com');
    expect(r.sent.slice(before)).toEqual([]);
  });

  it('another origin must be https (or loopback http), and is used only after main\'s own question', async () => {
    const r = await rig({ key: KEY });
    const before = r.sent.length;
    await expect(r.core.handlers.serviceOriginSet({ origin: 'http://attacker.example' }, ctx)).rejects.toMatchObject({ kind: 'validation' });
    await expect(r.core.handlers.serviceOriginSet({ origin: 'https://user:pw@proxy.example' }, ctx)).rejects.toMatchObject({ kind: 'validation' });
    expect(r.asks.asked).toEqual([]);
    await expect(r.core.handlers.serviceOriginSet({ origin: 'https://proxy.example' }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    expect(r.asks.of('origin')).toHaveLength(1);
    expect(r.asks.asked[0]?.message).toContain('https://proxy.example');
    expect(r.core.settings().baseUrl).toBe('https://api.hikerapi.com');
    expect(r.core.mode().mode).toBe('live');
    expect(r.sent.slice(before)).toEqual([]);
  });

  it('a confirmed new origin gets no key until one is entered for it, and nothing is called on the change', async () => {
    const r = await rig({ key: KEY });
    const before = r.sent.length;
    r.asks.policy = 'confirm';
    const mode = await r.core.handlers.serviceOriginSet({ origin: 'https://proxy.example/' }, ctx);
    expect(r.core.settings().baseUrl).toBe('https://proxy.example');
    expect(mode).toMatchObject({ mode: 'demo', reason: 'no_key' });
    expect(await r.core.handlers.keyStatus({}, ctx)).toMatchObject({ present: false, origin: 'https://proxy.example' });
    expect(r.sent.slice(before)).toEqual([]);
    // A paid call now runs in demo mode: the production key is not sent anywhere.
    await r.core.handlers.call({ path: '/v1/user/by/username', params: { username: 'a' } }, ctx).catch(() => undefined);
    expect(r.sent.slice(before)).toEqual([]);

    // The user enters a key for the proxy: it is checked there and used there only.
    await r.core.handlers.keySet({ key: PROXY_KEY }, ctx);
    await r.core.handlers.call({ path: '/v1/user/by/username', params: { username: 'b' } }, ctx);
    const after = r.sent.slice(before);
    expect(after.length).toBeGreaterThan(0);
    for (const s of after) {
      expect(new URL(s.url).origin).toBe('https://proxy.example');
      expect(s.key).toBe(PROXY_KEY);
    }
    // Back to production: its own key again, with no question.
    r.asks.policy = 'decline';
    expect(await r.core.handlers.serviceOriginSet({ origin: 'https://api.hikerapi.com' }, ctx)).toMatchObject({ mode: 'live' });
    expect(await r.core.handlers.keyStatus({}, ctx)).toMatchObject({ present: true, last4: KEY.slice(-4), origin: 'https://api.hikerapi.com' });
  });

  it('a stored address the rules refuse (hand-edited file) falls back to production, and the user is told', async () => {
    const r = await rig({ settings: { baseUrl: 'http://attacker.example', theme: 'dark' } });
    expect(r.core.settings()).toMatchObject({ baseUrl: 'https://api.hikerapi.com', theme: 'dark' });
    expect((await r.core.handlers.appInfo({}, ctx)).notices).toEqual(['Some settings were invalid and were reset to their defaults: baseUrl.']);
  });
});

describe('settings that only main changes', () => {
  it('the download folder comes from main\'s folder picker only', async () => {
    const r = await rig();
    await expect(r.core.handlers.settingsSet({ patch: { downloadFolder: '/' } as never }, ctx)).rejects.toMatchObject({ kind: 'validation' });
    const chosen = join(r.dataDir, 'research');
    r.picks.push(chosen);
    expect((await r.core.handlers.downloadFolderChoose({}, ctx)).downloadFolder).toBe(chosen);
    r.picks.push(null); // the user cancels the picker: nothing changes
    expect((await r.core.handlers.downloadFolderChoose({}, ctx)).downloadFolder).toBe(chosen);
    expect((await r.core.handlers.downloadFolderReset({}, ctx)).downloadFolder).toBe(join(r.dataDir, 'Downloads', 'Feedlens'));
  });

  it('loosening the spending limits asks main\'s question; declined, nothing is saved', async () => {
    const r = await rig();
    await expect(r.core.handlers.settingsSet({ patch: { hourlyUnconfirmedLimit: 5000, theme: 'dark' } }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    expect(r.core.settings()).toMatchObject({ hourlyUnconfirmedLimit: 200, theme: 'system' });
    expect(r.asks.of('setting')[0]?.message).toContain('5,000 requests per hour');
    // Asking more often needs no question.
    await r.core.handlers.settingsSet({ patch: { confirmationThreshold: 1 } }, ctx);
    await expect(r.core.handlers.settingsSet({ patch: { confirmationThreshold: 2 } }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    r.asks.policy = 'confirm';
    expect((await r.core.handlers.settingsSet({ patch: { hourlyUnconfirmedLimit: 5000 } }, ctx)).hourlyUnconfirmedLimit).toBe(5000);
    expect(r.asks.of('setting')).toHaveLength(3);
  });
});

describe('external links', () => {
  it('in demo mode, opens no page of the platform: the simulator\'s accounts are invented', async () => {
    const r = await rig();
    expect(r.core.mode().mode).toBe('demo');
    await expect(r.core.handlers.openExternal({ url: 'https://www.instagram.com/skyward.atlas/' }, ctx)).rejects.toMatchObject({ message: expect.stringContaining('invented') });
    await r.core.handlers.openExternal({ url: 'https://hikerapi.com/billing' }, ctx);
    expect(r.opened).toEqual(['https://hikerapi.com/billing']);
  });

  it('hands the parsed, normalised link to the system browser, not the raw text', async () => {
    const r = await rig({ key: KEY });
    await r.core.handlers.openExternal({ url: 'HTTPS://www.Instagram.com/nasa/../nasa/?x=1' }, ctx);
    expect(r.opened).toEqual(['https://www.instagram.com/nasa/?x=1']);
  });
});
