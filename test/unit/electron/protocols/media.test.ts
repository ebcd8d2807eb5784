import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMediaHandler, type FetchLike, type MediaHandlerOptions } from '../../../../electron/protocols/media-protocol';
import { parseRange } from '../../../../electron/protocols/http-range';
import { createSimulator, DEFAULT_API_ORIGIN } from '../../../../electron/simulator/service';
import { parseLossless } from '../../../../shared/api/json';
import { toMediaUrl } from '../../../../shared/media-url';

/** Deterministic bytes that differ at every offset, so a wrong slice is visible. */
function bytes(seed: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  let block = Buffer.alloc(0);
  for (let i = 0; i < size; i++) {
    if (i % 32 === 0) block = createHash('sha256').update(`${seed}:${i}`).digest();
    out[i] = block[i % 32] ?? 0;
  }
  return out;
}

const FILES: Record<string, { body: Buffer; type: string }> = {
  '/v/t51.2885-15/a_n.jpg': { body: bytes('a', 5000), type: 'image/jpeg' },
  '/v/t51.2885-15/b_n.jpg': { body: bytes('b', 5000), type: 'image/jpeg' },
  '/v/t51.2885-15/c_n.jpg': { body: bytes('c', 5000), type: 'image/jpeg' },
  '/v/t51.2885-15/big_n.jpg': { body: bytes('big', 20_000), type: 'image/jpeg' },
  '/o1/v/t16/clip.mp4': { body: bytes('clip', 120_000), type: 'video/mp4' },
  '/v/t51.2885-15/page.html': { body: Buffer.from('<script>alert(1)</script>'), type: 'text/html' },
};

// The local "CDN": serves FILES with Range support, plus redirects, errors and a slow stream.
let cdn: Server;
let cdnOrigin: string;
let evil: Server;
let evilOrigin: string;
const hits = new Map<string, number>();
const evilHits: string[] = [];
let releaseSlow: () => void = () => {};

