// Service answers past the size or nesting limit: reading stops (the stream is cancelled) as soon as a
// limit is passed, nothing is parsed, handed on or stored, and the answer is billed as its status says.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClientOptions, type ApiOutcome, type AttemptRecord } from '../../../../electron/api/client';
import { MAX_ANSWER_BYTES, MAX_ANSWER_DEPTH } from '../../../../shared/api/answer-limits';

const KEY = 'test-key-limits-8c1d';

/** A body of `chunk` repeated `times` times (for ever when Infinity), counting what was pulled and whether it was cancelled. */
function streamed(chunk: string, times = Infinity) {
  const bytes = new TextEncoder().encode(chunk);
  const seen = { pulled: 0, chunks: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.chunks >= times) {
        controller.close();
        return;
      }
      seen.chunks += 1;
      seen.pulled += bytes.byteLength;
      controller.enqueue(bytes.slice());
    },
    cancel() {
      seen.cancelled = true;
    },
    // Pulled only when read: `pulled` is what the client asked for.
  }, { highWaterMark: 0 });
  return { body, seen };
}

function clientWith(answer: () => Response, overrides: Partial<ApiClientOptions> = {}) {
  const records: AttemptRecord[] = [];
  const answers: string[] = [];
  const c = createApiClient({
    baseUrl: 'https://api.example.test',
    fetch: async () => answer(),
    getKey: () => KEY,
    userAgent: 'Feedlens/test',
    maxRetries: 0,
    timeoutMs: 5_000,
    sleep: async () => undefined,
    onAttempt: (a) => records.push(a),
    onAnswer: (_id, text) => answers.push(text),
    ...overrides,
  });
  return { call: c.call, records, answers };
}

function fail(outcome: ApiOutcome) {
  if (outcome.ok) throw new Error('expected an error');
  return outcome.error;
}

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('answer size limit', () => {
  it(`refuses a Content-Length over ${MAX_ANSWER_BYTES / 1024 / 1024} MB before reading a byte; the success it is stays billed`, async () => {
    const { body, seen } = streamed(' ', 1000);
    const { call, records, answers } = clientWith(
      () => new Response(body, { status: 200, headers: { 'content-length': String(MAX_ANSWER_BYTES + 1) } }),
    );
    const error = fail(await call('/v1/user/stories', { user_id: '25025320' }));
    expect(error).toMatchObject({ kind: 'bad_response', status: 200, billed: true, retryable: false });
    expect(error.message).toContain('larger than 50 MB');
    expect(error.message).toContain('stored nothing');
    expect(seen).toMatchObject({ pulled: 0, cancelled: true });
    expect(answers).toEqual([]);
    // Billed as a success: the catalog's cost of the endpoint (2), no body hash.
    expect(records).toEqual([expect.objectContaining({ status: 200, units: 2, errorKind: 'bad_response', bodySha256: null, retryInMs: null })]);
  });

  it('stops reading a long answer once the running count passes the limit', async () => {
    const { body, seen } = streamed(`[${'"x",'.repeat(16 * 1024)}`, 256);
    const { call, records, answers } = clientWith(() => new Response(body, { status: 200, headers: { 'x-hiker-info': 'reqs=1' } }), {
      maxAnswerBytes: 1024 * 1024,
    });
    const error = fail(await call('/v1/user/by/username', { username: 'nasa' }));
    expect(error).toMatchObject({ kind: 'bad_response', billed: true });
    expect(error.message).toContain('larger than 1 MB');
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(1024 * 1024 + 2 * 64 * 1024);
    expect(answers).toEqual([]);
    expect(records.map((r) => [r.units, r.errorKind])).toEqual([[1, 'bad_response']]);
  });

  it('bills an oversized error answer as its status says: a 5xx costs nothing', async () => {
    const { body } = streamed('<html>', 100);
    const { call, records } = clientWith(() => new Response(body, { status: 502 }), { maxAnswerBytes: 100 });
    expect(fail(await call('/v1/user/by/username', { username: 'nasa' }))).toMatchObject({ kind: 'bad_response', status: 502, billed: false });
    expect(records.map((r) => r.units)).toEqual([0]);
  });

  it('reads an answer of exactly the limit', async () => {
    const text = `{"s":"${'x'.repeat(92)}"}`;
    expect(text.length).toBe(100);
    const { call } = clientWith(() => new Response(text, { status: 200 }), { maxAnswerBytes: 100 });
    expect(await call('/v1/user/by/username', { username: 'nasa' })).toMatchObject({ ok: true, value: { data: { s: 'x'.repeat(92) } } });
  });
});

