// The Explorer's part of main: where big integers were in an answer's text, which answers are held (the
// Explorer's only, cache hits included), and raw answers saved as new files with their provenance.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createAnswerStore, type HeldAnswer } from '../../../../electron/explorer/answers';
import { bigIntPointers } from '../../../../electron/explorer/big-ints';
import { rawAnswersText, saveRawAnswers } from '../../../../electron/explorer/save';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import { parseLossless } from '../../../../shared/api/json';
import type { CallValue, Result } from '../../../../shared/ipc';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';

const BIG = '3141592653589793238';

describe('bigIntPointers', () => {
  it('points at every integer literal beyond 2^53, at any depth, and at nothing else', () => {
    const text = `{"pk": ${BIG}, "id": "${BIG}", "n": 9007199254740991, "m": 9007199254740992, "neg": -${BIG},
      "f": 31415926535897932.5, "e": 1e300, "items": [{"a/b": ${BIG}, "t~x": [1, ${BIG}]}], "s": "x ${BIG} y"}`;
    expect(bigIntPointers(text)).toEqual(['/pk', '/m', '/neg', '/items/0/a~1b', '/items/0/t~0x/1']);
  });

  it('marks a bare answer that is one big integer, and finds none in text without 16 digits', () => {
    expect(bigIntPointers(BIG)).toEqual(['']);
    expect(bigIntPointers('{"a": 123456789012345, "b": "x"}')).toEqual([]);
  });
});

const session = { id: 's1', mode: 'demo' as const, reason: 'no_key' as const, origin: 'http://127.0.0.1:8787', simulated: true, keyId: null };
const ok = (requestId: string, data: unknown, cacheHit = false): Result<CallValue> => ({ ok: true, value: { data, units: cacheHit ? 0 : 1, cacheHit, requestId, fetchedBy: requestId, fetchedAt: 1000, session } });
const args = (requestId: string) => ({ path: '/v1/media/by/code', params: { code: 'Abc' }, requestId });

describe('the answer store', () => {
  it('holds the text of Explorer answers only', () => {
    const store = createAnswerStore();
    const data = { pk: BIG };
    store.observe('explorer:1', `{"pk": ${BIG}}`, data);
    store.served(args('explorer:1'), ok('explorer:1', data));
    const other = { pk: BIG };
    store.observe('screen-call', `{"pk": ${BIG}}`, other);
    store.served(args('screen-call'), ok('screen-call', other));
    expect(store.get('explorer:1')).toMatchObject({ text: `{"pk": ${BIG}}`, path: '/v1/media/by/code', params: { code: 'Abc' }, units: 1 });
    expect(store.get('screen-call')).toBeNull();
  });

  it('gives a cache hit the text of the earlier answer its data came from, and none when unknown', () => {
    const store = createAnswerStore();
    const data = { pk: BIG };
    store.observe('explorer:1', `{"pk":${BIG}}`, data);
    store.served(args('explorer:1'), ok('explorer:1', data));
    store.served(args('explorer:2'), ok('explorer:2', data, true));
    expect(store.get('explorer:2')).toMatchObject({ text: `{"pk":${BIG}}`, cacheHit: true, units: 0 });
    store.served(args('explorer:3'), ok('explorer:3', { pk: BIG }, true));
    expect(store.get('explorer:3')).toMatchObject({ text: null, cacheHit: true });
  });

  it('passes results on unchanged and holds nothing for a failed call', () => {
    const store = createAnswerStore();
    const failed: Result<CallValue> = { ok: false, error: { kind: 'not_found', message: 'gone', billed: true, retryable: false } };
    expect(store.served(args('explorer:9'), failed)).toBe(failed);
    expect(store.get('explorer:9')).toBeNull();
  });

  it('lets the least recently used answers go past its bound', () => {
    const store = createAnswerStore({ maxChars: 25 });
    for (const id of ['explorer:a', 'explorer:b', 'explorer:c']) {
      const data = { id };
      store.observe(id, '{"x":"0123456789"}', data); // 18 characters
      store.served(args(id), ok(id, data));
    }
    expect(store.get('explorer:a')).toBeNull();
    expect(store.get('explorer:b')).toBeNull();
    expect(store.get('explorer:c')).not.toBeNull();
  });
});

