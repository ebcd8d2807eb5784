// Security issue 9 end to end: script in the real renderer page (as an attacker who controls it would)
// tries each attack through window.feedlens. It spends nothing, reaches no other host, and writes nothing
// outside the download folder; the key never reaches another service.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS } from '../../electron/simulator/world/world';
import { userByUsername } from '../../electron/simulator/world/lookup';
import type { Result } from '../../shared/ipc';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { filesUnder } from './support/page';

const KEY = 'sk-live-attack-target-Zq8VbN3m';

/** Calls main from page script, exactly as an attacker in the renderer would. */
async function bridge(h: Harness, op: string, args: unknown): Promise<Result<unknown>> {
  return h.page.evaluate(([o, a]) => (window as unknown as { feedlens: Record<string, (x: unknown) => Promise<Result<unknown>>> }).feedlens[o]!(a), [op, args] as const);
}

describe('attacks from page script', () => {
  let h: Harness;
  let attacker: Server;
  let attackerOrigin: string;
  const hits: { url: string; key: string | undefined }[] = [];
  let balanceBefore: number;
  let victim: string;
  let userId: string;

  beforeAll(async () => {
    attacker = createServer((req, res) => {
      hits.push({ url: req.url ?? '', key: req.headers['x-access-key'] as string | undefined });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"requests": 999999, "rate": 99, "currency": "USD", "amount": 9}');
    });
    await new Promise<void>((ok) => attacker.listen(0, '127.0.0.1', ok));
    attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    h = await openHarness({ liveKey: KEY, liveBalance: 500 });
    userId = userByUsername(h.sim.sim.world, ANCHORS.big)!.pk;
    balanceBefore = h.sim.sim.keys.balance(KEY)!;
    // A file of the user's outside the download folder, which no write may replace.
    victim = join(h.dataDir, 'elsewhere', 'config.json');
    mkdirSync(join(h.dataDir, 'elsewhere'), { recursive: true });
    writeFileSync(victim, '{"mine": true}');
  });
  afterAll(async () => {
    await stopHarness(h);
    await new Promise<void>((ok) => attacker.close(() => ok()));
  });

  it('cannot move the service (and the key) to another host', async () => {
    expect(await bridge(h, 'settingsSet', { patch: { baseUrl: attackerOrigin } })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(await bridge(h, 'serviceOriginSet', { origin: 'http://attacker.example' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    // A loopback address passes the rules, but main asks the user, who says no.
    expect(await bridge(h, 'serviceOriginSet', { origin: attackerOrigin })).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(h.asks.of('origin')).toHaveLength(1);
    expect(await bridge(h, 'keyTest', {})).toMatchObject({ ok: true });
    expect(h.core.settings().baseUrl).toBe(new URL(h.sim.url).origin);
  });

  it('cannot answer main\'s questions for the user: confirmations from the page are refused, and declined questions spend nothing', async () => {
    for (const args of [
      { path: '/v1/user/stories', params: { user_id: userId }, confirmedCost: 2 },
      { path: '/v1/user/stories', params: { user_id: userId }, dontAskAgain: true },
    ]) {
      expect(await bridge(h, 'call', args)).toMatchObject({ ok: false, error: { kind: 'validation' } });
    }
    expect(await bridge(h, 'call', { path: '/v1/user/stories', params: { user_id: userId } })).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    const spec = { kind: 'followers', target: userId, label: 'x', budget: 10_000_000 };
    expect(await bridge(h, 'jobStart', { spec, confirmedUnits: 10_000_000 })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(await bridge(h, 'jobStart', { spec })).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(await bridge(h, 'settingsSet', { patch: { hourlyUnconfirmedLimit: 100_000 } })).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(await bridge(h, 'settingsSet', { patch: { confirmationThreshold: undefined } })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(h.core.settings()).toMatchObject({ hourlyUnconfirmedLimit: 200, confirmationThreshold: 2 });
  });

  it('cannot spend past the hourly ceiling with 1-unit calls without main asking', async () => {
    // Any change of the limit goes through main's question: declined, nothing changes ...
    expect(await bridge(h, 'settingsSet', { patch: { hourlyUnconfirmedLimit: 0 } })).toMatchObject({ ok: false });
    // ... confirmed (the test plays a user who lowers it to 3), it applies.
    h.asks.policy = 'confirm';
    expect(await bridge(h, 'settingsSet', { patch: { hourlyUnconfirmedLimit: 3 } })).toMatchObject({ ok: true });
    h.asks.policy = 'decline';
    const results: boolean[] = [];
    for (let i = 0; i < 6; i++) results.push((await bridge(h, 'call', { path: '/v1/user/by/id', params: { id: String(1000 + i) }, refresh: true })).ok);
    expect(results.filter(Boolean).length).toBeLessThanOrEqual(3);
    expect(h.asks.of('ceiling').length).toBeGreaterThan(0);
  });

  it('cannot choose where files go, nor reach files outside the download folder', async () => {
    expect(await bridge(h, 'settingsSet', { patch: { downloadFolder: join(h.dataDir, 'elsewhere') } })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(await bridge(h, 'downloadFolderChoose', {})).toMatchObject({ ok: true, value: { downloadFolder: join(h.dataDir, 'downloads') } }); // the user cancelled the picker
    expect(await bridge(h, 'revealPath', { path: victim })).toMatchObject({ ok: false });
    expect(await bridge(h, 'revealPath', { path: join(h.dataDir, 'downloads', '..', 'elsewhere', 'config.json') })).toMatchObject({ ok: false });
    expect(h.revealed).toEqual([]);
    const status = await h.page.evaluate(async (file) => (await fetch(`/app-media/?u=${encodeURIComponent(`file://${file}`)}`)).status, victim);
    expect(status).toBeGreaterThanOrEqual(400);
    // An export whose label tries to climb out of the folder lands inside it.
    const item = { record: { kind: 'user', id: '1', username: 'a' }, provenance: { path: '/v1/user/by/id', params: { id: '1' }, requestId: null, fetchedAt: 1 } };
    const exported = await bridge(h, 'exportRun', { items: [item], format: 'csv', label: '../../elsewhere/config' });
    if (exported.ok) expect(relative(join(h.dataDir, 'downloads'), (exported.value as { path: string }).path).startsWith('..')).toBe(false);
  });

  it('cannot open arbitrary links', async () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', `${attackerOrigin}/x`, 'https://attacker.example/']) {
      expect(await bridge(h, 'openExternal', { url })).toMatchObject({ ok: false });
    }
    expect(h.opened).toEqual([]);
  });

  it('in all: nothing spent, no other host reached, the key sent nowhere else, nothing written outside the download folder', async () => {
    await h.core.flush();
    expect(hits).toEqual([]);
    // The only units spent are the three 1-unit calls the user's ceiling allowed.
    expect(balanceBefore - h.sim.sim.keys.balance(KEY)!).toBeLessThanOrEqual(3);
    expect(readFileSync(victim, 'utf8')).toBe('{"mine": true}');
    const appData = new Set(['settings.json', 'ledger', 'cache', 'jobs', 'media-cache', 'downloads', 'library', 'downloads.json', 'elsewhere']);
    for (const file of filesUnder(h.dataDir)) {
      const top = relative(h.dataDir, file).split(/[\\/]/)[0]!;
      expect(appData.has(top) || top.startsWith('library') || top.startsWith('downloads'), file).toBe(true);
    }
    expect(filesUnder(join(h.dataDir, 'elsewhere'))).toEqual([victim]);
  });
});