function serveFile(req: IncomingMessage, res: ServerResponse, file: { body: Buffer; type: string }): void {
  const size = file.body.length;
  const range = parseRange(req.headers.range ?? null, size);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const headers: Record<string, string | number> = { 'content-type': file.type, 'accept-ranges': 'bytes', 'content-length': end - start + 1 };
  if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`;
  res.writeHead(range ? 206 : 200, headers).end(file.body.subarray(start, end + 1));
}

function cdnRoute(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  hits.set(path, (hits.get(path) ?? 0) + 1);
  const file = FILES[path];
  if (file) return serveFile(req, res, file);
  if (path === '/r/off-list') return void res.writeHead(302, { location: `${evilOrigin}/v/t51.2885-15/a_n.jpg` }).end();
  if (path === '/r/look-alike') return void res.writeHead(301, { location: 'https://scontent.cdninstagram.com.evil.net/a.jpg' }).end();
  if (path === '/r/on-list') return void res.writeHead(302, { location: '/v/t51.2885-15/a_n.jpg' }).end();
  if (path === '/r/loop') return void res.writeHead(307, { location: '/r/loop' }).end();
  if (path === '/expired') {
    return void res.writeHead(403, { 'content-type': 'text/plain' }).end('URL signature expired');
  }
  if (path === '/slow.mp4') {
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': 8 });
    res.write(Buffer.from([1, 2, 3, 4]));
    releaseSlow = () => res.end(Buffer.from([5, 6, 7, 8]));
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  cdn = createServer(cdnRoute);
  cdnOrigin = await listen(cdn);
  evil = createServer((req, res) => {
    evilHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end('evil');
  });
  evilOrigin = await listen(evil);
});

afterAll(async () => {
  releaseSlow();
  await new Promise((r) => cdn.close(r));
  await new Promise((r) => evil.close(r));
});

let cacheDir: string;
let clock: number;
let fetchSpy: ReturnType<typeof vi.fn<FetchLike>>;

beforeEach(() => {
  cacheDir = mkdtempSync(join(tmpdir(), 'feedlens-media-'));
  hits.clear();
  evilHits.length = 0;
  clock = Date.UTC(2026, 0, 10, 12, 0, 0);
  fetchSpy = vi.fn<FetchLike>((url, init) => fetch(url, init));
});

afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

function handler(overrides: Partial<MediaHandlerOptions> = {}) {
  return createMediaHandler({
    fetch: fetchSpy,
    cacheDir,
    maxCacheBytes: 1_000_000,
    allowOrigins: [cdnOrigin],
    now: () => clock,
    log: () => {},
    ...overrides,
  });
}

const media = (path: string) => toMediaUrl(`${cdnOrigin}${path}`);
const get = (h: (r: Request) => Promise<Response>, url: string, headers: Record<string, string> = {}) =>
  h(new Request(url, { headers }));
const body = async (res: Response) => Buffer.from(await res.arrayBuffer());
const hitsOf = (path: string) => hits.get(path) ?? 0;

describe('allow-list', () => {
  it.each([
    ['a host off the list', 'https://example.com/a.jpg'],
    ['a look-alike prefix', 'https://evilcdninstagram.com/v/a.jpg'],
    ['a look-alike suffix', 'https://scontent.cdninstagram.com.evil.net/v/a.jpg'],
    ['the bare suffix', 'https://cdninstagram.com/v/a.jpg'],
    ['plain http to the CDN', 'http://scontent-fra5-2.cdninstagram.com/v/a.jpg'],
    ['another port on the CDN', 'https://scontent-fra5-2.cdninstagram.com:8443/v/a.jpg'],
    ['credentials in the URL', 'https://user:pw@scontent-fra5-2.cdninstagram.com/v/a.jpg'],
    ['a local server not given to the handler', 'http://127.0.0.1:9/v/a.jpg'],
    ['file://', 'file:///etc/passwd'],
  ])('refuses %s with 403 and sends nothing', async (_what, remote) => {
    const res = await get(handler(), toMediaUrl(remote));
    expect(res.status).toBe(403);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    'https://scontent-fra5-2.cdninstagram.com/v/t51.2885-15/469787_n.jpg?stp=dst-jpg_e35&_nc_ht=scontent-fra5-2.cdninstagram.com&oe=6790A1B2&_nc_sid=10d13b',
    'https://instagram.fhel6-1.fna.fbcdn.net/v/t51.2885-19/44884218_n.jpg?oe=6790A1B2',
  ])('sends a listed CDN URL to fetch with manual redirects: %s', async (remote) => {
    const fake = vi.fn<FetchLike>(async () => new Response(bytes('x', 10), { headers: { 'content-type': 'image/jpeg' } }));
    const res = await get(handler({ fetch: fake, allowOrigins: [] }), toMediaUrl(remote));
    expect(res.status).toBe(200);
    expect(fake).toHaveBeenCalledOnce();
    expect(fake.mock.calls[0]?.[0]).toBe(remote);
    expect(fake.mock.calls[0]?.[1]).toMatchObject({ redirect: 'manual' });
  });
});

describe('path traversal and malformed app-media URLs', () => {
  it.each([
    `app-media://media/../../etc/passwd?u=${encodeURIComponent('https://scontent.cdninstagram.com/a.jpg')}`,
    `app-media://media/%2e%2e/%2e%2e/etc/passwd?u=${encodeURIComponent('https://scontent.cdninstagram.com/a.jpg')}`,
    `app-media://media/x?u=${encodeURIComponent('https://scontent.cdninstagram.com/a.jpg')}`,
    `app-media://evil/?u=${encodeURIComponent('https://scontent.cdninstagram.com/a.jpg')}`,
    toMediaUrl('https://scontent.cdninstagram.com/v/../../etc/passwd'),
    toMediaUrl('https://scontent.cdninstagram.com/v/%2e%2e/%2E%2E/etc/passwd'),
    toMediaUrl('https://scontent.cdninstagram.com/v\\..\\..\\etc\\passwd'),
    toMediaUrl('../../../etc/passwd'),
    'app-media://media/?u=',
    'app-media://media/',
  ])('refuses %s', async (url) => {
    const res = await get(handler(), url);
    expect(res.status).toBe(403);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('refuses other methods', async () => {
    const res = await handler()(new Request(media('/v/t51.2885-15/a_n.jpg'), { method: 'POST', body: 'x' }));
    expect(res.status).toBe(405);
  });
});

