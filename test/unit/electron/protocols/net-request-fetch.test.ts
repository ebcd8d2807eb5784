import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { netRequestFetch, type NetRequestLike, type NetResponseLike } from '../../../../electron/protocols/net-request-fetch';

/** A stand-in for Electron's ClientRequest: the test decides what the network does. */
class FakeRequest extends EventEmitter {
  headers: Record<string, string> = {};
  aborted = false;
  ended = false;
  setHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.aborted = true;
  }
  end() {
    this.ended = true;
  }
}

class FakeResponse extends EventEmitter {
  constructor(
    public statusCode: number,
    public headers: Record<string, string | string[]>,
  ) {
    super();
  }
  pause() {}
  resume() {}
}

function setup() {
  const made: { options: { url: string; method: string; redirect: string }; req: FakeRequest }[] = [];
  const fetch = netRequestFetch((options) => {
    const req = new FakeRequest();
    made.push({ options, req });
    return req as unknown as NetRequestLike;
  });
  return { fetch, made };
}

describe('netRequestFetch', () => {
  it('answers a redirect as a 3xx with its location and stops the request (the caller decides)', async () => {
    const { fetch, made } = setup();
    const pending = fetch('https://a.cdninstagram.com/x.jpg', { headers: { range: 'bytes=0-9' } });
    const { req, options } = made[0]!;
    expect(options).toEqual({ url: 'https://a.cdninstagram.com/x.jpg', method: 'GET', redirect: 'manual' });
    expect(req.headers.range).toBe('bytes=0-9');
    req.emit('redirect', 302, 'GET', 'https://evil.example/x.jpg', {});
    const res = await pending;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://evil.example/x.jpg');
    expect(req.aborted).toBe(true);
  });

  it('streams a response body with its status and headers', async () => {
    const { fetch, made } = setup();
    const pending = fetch('https://a.cdninstagram.com/v.mp4', {});
    const { req } = made[0]!;
    const response = new FakeResponse(206, { 'content-type': 'video/mp4', 'content-range': ['bytes 0-5/100'] });
    req.emit('response', response as unknown as NetResponseLike);
    const res = await pending;
    response.emit('data', Buffer.from('abc'));
    response.emit('data', Buffer.from('def'));
    response.emit('end');
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 0-5/100');
    expect(await res.text()).toBe('abcdef');
  });

  it('rejects on a network error and on abort', async () => {
    const { fetch, made } = setup();
    const failed = fetch('https://a.cdninstagram.com/1.jpg', {});
    made[0]!.req.emit('error', new Error('net::ERR_NAME_NOT_RESOLVED'));
    await expect(failed).rejects.toThrow('ERR_NAME_NOT_RESOLVED');

    const controller = new AbortController();
    const aborted = fetch('https://a.cdninstagram.com/2.jpg', { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(made[1]!.req.aborted).toBe(true);
  });
});
