// A fetch for the media protocol built on Electron's net.request, because net.fetch does not hand back a
// 3xx answer when asked for `redirect: 'manual'` (it fails the request). The media handler must see each
// redirect to check its target against the allow-list before following it. Chromium's network stack
// (system proxy, PAC) is used as with net.fetch. The Electron piece is passed in, so this runs in Node.

/** The parts of Electron's ClientRequest used here. */
export interface NetRequestLike {
  setHeader(name: string, value: string): void;
  on(event: 'redirect', listener: (statusCode: number, method: string, redirectUrl: string, responseHeaders: Record<string, string[]>) => void): this;
  on(event: 'response', listener: (response: NetResponseLike) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  abort(): void;
  end(): void;
}

/** The parts of Electron's IncomingMessage used here. */
export interface NetResponseLike {
  statusCode: number;
  headers: Record<string, string | string[]>;
  on(event: 'data', listener: (chunk: Buffer) => void): this;
  on(event: 'end', listener: () => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  pause(): void;
  resume(): void;
}

export type NetRequest = (options: { url: string; method: string; redirect: 'manual' }) => NetRequestLike;

function abortError(): Error {
  const error = new Error('The request was aborted');
  error.name = 'AbortError';
  return error;
}

export function netRequestFetch(request: NetRequest): (url: string, init: RequestInit) => Promise<Response> {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(abortError());
      const req = request({ url, method: init.method ?? 'GET', redirect: 'manual' });
      new Headers(init.headers).forEach((value, name) => req.setHeader(name, value));
      const onAbort = () => {
        req.abort();
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });

      req.on('redirect', (statusCode, _method, redirectUrl) => {
        // Stop here and answer the redirect itself: the caller decides whether to follow it.
        req.abort();
        signal?.removeEventListener('abort', onAbort);
        resolve(new Response(null, { status: statusCode, headers: { location: redirectUrl } }));
      });
      req.on('response', (res) => {
        signal?.removeEventListener('abort', onAbort);
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
        }
        const empty = res.statusCode === 204 || res.statusCode === 304 || init.method === 'HEAD';
        // Pulled by the reader: the network is read only as fast as the page consumes it.
        const body = empty
          ? null
          : new ReadableStream<Uint8Array>({
              start(controller) {
                res.on('data', (chunk) => {
                  controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
                  if ((controller.desiredSize ?? 1) <= 0) res.pause();
                });
                res.on('end', () => controller.close());
                res.on('error', (error) => controller.error(error));
              },
              pull() {
                res.resume();
              },
              cancel() {
                req.abort();
              },
            });
        resolve(new Response(body, { status: res.statusCode, headers }));
      });
      req.on('error', (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      });
      req.end();
    });
}
