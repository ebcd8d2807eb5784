import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  CONTENT_SECURITY_POLICY,
  createAppProtocolHandler,
  PRIVILEGED_SCHEMES,
} from '../../../../electron/protocols/app-protocol';

// A built renderer as electron-vite lays it out, and a secret next to it that must stay unreachable.
let base: string;
let root: string;
let handle: (request: Request) => Promise<Response>;
const INDEX = '<!doctype html><html><head><script type="module" crossorigin src="./assets/index-Bx7.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("feedlens");';
const SECRET = 'access-key=hk_live_7f3a9c2e51d04b8aa6e1';

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'feedlens-app-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'index-Bx7.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'app-4f2.css'), 'body{margin:0}');
  writeFileSync(join(root, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, 'assets', 'inter.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(join(base, 'secret.txt'), SECRET);
  symlinkSync(join(base, 'secret.txt'), join(root, 'assets', 'link.txt'));
  handle = createAppProtocolHandler({ root });
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (url: string, init?: RequestInit) => handle(new Request(url, init));

describe('serving the renderer', () => {
  it('serves index.html with its type, the CSP and nosniff', async () => {
    const res = await get(APP_ENTRY_URL);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves index.html for the bare origin', async () => {
    const res = await get('app://feedlens/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
  });

  it.each([
    ['assets/index-Bx7.js', 'text/javascript; charset=utf-8'],
    ['assets/app-4f2.css', 'text/css; charset=utf-8'],
    ['assets/logo.svg', 'image/svg+xml'],
    ['assets/inter.woff2', 'font/woff2'],
  ])('%s is served as %s', async (path, type) => {
    const res = await get(`app://feedlens/${path}?v=3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('a HEAD answers the headers without a body', async () => {
    const res = await get('app://feedlens/assets/index-Bx7.js', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(SCRIPT)));
    expect(await res.text()).toBe('');
  });

  it('a missing file is 404, a directory too', async () => {
    expect((await get('app://feedlens/assets/nope.js')).status).toBe(404);
    expect((await get('app://feedlens/assets')).status).toBe(404);
  });

  it('refuses other methods', async () => {
    expect((await get(APP_ENTRY_URL, { method: 'POST', body: 'x' })).status).toBe(405);
  });
});

describe('refusals', () => {
  it.each([
    'app://feedlens/../secret.txt',
    'app://feedlens/assets/../../secret.txt',
    'app://feedlens/%2e%2e/secret.txt',
    'app://feedlens/%2e%2e%2fsecret.txt',
    'app://feedlens/assets/%2E%2E%2F%2E%2E%2Fsecret.txt',
    'app://feedlens/..%5csecret.txt',
    'app://feedlens/%2fetc%2fpasswd',
    'app://feedlens/C:/Windows/win.ini',
    'app://feedlens/assets%00/index-Bx7.js',
    'app://feedlens/assets/link.txt',
  ])('%s never serves a file outside the root', async (url) => {
    const res = await get(url);
    expect([403, 404]).toContain(res.status);
    expect(await res.text()).not.toContain('hk_live');
  });

  it.each(['app://feedlens/%2e%2e%2fsecret.txt', 'app://feedlens/..%5csecret.txt', 'app://feedlens/assets/link.txt'])(
    '%s is refused with 403',
    async (url) => {
      expect((await get(url)).status).toBe(403);
    },
  );

  it.each(['app://evil/index.html', 'app://feedlens.evil.example/index.html', 'https://feedlens/index.html'])(
    'another host or scheme (%s) is refused',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(403);
    },
  );

  it('a malformed percent-escape is refused, not thrown', async () => {
    expect((await get('app://feedlens/assets/%E0%A4%A.js')).status).toBe(403);
  });
});

describe('content security policy', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

  it('allows scripts only from the app itself', () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });

  it('lets images and video come from app-media: and nothing remote', () => {
    expect(directives.get('img-src')).toEqual(["'self'", 'app-media:', 'data:', 'blob:']);
    expect(directives.get('media-src')).toEqual(["'self'", 'app-media:', 'blob:']);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:/);
  });

  it('closes objects, base, framing and forms', () => {
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
  });
});

describe('scheme privileges', () => {
  it('app: is standard and secure; app-media: can stream for video seeking; neither bypasses CSP or CORS', () => {
    const app = PRIVILEGED_SCHEMES.find((s) => s.scheme === 'app');
    const media = PRIVILEGED_SCHEMES.find((s) => s.scheme === 'app-media');
    expect(app?.privileges).toMatchObject({ standard: true, secure: true });
    expect(media?.privileges).toMatchObject({ standard: true, secure: true, stream: true });
    for (const s of PRIVILEGED_SCHEMES) {
      expect(s.privileges).not.toHaveProperty('bypassCSP');
      expect(s.privileges).not.toHaveProperty('corsEnabled');
    }
  });
});
