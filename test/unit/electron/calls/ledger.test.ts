import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG } from '../../../../shared/api/catalog';
import type { LedgerEntry } from '../../../../shared/ipc';
import { createLedger, isSecretName } from '../../../../electron/calls/ledger';

const KEY = 'hk_live_7Qm2xV9pL4sT8wZ1';
const T0 = Date.UTC(2026, 2, 28, 18, 45, 10); // 2026-03-28

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'feedlens-ledger-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

let seq = 0;
function entry(over: Partial<LedgerEntry> = {}): LedgerEntry {
  seq += 1;
  return {
    time: T0,
    requestId: `req-${seq}`,
    attempt: 1,
    mode: 'live',
    origin: 'https://api.hikerapi.com',
    sessionId: 'session-1',
    path: '/v1/user/by/username',
    params: { username: 'lea.martin_photo' },
    cursorSent: null,
    cursorReceived: null,
    status: 200,
    units: 1,
    durationMs: 412,
    cacheHit: false,
    errorKind: null,
    bodySha256: 'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c',
    ...over,
  };
}

function lines(file: string): string[] {
  return readFileSync(join(dir, file), 'utf8').split('\n').filter((l) => l !== '');
}

describe('ledger: append and query', () => {
  it('writes one NDJSON line per attempt to the month file and answers newest first with totals', async () => {
    const ledger = createLedger({ dir });
    await ledger.append(entry({ time: T0, requestId: 'a' }));
    await ledger.append(
      entry({
        time: T0 + 1000,
        requestId: 'b',
        path: '/g1/user/followers',
        params: { user_id: '51234567890' },
        cursorSent: { end_cursor: 'QVFEa2' },
        cursorReceived: { end_cursor: 'QVFEb3' },
      }),
    );
    await ledger.append(entry({ time: T0 + 2000, requestId: 'c', status: 404, errorKind: 'not_found' }));
    await ledger.append(entry({ time: T0 + 3000, requestId: 'd', status: null, units: 0, cacheHit: true, durationMs: 1 }));

    expect(readdirSync(dir)).toEqual(['ledger-2026-03.ndjson']);
    expect(lines('ledger-2026-03.ndjson')).toHaveLength(4);

    const page = await ledger.query();
    expect(page.entries.map((e) => e.requestId)).toEqual(['d', 'c', 'b', 'a']);
    expect(page.entries[2]).toMatchObject({ cursorSent: { end_cursor: 'QVFEa2' }, cursorReceived: { end_cursor: 'QVFEb3' } });
    expect(page.totals).toEqual({ calls: 4, units: 3, cacheHits: 1, errors: 1 });
    expect(page.session).toEqual({ calls: 4, units: 3, cacheHits: 1, errors: 1 });
  });

  it('filters by time, endpoint, status and outcome; totals cover every match, not just the page', async () => {
    const ledger = createLedger({ dir });
    await ledger.append(entry({ time: T0, requestId: 'ok1' }));
    await ledger.append(entry({ time: T0 + 10, requestId: 'ok2', path: '/v2/media/comments', units: 2 }));
    await ledger.append(entry({ time: T0 + 20, requestId: 'err', status: 429, units: 0, errorKind: 'rate_limited' }));
    await ledger.append(entry({ time: T0 + 30, requestId: 'hit', status: null, units: 0, cacheHit: true }));

    const ids = async (q: Parameters<typeof ledger.query>[0]) => (await ledger.query(q)).entries.map((e) => e.requestId);
    expect(await ids({ outcome: 'ok' })).toEqual(['ok2', 'ok1']);
    expect(await ids({ outcome: 'error' })).toEqual(['err']);
    expect(await ids({ outcome: 'cache' })).toEqual(['hit']);
    expect(await ids({ status: 429 })).toEqual(['err']);
    expect(await ids({ path: '/v2/media/comments' })).toEqual(['ok2']);
    expect(await ids({ from: T0 + 10, to: T0 + 20 })).toEqual(['err', 'ok2']);

    const limited = await ledger.query({ limit: 1 });
    expect(limited.entries.map((e) => e.requestId)).toEqual(['hit']);
    expect(limited.totals).toEqual({ calls: 4, units: 3, cacheHits: 1, errors: 1 });
  });

  it('counts in session totals only what this process appended', async () => {
    await createLedger({ dir }).append(entry({ units: 2 }));
    const restarted = createLedger({ dir });
    await restarted.append(entry({ units: 1 }));
    const page = await restarted.query();
    expect(page.totals.calls).toBe(2);
    expect(page.session).toEqual({ calls: 1, units: 1, cacheHits: 0, errors: 0 });
    expect(restarted.session()).toEqual(page.session);
  });
});

