import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseLossless } from '../../../../shared/api/json';
import { createResponseCache, type ResponseCacheOptions } from '../../../../electron/calls/cache';
import { createSession, sessionNamespace } from '../../../../electron/calls/session';

const namespaceOf = (mode: 'demo' | 'live', key: string | null, baseUrl = 'https://api.hikerapi.com') =>
  sessionNamespace(createSession({ mode, reason: 'key', baseUrl, fetch, key }).info);

const HOUR = 60 * 60 * 1000;
const KEY = 'hk_live_7Qm2xV9pL4sT8wZ1';

/** A service answer as the app holds it: parsed losslessly (media pks beyond 2^53 are strings). */
function answer(name: string): unknown {
  return parseLossless(readFileSync(join(import.meta.dirname, '../../../fixtures/answers', name), 'utf8'));
}
const CLIPS = answer('v1-user-clips-chunk.json');
const FOLLOWERS = answer('g1-user-followers.json');
const USER = answer('v1-user-by-username-business.json');

let dir: string;
let clock: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'feedlens-cache-'));
  clock = Date.UTC(2026, 2, 28, 18, 0, 0);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function cache(over: Partial<ResponseCacheOptions> = {}) {
  return createResponseCache({ dir, ttlMs: () => HOUR, maxMemoryBytes: 10_000_000, now: () => clock, namespace: () => 'demo', ...over });
}

const cacheFiles = () => readdirSync(dir).filter((n) => n.endsWith('.json'));

describe('response cache: hits and misses', () => {
  it('answers a stored call with its data and fetch time, and misses anything else', async () => {
    const c = cache();
    expect(await c.get('/v1/user/clips/chunk', { user_id: '51234567890' })).toBeNull();
    await c.set('/v1/user/clips/chunk', { user_id: '51234567890' }, CLIPS, { requestId: 'req-1' });
    clock += 5 * 60 * 1000;
    expect(await c.get('/v1/user/clips/chunk', { user_id: '51234567890' })).toEqual({
      data: CLIPS,
      fetchedAt: clock - 5 * 60 * 1000,
      requestId: 'req-1',
    });
    expect(await c.get('/v1/user/clips/chunk', { user_id: '51234567891' })).toBeNull();
    expect(await c.get('/v1/user/medias/chunk', { user_id: '51234567890' })).toBeNull();
  });

  it('keys on the cursor: each page is its own entry', async () => {
    const c = cache();
    await c.set('/g1/user/followers', { user_id: '51234567890' }, FOLLOWERS);
    expect(await c.get('/g1/user/followers', { user_id: '51234567890', end_cursor: 'QVFEb3' })).toBeNull();
    await c.set('/g1/user/followers', { user_id: '51234567890', end_cursor: 'QVFEb3' }, [[], null]);
    expect((await c.get('/g1/user/followers', { user_id: '51234567890' }))?.data).toEqual(FOLLOWERS);
    expect((await c.get('/g1/user/followers', { end_cursor: 'QVFEb3', user_id: '51234567890' }))?.data).toEqual([[], null]);
  });

  it('treats params as the query sends them: order, number vs string and empty values do not matter', async () => {
    const c = cache();
    await c.set('/v2/user/medias', { user_id: '51234567890', page_id: 'QVFD', flat: true }, CLIPS);
    const same = await c.get('/v2/user/medias', { flat: 'true', page_id: 'QVFD', user_id: 51234567890, sort: undefined, x: null });
    expect(same?.data).toEqual(CLIPS);
    expect(await c.get('/v2/user/medias', { user_id: '51234567890', page_id: 'QVFD', flat: false })).toBeNull();
  });

  it('keeps answers of another mode, service address or key apart', async () => {
    let ns = namespaceOf('live', KEY);
    const c = cache({ namespace: () => ns });
    await c.set('/v1/user/by/username', { username: 'lea.martin_photo' }, USER);
    ns = namespaceOf('live', 'hk_live_another_key_0001');
    expect(await c.get('/v1/user/by/username', { username: 'lea.martin_photo' })).toBeNull();
    ns = namespaceOf('demo', null);
    expect(await c.get('/v1/user/by/username', { username: 'lea.martin_photo' })).toBeNull();
    ns = namespaceOf('live', KEY, 'https://proxy.example.org');
    expect(await c.get('/v1/user/by/username', { username: 'lea.martin_photo' })).toBeNull();
    ns = namespaceOf('live', KEY);
    expect((await c.get('/v1/user/by/username', { username: 'lea.martin_photo' }))?.data).toEqual(USER);
    // A call may name its session's namespace itself, whatever the current one is.
    ns = namespaceOf('demo', null);
    expect((await c.get('/v1/user/by/username', { username: 'lea.martin_photo' }, namespaceOf('live', KEY)))?.data).toEqual(USER);
    expect(namespaceOf('live', KEY)).not.toContain(KEY.slice(0, 8));
    for (const f of cacheFiles()) expect(readFileSync(join(dir, f), 'utf8')).not.toContain(KEY);
  });
});

