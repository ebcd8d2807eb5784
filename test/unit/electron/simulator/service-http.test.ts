import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '../../../../electron/simulator/http';
import { VIDEO_ASSETS } from '../../../../electron/simulator/types';
import { parseLossless } from '../../../../shared/api/json';
import { harness, NO_WORLD, NOW, TEST_KEY, TINY_ROUTES, unitsOf, USER_AGENT } from './service-fixtures';

const headers = { 'x-access-key': TEST_KEY, 'user-agent': USER_AGENT };
let server: SimulatorServer;
const clock = { now: NOW };
/** The simulator's injected latency, recorded instead of waited (no wall clock in these tests). */
const slept: number[] = [];

beforeAll(async () => {
  server = await startSimulatorServer({
    port: 0,
    routes: TINY_ROUTES,
    world: NO_WORLD,
    now: () => clock.now,
    sleep: async (ms) => void slept.push(ms),
    keys: [{ key: TEST_KEY, balance: 100, rate: 1000 }],
  });
});
afterAll(async () => {
  await server.close();
});

async function control(path: string, method: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}/__control/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('the HTTP form', () => {
  it('listens on a loopback port and answers like handle()', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.url}/v1/user/by/username?username=instagram`, { headers });
    expect(res.status).toBe(200);
    expect(unitsOf(res)).toBe(1);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toMatchObject({ username: 'instagram', pk: '25025320' });
  });

  it('sends the same bytes as the in-process handler, big integers exact', async () => {
    const path = '/v2/user/by/id?id=3776832898280228145';
    const viaHttp = await (await fetch(server.url + path, { headers })).text();
    const inProcess = await (await harness().call(path)).text();
    expect(viaHttp).toBe(inProcess);
    expect(viaHttp).toContain('"pk":3776832898280228145');
  });

  it('points media URLs at its own origin and serves them with Range', async () => {
    const media = (await (await fetch(`${server.url}/v1/media/by/code?code=DRqAYKuAIUx`, { headers })).json()) as { video_url: string; thumbnail_url: string };
    expect(media.video_url.startsWith(`${server.url}/media/vid/portrait/`)).toBe(true);
    const file = readFileSync(resolve(__dirname, '../../../../assets/sim-media', VIDEO_ASSETS.portrait.file));
    const part = await fetch(media.video_url, { headers: { range: 'bytes=100-4195' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-4195/${file.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(100, 4196))).toBe(true);
    const whole = await fetch(media.video_url);
    expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);
    const thumb = await fetch(media.thumbnail_url);
    expect(thumb.headers.get('content-type')).toBe('image/png');
  });

  it('has a control endpoint for faults: set, read, clear', async () => {
    const set = await control('faults', 'POST', { status: { status: 503, count: 1 } });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ status: { status: 503, count: 1 } });
    expect((await fetch(`${server.url}/v1/user/by/username?username=instagram`, { headers })).status).toBe(503);
    expect((await fetch(`${server.url}/v1/user/by/username?username=instagram`, { headers })).status).toBe(200);
    await control('faults', 'POST', { errorRate: 1 });
    expect(await (await control('faults', 'GET')).json()).toMatchObject({ errorRate: 1 });
    expect((await fetch(`${server.url}/v1/user/by/username?username=instagram`, { headers })).status).toBe(500);
    expect((await control('faults', 'DELETE')).status).toBe(200);
    expect(server.sim.faults.snapshot()).toEqual({});
    expect((await fetch(`${server.url}/v1/user/by/username?username=instagram`, { headers })).status).toBe(200);
  });

  it('refuses bad fault settings with 400', async () => {
    const res = await control('faults', 'POST', { latencyMs: -5 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/latencyMs/);
    expect((await control('nothing', 'GET')).status).toBe(404);
  });

  it('resets the connection when told: the client sees the socket close', async () => {
    await control('faults', 'POST', { reset: { count: 1 } });
    const failure = await fetch(`${server.url}/v1/user/by/username?username=instagram`, { headers }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect((await fetch(`${server.url}/v1/user/by/username?username=instagram`, { headers })).status).toBe(200);
  });

  it('sends truncated bodies when told', async () => {
    await control('faults', 'POST', { truncate: { count: 1 } });
    const text = await (await fetch(`${server.url}/v2/user/by/id?id=25025320`, { headers })).text();
    expect(() => parseLossless(text)).toThrow(SyntaxError);
  });

  it('answers the 1010 block and latency set through the control endpoint', async () => {
    await control('faults', 'POST', { block1010: { count: 1 }, latencyMs: 40 });
    slept.length = 0;
    const res = await fetch(`${server.url}/v1/user/by/username?username=instagram`, { headers });
    expect(slept).toEqual([40]);
    expect([res.status, await res.text()]).toEqual([403, 'error code: 1010']);
    await control('faults', 'DELETE');
  });

  it('sets balances through the control endpoint', async () => {
    const set = await control('balance', 'POST', { key: TEST_KEY, balance: 0 });
    expect(await set.json()).toMatchObject({ requests: 0 });
    const refused = await fetch(`${server.url}/v1/user/by/username?username=instagram`, { headers });
    expect(refused.status).toBe(402);
    await control('balance', 'POST', { key: TEST_KEY, balance: 100 });
    expect((await fetch(`${server.url}/v1/user/by/username?username=instagram`, { headers })).status).toBe(200);
    expect((await control('balance', 'POST', { key: 'nobody', balance: 1 })).status).toBe(400);
  });

  it('answers the 1010 block to a raw request without a User-Agent', async () => {
    // fetch always sends a User-Agent; node:http sends none unless told.
    const { status, body } = await new Promise<{ status: number; body: string }>((done, failed) => {
      const req = httpRequest(`${server.url}/sys/balance`, { headers: { 'x-access-key': TEST_KEY } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => (body += part));
        res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', failed);
      req.end();
    });
    expect([status, body]).toEqual([403, 'error code: 1010']);
  });
});

describe('closing', () => {
  it('stops listening', async () => {
    const other = await startSimulatorServer({ port: 0, routes: TINY_ROUTES, world: NO_WORLD });
    expect((await fetch(`${other.url}/sys/balance`, { headers: { 'x-access-key': other.sim.demoKey } })).status).toBe(200);
    await other.close();
    await expect(fetch(`${other.url}/sys/balance`)).rejects.toThrow();
  });
});