describe('ledger: never the key', () => {
  it('drops parameters named like a key, token or credential, keeping cursor tokens', async () => {
    const ledger = createLedger({ dir });
    await ledger.append(
      entry({
        path: '/v2/fbsearch/places',
        params: { query: 'Lisbon', page_token: 'AQHRtAN', rank_token: 'c1b2f4e0', access_key: KEY, 'x-access-key': KEY, token: KEY, apiKey: KEY },
        cursorSent: { page_token: 'AQHRtAN', accessKey: KEY },
      }),
    );
    const text = readFileSync(join(dir, 'ledger-2026-03.ndjson'), 'utf8');
    expect(text).not.toContain(KEY);
    const [stored] = (await ledger.query()).entries;
    expect(stored?.params).toEqual({ query: 'Lisbon', page_token: 'AQHRtAN', rank_token: 'c1b2f4e0' });
    expect(stored?.cursorSent).toEqual({ page_token: 'AQHRtAN' });
  });

  it('keeps every parameter name the catalog defines', () => {
    const names = new Set(CATALOG.flatMap((e) => e.params.map((p) => p.name)));
    expect(names.size).toBeGreaterThan(20);
    expect([...names].filter(isSecretName)).toEqual([]);
  });

  it('stores only the entry fields, nothing that rides along', async () => {
    const ledger = createLedger({ dir });
    const withExtra = { ...entry(), headers: { 'x-access-key': KEY } } as LedgerEntry;
    await ledger.append(withExtra);
    expect(readFileSync(join(dir, 'ledger-2026-03.ndjson'), 'utf8')).not.toContain(KEY);
  });
});

describe('ledger: files', () => {
  it('keeps lines whole and in order when many appends are in flight at once', async () => {
    const ledger = createLedger({ dir });
    const big = 'x'.repeat(3000); // long lines would interleave if writes overlapped
    await Promise.all(Array.from({ length: 200 }, (_, i) => ledger.append(entry({ requestId: `r${i}`, params: { query: big } }))));
    const stored = lines('ledger-2026-03.ndjson').map((l) => (JSON.parse(l) as LedgerEntry).requestId);
    expect(stored).toEqual(Array.from({ length: 200 }, (_, i) => `r${i}`));
  });

  it('skips a line torn by a crash, and the next append starts on a line of its own', async () => {
    const good = JSON.stringify(entry({ requestId: 'before-crash' }));
    writeFileSync(join(dir, 'ledger-2026-03.ndjson'), `${good}\n{"time":${T0},"requestId":"torn","path":"/v1/us`);
    const ledger = createLedger({ dir });
    expect((await ledger.query()).entries.map((e) => e.requestId)).toEqual(['before-crash']);
    await ledger.append(entry({ time: T0 + 5, requestId: 'after-restart' }));
    expect((await ledger.query()).entries.map((e) => e.requestId)).toEqual(['after-restart', 'before-crash']);
  });

  it('starts a file per month and queries across them', async () => {
    const ledger = createLedger({ dir });
    await ledger.append(entry({ time: Date.UTC(2026, 1, 28, 23, 59), requestId: 'feb' }));
    await ledger.append(entry({ time: Date.UTC(2026, 2, 1, 0, 1), requestId: 'mar' }));
    expect(readdirSync(dir).sort()).toEqual(['ledger-2026-02.ndjson', 'ledger-2026-03.ndjson']);
    expect((await ledger.query()).entries.map((e) => e.requestId)).toEqual(['mar', 'feb']);
    expect((await ledger.query({ from: Date.UTC(2026, 2, 1) })).entries.map((e) => e.requestId)).toEqual(['mar']);
  });

  it('rolls to a new part past maxFileBytes, within the month', async () => {
    const ledger = createLedger({ dir, maxFileBytes: 1000 });
    for (let i = 0; i < 10; i++) await ledger.append(entry({ time: T0 + i, requestId: `p${i}` }));
    const files = readdirSync(dir).sort();
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) expect(readFileSync(join(dir, f)).length).toBeLessThanOrEqual(1000);
    expect((await ledger.query()).entries.map((e) => e.requestId)).toEqual(Array.from({ length: 10 }, (_, i) => `p${9 - i}`));
  });
});