describe('response cache: TTL', () => {
  it('expires an answer once the TTL has passed, and removes its file', async () => {
    const c = cache();
    await c.set('/v1/user/by/username', { username: 'lea.martin_photo' }, USER);
    clock += HOUR - 1;
    expect(await c.get('/v1/user/by/username', { username: 'lea.martin_photo' })).not.toBeNull();
    clock += 1;
    expect(await c.get('/v1/user/by/username', { username: 'lea.martin_photo' })).toBeNull();
    expect(cacheFiles()).toEqual([]);
  });

  it('reads the TTL on every use (a settings change applies at once); 0 turns the cache off', async () => {
    let ttl = HOUR;
    const c = cache({ ttlMs: () => ttl });
    await c.set('/v1/user/by/username', { username: 'lea.martin_photo' }, USER);
    clock += 10 * 60 * 1000;
    ttl = 5 * 60 * 1000;
    expect(await c.get('/v1/user/by/username', { username: 'lea.martin_photo' })).toBeNull();
    ttl = 0;
    await c.set('/v1/user/by/username', { username: 'lea.martin_photo' }, USER);
    expect(await c.get('/v1/user/by/username', { username: 'lea.martin_photo' })).toBeNull();
    expect(cacheFiles()).toEqual([]);
  });
});

describe('response cache: bounds', () => {
  it('keeps memory under its byte budget, dropping the least recently used answer first', async () => {
    const size = (d: unknown) => Buffer.byteLength(JSON.stringify(d));
    // Room for two of the answers (plus a little for their envelopes), not for the third (over 1000 bytes).
    const budget = size(CLIPS) + size(FOLLOWERS) + 1000;
    expect(size(USER)).toBeGreaterThan(1000);
    const c = cache({ maxMemoryBytes: budget });
    await c.set('/v1/user/clips/chunk', { user_id: '1' }, CLIPS);
    await c.set('/v1/user/by/username', { username: 'a' }, USER);
    await c.get('/v1/user/clips/chunk', { user_id: '1' }); // clips is now the most recently used
    await c.set('/g1/user/followers', { user_id: '1' }, FOLLOWERS);
    const stats = c.stats();
    expect(stats.memoryBytes).toBeLessThanOrEqual(budget);
    expect(stats.memoryEntries).toBe(2);
    // Without the disk copies, only what memory kept can answer.
    for (const f of cacheFiles()) rmSync(join(dir, f));
    expect(await c.get('/v1/user/clips/chunk', { user_id: '1' })).not.toBeNull();
    expect(await c.get('/g1/user/followers', { user_id: '1' })).not.toBeNull();
    expect(await c.get('/v1/user/by/username', { username: 'a' })).toBeNull();
  });

  it('serves an answer too big for memory from disk', async () => {
    const c = cache({ maxMemoryBytes: 100 });
    await c.set('/v1/user/clips/chunk', { user_id: '1' }, CLIPS);
    expect(c.stats().memoryEntries).toBe(0);
    expect((await c.get('/v1/user/clips/chunk', { user_id: '1' }))?.data).toEqual(CLIPS);
  });

  it('keeps the disk copy under its cap, removing the oldest answers', async () => {
    const one = Buffer.byteLength(JSON.stringify(USER));
    const c = cache({ maxDiskBytes: one * 2 + 500 });
    for (const name of ['a', 'b', 'c']) {
      await c.set('/v1/user/by/username', { username: name }, USER);
      clock += 1000;
    }
    expect(cacheFiles()).toHaveLength(2);
    expect(c.stats().diskBytes).toBeLessThanOrEqual(one * 2 + 500);
    const restarted = cache();
    expect(await restarted.get('/v1/user/by/username', { username: 'a' })).toBeNull();
    expect(await restarted.get('/v1/user/by/username', { username: 'c' })).not.toBeNull();
  });
});

describe('response cache: disk', () => {
  it('survives a restart within the TTL, big-integer ids intact, and drops expired answers at start', async () => {
    const first = cache();
    await first.set('/v1/user/clips/chunk', { user_id: '51234567890' }, CLIPS, { requestId: 'req-9' });
    clock += 30 * 60 * 1000;
    const second = cache();
    const hit = await second.get('/v1/user/clips/chunk', { user_id: '51234567890' });
    expect(hit?.data).toEqual(CLIPS);
    expect(hit?.requestId).toBe('req-9');
    expect(JSON.stringify(hit?.data)).toContain('"3866530439053193314"');

    clock += HOUR;
    const third = cache();
    expect(third.stats().diskEntries).toBe(0);
    expect(await third.get('/v1/user/clips/chunk', { user_id: '51234567890' })).toBeNull();
    expect(cacheFiles()).toEqual([]);
  });

  it('treats an unreadable file as a miss and removes leftover temp files at start', async () => {
    await cache().set('/v1/user/by/username', { username: 'a' }, USER);
    const [file] = cacheFiles();
    writeFileSync(join(dir, file as string), '{"v":1,"path":"/v1/user/by/username","data":{"pk":');
    writeFileSync(join(dir, '.abc.json.123.deadbeef.tmp'), 'partial');
    const c = cache();
    expect(await c.get('/v1/user/by/username', { username: 'a' })).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('clear() empties memory and disk, and a write in flight does not bring its answer back', async () => {
    const c = cache();
    await c.set('/v1/user/by/username', { username: 'a' }, USER);
    const inFlight = c.set('/v1/user/clips/chunk', { user_id: '1' }, CLIPS);
    await c.clear();
    await inFlight;
    expect(await c.get('/v1/user/by/username', { username: 'a' })).toBeNull();
    expect(await c.get('/v1/user/clips/chunk', { user_id: '1' })).toBeNull();
    expect(c.stats()).toEqual({ memoryEntries: 0, memoryBytes: 0, diskEntries: 0, diskBytes: 0 });
    expect(readdirSync(dir)).toEqual([]);
    expect(await cache().get('/v1/user/by/username', { username: 'a' })).toBeNull();
  });
});