describe('saving raw answers', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'feedlens-explorer-save-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const page = (n: number, text: string | null): HeldAnswer => ({
    requestId: `explorer:${n}`,
    path: '/v1/user/medias/chunk',
    params: { user_id: '25025320', ...(n > 1 ? { end_cursor: `c${n}` } : {}) },
    data: parseLossless(text ?? `[[{"pk": "${BIG}"}], null]`),
    text,
    units: 1,
    cacheHit: false,
    fetchedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  });

  it('writes each page verbatim after its provenance: big integers stay numbers', () => {
    const text = rawAnswersText([page(1, `[[{"pk": ${BIG}}], "c2"]`), page(2, null)], { appVersion: '1.2.3', mode: 'demo', now: Date.UTC(2026, 0, 2, 3, 5) });
    expect(text).toContain(`"answer": [[{"pk": ${BIG}}], "c2"]`);
    const file = parseLossless(text) as { format: string; endpoint: string; pages: Record<string, unknown>[] };
    expect(file).toMatchObject({ format: 'feedlens.explorer-answers', endpoint: '/v1/user/medias/chunk', app: { version: '1.2.3' }, mode: 'demo', savedAt: '2026-01-02T03:05:00.000Z' });
    expect(file.pages[0]).toMatchObject({ page: 1, requestId: 'explorer:1', params: { user_id: '25025320' }, fetchedAt: '2026-01-02T03:04:05.000Z', units: 1, answerExact: true });
    expect(file.pages[0]?.answerSha256).toMatch(/^[0-9a-f]{64}$/);
    // Without the service's text the answer is the parsed one, and the file says so.
    expect(file.pages[1]).toMatchObject({ page: 2, params: { end_cursor: 'c2' }, answerExact: false, answerSha256: null, answer: [[{ pk: BIG }], null] });
  });

  it('never replaces a file that is already there', async () => {
    const ctx = { folder: dir, appVersion: '1', mode: 'demo' as const, now: Date.UTC(2026, 0, 2, 3, 4, 5) };
    const theirs = join(dir, 'explorer', 'v1_user_medias_chunk_2026-01-02_03-04-05_UTC.json');
    const first = await saveRawAnswers([page(1, '{"a":1}')], ctx);
    expect(first.path).toBe(theirs);
    writeFileSync(theirs, 'not ours any more');
    const second = await saveRawAnswers([page(1, '{"a":2}')], ctx);
    expect(second.path).toBe(join(dir, 'explorer', 'v1_user_medias_chunk_2026-01-02_03-04-05_UTC-2.json'));
    expect(readFileSync(theirs, 'utf8')).toBe('not ours any more');
    expect(readFileSync(second.path, 'utf8')).toContain('"answer": {"a":2}');
    // No temp file left behind.
    expect(readdirSync(join(dir, 'explorer')).sort()).toEqual(['v1_user_medias_chunk_2026-01-02_03-04-05_UTC-2.json', 'v1_user_medias_chunk_2026-01-02_03-04-05_UTC.json']);
  });
});