describe('redirects', () => {
  it('refuses a redirect off the list and never contacts its target', async () => {
    const res = await get(handler(), media('/r/off-list'));
    expect(res.status).toBe(403);
    expect(evilHits).toEqual([]);
    expect(fetchSpy).toHaveBeenCalledOnce();
  });

  it('refuses a redirect to a look-alike CDN host', async () => {
    const res = await get(handler(), media('/r/look-alike'));
    expect(res.status).toBe(403);
    expect(fetchSpy).toHaveBeenCalledOnce();
  });

  it('follows a redirect that stays on the list', async () => {
    const res = await get(handler(), media('/r/on-list'));
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual(FILES['/v/t51.2885-15/a_n.jpg']?.body);
  });

  it('gives up after 3 redirects', async () => {
    const res = await get(handler(), media('/r/loop'));
    expect(res.status).toBe(403);
    expect(hitsOf('/r/loop')).toBe(4);
  });
});

describe('network answers', () => {
  it('streams the file with its type', async () => {
    const res = await get(handler(), media('/v/t51.2885-15/a_n.jpg'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await body(res)).toEqual(FILES['/v/t51.2885-15/a_n.jpg']?.body);
  });

  it('passes Range upstream and answers 206 with the exact slice', async () => {
    const clip = FILES['/o1/v/t16/clip.mp4']?.body ?? Buffer.alloc(0);
    const res = await get(handler(), media('/o1/v/t16/clip.mp4'), { Range: 'bytes=65536-70000' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 65536-70000/${clip.length}`);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(await body(res)).toEqual(clip.subarray(65536, 70001));
    expect(fetchSpy.mock.calls[0]?.[1]?.headers).toEqual({ Range: 'bytes=65536-70000' });
  });

  it('does not cache a partial answer', async () => {
    const h = handler();
    await body(await get(h, media('/o1/v/t16/clip.mp4'), { Range: 'bytes=0-99' }));
    await body(await get(h, media('/o1/v/t16/clip.mp4'), { Range: 'bytes=0-99' }));
    expect(hitsOf('/o1/v/t16/clip.mp4')).toBe(2);
  });

  it('streams: the first bytes reach the page before the host has sent everything', async () => {
    const res = await get(handler(), media('/slow.mp4'));
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value ?? [])).toEqual(Buffer.from([1, 2, 3, 4]));
    releaseSlow();
    const rest: number[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(...r.value);
    expect(rest).toEqual([5, 6, 7, 8]);
  });

  it('passes an error status through, with a short text body, and does not cache it', async () => {
    const h = handler();
    const res = await get(h, media('/expired'));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('403');
    await get(h, media('/expired'));
    expect(hitsOf('/expired')).toBe(2);
  });

  it('serves a non-media content type as opaque bytes', async () => {
    const res = await get(handler(), media('/v/t51.2885-15/page.html'));
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('answers 502 when the host cannot be reached', async () => {
    const failing = vi.fn<FetchLike>(async () => Promise.reject(new TypeError('fetch failed')));
    const res = await get(handler({ fetch: failing }), media('/v/t51.2885-15/a_n.jpg'));
    expect(res.status).toBe(502);
  });
});

describe('disk cache', () => {
  const A = '/v/t51.2885-15/a_n.jpg';
  const B = '/v/t51.2885-15/b_n.jpg';
  const C = '/v/t51.2885-15/c_n.jpg';

  it('a cache hit does not fetch again, also after a restart', async () => {
    const first = await get(handler(), media(A));
    expect(await body(first)).toEqual(FILES[A]?.body);
    const second = await get(handler(), media(A)); // a new handler on the same folder: a restarted app
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('image/jpeg');
    expect(await body(second)).toEqual(FILES[A]?.body);
    expect(hitsOf(A)).toBe(1);
  });

  it('slices Range requests from the cached file', async () => {
    const h = handler();
    const file = FILES[A]?.body ?? Buffer.alloc(0);
    await body(await get(h, media(A)));

    const middle = await get(h, media(A), { Range: 'bytes=1000-1999' });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 1000-1999/5000');
    expect(middle.headers.get('content-length')).toBe('1000');
    expect(await body(middle)).toEqual(file.subarray(1000, 2000));

    const open = await get(h, media(A), { Range: 'bytes=4990-' });
    expect(await body(open)).toEqual(file.subarray(4990));

    const suffix = await get(h, media(A), { Range: 'bytes=-7' });
    expect(suffix.headers.get('content-range')).toBe('bytes 4993-4999/5000');
    expect(await body(suffix)).toEqual(file.subarray(4993));

    const beyond = await get(h, media(A), { Range: 'bytes=5000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */5000');

    expect(hitsOf(A)).toBe(1);
  });

  it('caches a video first asked for as "bytes=0-", then seeks from the disk', async () => {
    const h = handler();
    const clip = FILES['/o1/v/t16/clip.mp4']?.body ?? Buffer.alloc(0);
    const first = await get(h, media('/o1/v/t16/clip.mp4'), { Range: 'bytes=0-' });
    expect(first.status).toBe(206);
    expect(await body(first)).toEqual(clip);
    const seek = await get(h, media('/o1/v/t16/clip.mp4'), { Range: 'bytes=100000-100009' });
    expect(await body(seek)).toEqual(clip.subarray(100000, 100010));
    expect(hitsOf('/o1/v/t16/clip.mp4')).toBe(1);
  });

  it('keeps nothing when the page stops reading half-way', async () => {
    const res = await get(handler(), media('/o1/v/t16/clip.mp4'));
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    await body(await get(handler(), media('/o1/v/t16/clip.mp4')));
    expect(hitsOf('/o1/v/t16/clip.mp4')).toBe(2);
    expect(readdirSync(cacheDir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('opens no cache file for an answer whose body is never read', async () => {
    const h = handler();
    const res = await get(h, media(A));
    expect(res.status).toBe(200);
    await body(await get(h, media(B))); // a whole other answer stored: an eager open of A's file would be done
    expect(readdirSync(cacheDir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    await res.body?.cancel();
  });

  it('evicts the least recently used file when over the cap', async () => {
    const h = handler({ maxCacheBytes: 12_000 });
    await body(await get(h, media(A)));
    clock += 1000;
    await body(await get(h, media(B)));
    clock += 1000;
    await body(await get(h, media(A))); // A is used again: B is now the oldest
    clock += 1000;
    await body(await get(h, media(C))); // 15 000 bytes > 12 000: one must go
    expect(readdirSync(cacheDir).filter((n) => n.endsWith('.bin'))).toHaveLength(2);

    await body(await get(h, media(A)));
    await body(await get(h, media(C)));
    expect([hitsOf(A), hitsOf(C)]).toEqual([1, 1]);
    await body(await get(h, media(B)));
    expect(hitsOf(B)).toBe(2);
  });

  it('keeps the least-recently-used order across a restart', async () => {
    const before = handler({ maxCacheBytes: 12_000 });
    await body(await get(before, media(A)));
    clock += 1000;
    await body(await get(before, media(B)));
    clock += 1000;
    await body(await get(before, media(A)));
    clock += 1000;
    const after = handler({ maxCacheBytes: 12_000 }); // the app restarted
    await body(await get(after, media(C)));
    await body(await get(after, media(A)));
    await body(await get(after, media(B)));
    expect([hitsOf(A), hitsOf(B), hitsOf(C)]).toEqual([1, 2, 1]);
  });

  it('does not store a file larger than the whole cache', async () => {
    const h = handler({ maxCacheBytes: 12_000 });
    const big = '/v/t51.2885-15/big_n.jpg';
    expect(await body(await get(h, media(big)))).toEqual(FILES[big]?.body);
    await body(await get(h, media(big)));
    expect(hitsOf(big)).toBe(2);
    expect(readdirSync(cacheDir)).toEqual([]);
  });
});

describe('simulator (demo mode)', () => {
  const SIM_ORIGIN = 'https://media.feedlens-sim.invalid';
  const PNG = bytes('png', 300);

  function simulator() {
    const handle = vi.fn(async (req: Request) => {
      const range = parseRange(req.headers.get('range'), PNG.length);
      if (range && range !== 'unsatisfiable') {
        return new Response(PNG.subarray(range.start, range.end + 1), {
          status: 206,
          headers: { 'content-type': 'image/png', 'content-range': `bytes ${range.start}-${range.end}/${PNG.length}` },
        });
      }
      return new Response(PNG, { headers: { 'content-type': 'image/png', 'content-length': String(PNG.length) } });
    });
    return { origin: SIM_ORIGIN, handle };
  }

  it('answers in-process: nothing goes to the network', async () => {
    const sim = simulator();
    const url = toMediaUrl(`${SIM_ORIGIN}/media/img/3311.png?w=640&h=640&oe=6790A1B2&_nc_sig=9f2c`);
    const res = await get(handler({ simulator: sim, allowOrigins: [] }), url);
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual(PNG);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(sim.handle.mock.calls[0]?.[0].url).toBe(`${SIM_ORIGIN}/media/img/3311.png?w=640&h=640&oe=6790A1B2&_nc_sig=9f2c`);
  });

  it('passes Range to the simulator', async () => {
    const res = await get(handler({ simulator: simulator() }), toMediaUrl(`${SIM_ORIGIN}/media/img/1.png`), { Range: 'bytes=10-19' });
    expect(res.status).toBe(206);
    expect(await body(res)).toEqual(PNG.subarray(10, 20));
  });

  it('another host of the .invalid domain is still refused', async () => {
    const res = await get(handler({ simulator: simulator() }), toMediaUrl('https://api.feedlens-sim.invalid/media/img/1.png'));
    expect(res.status).toBe(403);
  });
});

describe('demo mode with the real simulator', () => {
  it('an avatar URL from an API answer loads as a PNG, in-process', async () => {
    const sim = createSimulator();
    const answer = await sim.handle(
      new Request(`${DEFAULT_API_ORIGIN}/v1/user/by/username?username=skyward.atlas`, {
        headers: { 'x-access-key': sim.demoKey, 'user-agent': 'Feedlens-test' },
      }),
    );
    expect(answer.status).toBe(200);
    const avatar = (parseLossless(await answer.text()) as { profile_pic_url?: unknown }).profile_pic_url;
    expect(typeof avatar).toBe('string');

    const h = handler({ simulator: { origin: sim.mediaOrigin, handle: (r) => sim.handle(r) }, allowOrigins: [] });
    const res = await get(h, toMediaUrl(String(avatar)));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await body(res)).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=900-', 1000, { start: 900, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=990-2000', 1000, { start: 990, end: 999 }],
    ['bytes=1000-', 1000, 'unsatisfiable'],
    ['bytes=50-10', 1000, 'unsatisfiable'],
    ['bytes=0-1,5-9', 1000, null],
    ['items=0-5', 1000, null],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