describe('answer nesting limit', () => {
  it(`refuses an answer nested deeper than ${MAX_ANSWER_DEPTH} levels, and stops reading it there`, async () => {
    const deep = streamed('['.repeat(64 * 1024), 256);
    const { call, records, answers } = clientWith(() => new Response(deep.body, { status: 200 }));
    const error = fail(await call('/v1/user/by/username', { username: 'nasa' }));
    expect(error).toMatchObject({ kind: 'bad_response', billed: true, retryable: false });
    expect(error.message).toContain(`nested more than ${MAX_ANSWER_DEPTH} levels deep`);
    expect(error.message).toContain('stored nothing');
    expect(deep.seen).toMatchObject({ chunks: 1, cancelled: true });
    expect(answers).toEqual([]);
    expect(records.map((r) => [r.units, r.errorKind])).toEqual([[1, 'bad_response']]);
  });

  it('refuses one level too deep, reads the limit itself, and does not count brackets inside strings', async () => {
    const over = clientWith(() => new Response(nested(MAX_ANSWER_DEPTH + 1), { status: 200 }));
    expect(fail(await over.call('/v1/user/by/username', { username: 'nasa' })).kind).toBe('bad_response');

    const at = clientWith(() => new Response(nested(MAX_ANSWER_DEPTH), { status: 200 }));
    expect((await at.call('/v1/user/by/username', { username: 'nasa' })).ok).toBe(true);

    const strings = `{"caption":"${'[{'.repeat(500)} \\"${'[{'.repeat(500)}","list":[${nested(50, '"]]]]"')}]}`;
    const inStrings = clientWith(() => new Response(strings, { status: 200 }));
    expect((await inStrings.call('/v1/user/by/username', { username: 'nasa' })).ok).toBe(true);
  });

  it('refuses a deep error answer too (its detail would be written out)', async () => {
    const { call } = clientWith(() => new Response(`{"detail":${nested(5000)}}`, { status: 500 }));
    expect(fail(await call('/v1/user/by/username', { username: 'nasa' }))).toMatchObject({ kind: 'bad_response', status: 500, billed: false });
  });
});

describe('answer limits over a real connection', () => {
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  });

  it('closes the connection of an endless answer instead of reading it to the end', async () => {
    const sent = { bytes: 0, closed: false };
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = `[${'1,'.repeat(32 * 1024)}`;
      const timer = setInterval(() => {
        if (res.writableLength < 1024 * 1024) {
          res.write(chunk);
          sent.bytes += chunk.length;
        }
      }, 1);
      res.on('close', () => {
        clearInterval(timer);
        sent.closed = true;
      });
      req.resume();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const c = createApiClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      fetch: globalThis.fetch,
      getKey: () => KEY,
      userAgent: 'Feedlens/test',
      maxRetries: 0,
      timeoutMs: 10_000,
      maxAnswerBytes: 2 * 1024 * 1024,
    });
    expect(fail(await c.call('/v1/user/by/username', { username: 'nasa' })).kind).toBe('bad_response');
    await expect.poll(() => sent.closed, { timeout: 2_000 }).toBe(true);
    expect(sent.bytes).toBeLessThan(16 * 1024 * 1024);
  });
});