describe('the Explorer through the real core and the simulator', () => {
  let sim: Simulator;
  let core: AppCore;
  let dataDir: string;
  const ctx = { senderId: 1 };
  const asker = createAskRecorder('decline');
  beforeAll(async () => {
    sim = createSimulator({ seed: 7 });
    dataDir = mkdtempSync(join(tmpdir(), 'feedlens-core-explorer-'));
    core = createAppCore(testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, { ask: asker.ask }));
    await core.start();
  });
  afterAll(async () => {
    await core?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('knows where a post answer held big ids, for the fresh call and for its cache hit', async () => {
    const post = sim.world.media.find((m) => BigInt(m.pk) > BigInt(Number.MAX_SAFE_INTEGER))!;
    const first = await core.handlers.call({ path: '/v2/media/info/by/code', params: { code: post.code }, requestId: 'explorer:a' }, ctx);
    expect(first).toMatchObject({ cacheHit: false, units: 1 });
    const info = await core.handlers.explorerAnswer({ requestId: 'explorer:a' }, ctx);
    expect(info.bigInts).toContain('/media_or_ad/pk');
    expect(info.bigInts).not.toContain('/media_or_ad/id'); // "<pk>_<owner>" is a string in the answer
    expect((first.data as { media_or_ad: { pk: string } }).media_or_ad.pk).toBe(post.pk);
    const again = await core.handlers.call({ path: '/v2/media/info/by/code', params: { code: post.code }, requestId: 'explorer:b' }, ctx);
    expect(again.cacheHit).toBe(true);
    expect((await core.handlers.explorerAnswer({ requestId: 'explorer:b' }, ctx)).bigInts).toEqual(info.bigInts);
  });

  it('refuses answers it does not hold, and saves those it does into the download folder', async () => {
    await expect(core.handlers.explorerAnswer({ requestId: 'someone-else' }, ctx)).rejects.toMatchObject({ kind: 'validation' });
    const saved = await core.handlers.explorerSave({ requestIds: ['explorer:a', 'explorer:b'] }, ctx);
    expect(saved.path.startsWith(join(core.downloadFolder(), 'explorer'))).toBe(true);
    expect(saved.pages).toBe(2);
    const file = parseLossless(readFileSync(saved.path, 'utf8')) as { pages: { cacheHit: boolean; answerExact: boolean }[] };
    expect(file.pages.map((p) => [p.cacheHit, p.answerExact])).toEqual([[false, true], [true, true]]);
  });

  it('asks the service again for a fresh answer, quoted and confirmed as any paid call', async () => {
    const user = sim.world.users.find((u) => !u.isPrivate && u.tier === 'main')!;
    const call = { path: '/v1/user/stories', params: { user_id: user.pk } };
    asker.policy = 'confirm';
    await core.handlers.call({ ...call, requestId: 'explorer:s1' }, ctx);
    expect(await core.handlers.quote(call, ctx)).toMatchObject({ cached: true, needsConfirmation: false });
    // Fresh: quoted as if nothing were cached, and main asks before the 2-unit call as it does for any.
    expect(await core.handlers.quote({ ...call, refresh: true }, ctx)).toMatchObject({ cached: false, cost: 2, needsConfirmation: true });
    const asked = asker.asked.length;
    asker.policy = 'decline';
    await expect(core.handlers.call({ ...call, refresh: true, requestId: 'explorer:s2' }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    expect(asker.asked).toHaveLength(asked + 1);
    asker.policy = 'confirm';
    expect(await core.handlers.call({ ...call, refresh: true, requestId: 'explorer:s3' }, ctx)).toMatchObject({ cacheHit: false, units: 2 });
  });

  it('holds an error answer as the service sent it and saves it raw with its status', async () => {
    const missing = { path: '/v1/user/by/username', params: { username: 'nobody_has_this_name_42' }, requestId: 'explorer:e1' };
    await expect(core.handlers.call(missing, ctx)).rejects.toMatchObject({ kind: 'not_found', status: 404 });
    const saved = await core.handlers.explorerSave({ requestIds: ['explorer:e1'] }, ctx);
    const file = parseLossless(readFileSync(saved.path, 'utf8')) as { pages: Record<string, unknown>[] };
    expect(file.pages[0]).toMatchObject({ requestId: 'explorer:e1', params: { username: 'nobody_has_this_name_42' }, error: { status: 404, kind: 'not_found', billed: true }, units: null });
    const text = file.pages[0]?.answerText as string;
    expect(JSON.parse(text)).toMatchObject({ detail: 'User not found', exc_type: 'UserNotFound' });
    expect(file.pages[0]?.answerSha256).toMatch(/^[0-9a-f]{64}$/);
    // Only the Explorer's own error answers are held.
    await expect(core.handlers.call({ ...missing, requestId: 'screen-e2' }, ctx)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(core.handlers.explorerSave({ requestIds: ['screen-e2'] }, ctx)).rejects.toMatchObject({ kind: 'validation' });
  });
});