describe('ledger: export', () => {
  it('exports CSV with a header row, oldest first, quoting and formula-escaping cells', async () => {
    const ledger = createLedger({ dir });
    await ledger.append(entry({ time: T0, requestId: 'first', params: { query: 'café, "bar"' } }));
    await ledger.append(entry({ time: T0 + 1, requestId: '=HYPERLINK("http://x")', status: 404, errorKind: 'not_found', cacheHit: false, studyId: 'study-1234abcd', runId: 3 }));
    const out = join(dir, 'export', 'ledger.csv');
    expect(await ledger.exportTo(out, 'csv')).toBe(2);
    const [header, first, second, ...rest] = readFileSync(out, 'utf8').split('\n');
    expect(header).toBe('time,requestId,attempt,mode,origin,path,params,cursorSent,cursorReceived,status,units,durationMs,cacheHit,errorKind,bodySha256,studyId,runId');
    expect(first).toBe(
      `2026-03-28T18:45:10.000Z,first,1,live,https://api.hikerapi.com,/v1/user/by/username,"{""query"":""café, \\""bar\\""""}",,,200,1,412,false,,b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c,,`,
    );
    // The study (and run) a request was for.
    expect(second?.endsWith(',study-1234abcd,3')).toBe(true);
    expect(second?.startsWith(`2026-03-28T18:45:10.001Z,"'=HYPERLINK(""http://x"")"`)).toBe(true);
    expect(second).toContain(',404,1,412,false,not_found,');
    expect(rest).toEqual(['']);
  });

  it('exports NDJSON lines that read back as the entries, and leaves no temp file', async () => {
    const ledger = createLedger({ dir });
    const a = entry({ time: T0, requestId: 'a' });
    const b = entry({ time: T0 + 1, requestId: 'b', cursorReceived: { end_cursor: 'QVFEb3' } });
    await ledger.append(a);
    await ledger.append(b);
    const outDir = mkdtempSync(join(tmpdir(), 'feedlens-export-'));
    try {
      const out = join(outDir, 'ledger.ndjson');
      expect(await ledger.exportTo(out, 'ndjson')).toBe(2);
      const back = readFileSync(out, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as LedgerEntry);
      expect(back).toEqual([a, b]);
      expect(readdirSync(outDir)).toEqual(['ledger.ndjson']);
      expect(await ledger.exportTo(join(outDir, 'march-errors.ndjson'), 'ndjson', { outcome: 'error' })).toBe(0);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

describe('ledger: facts of requests', () => {
  it('sums every attempt of a request and keeps the sha256 of the answer that succeeded', async () => {
    const ledger = createLedger({ dir, now: () => T0 });
    await ledger.append(entry({ requestId: 'r1', attempt: 1, status: 503, units: 0, errorKind: 'upstream', bodySha256: 'aaa' }));
    await ledger.append(entry({ requestId: 'r1', attempt: 2, status: 200, units: 2, bodySha256: 'bbb' }));
    await ledger.append(entry({ requestId: 'r2', units: 0, cacheHit: true, bodySha256: null, mode: 'demo', origin: 'http://127.0.0.1:7777' }));
    await ledger.append(entry({ requestId: 'r3', units: 1, bodySha256: 'ccc' }));
    const facts = await ledger.requests(new Set(['r1', 'r2', 'r9']), { from: T0, to: T0 });
    // With the session each ran in: exports and sidecars say from it whether a record is simulated.
    expect(facts).toEqual(
      new Map([
        ['r1', { units: 2, sha256: 'bbb', mode: 'live', origin: 'https://api.hikerapi.com' }],
        ['r2', { units: 0, sha256: null, mode: 'demo', origin: 'http://127.0.0.1:7777' }],
      ]),
    );
  });

  it('looks only in the time window the items were fetched in', async () => {
    const ledger = createLedger({ dir, now: () => T0 });
    await ledger.append(entry({ requestId: 'old', time: T0 - 86_400_000 }));
    expect((await ledger.requests(new Set(['old']), { from: T0, to: T0 })).size).toBe(0);
    expect((await ledger.requests(new Set(['old']), { from: T0 - 86_400_000, to: T0 })).get('old')?.units).toBe(1);
  });
});

describe('ledger: failing closed', () => {
  it('reports a failed append until a probe write succeeds again', async () => {
    const ledger = createLedger({ dir });
    expect(await ledger.problem()).toBeNull();
    // A file where the ledger's folder should be: every append fails.
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'not a folder');
    await expect(ledger.append(entry())).rejects.toThrow();
    expect(await ledger.problem()).toMatch(/could not write/);
    rmSync(dir, { force: true });
    mkdirSync(dir);
    expect(await ledger.problem()).toBeNull();
    await ledger.append(entry());
    expect((await ledger.query()).entries).toHaveLength(1);
  });
});
