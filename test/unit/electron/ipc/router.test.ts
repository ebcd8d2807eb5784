import { describe, expect, it, vi } from 'vitest';
import type { IpcMain } from 'electron';
import { confirmationRequired } from '../../../../shared/api/errors';
import { channelOf, OPS, type OpName } from '../../../../shared/ipc';
import {
  createRouter,
  originOf,
  registerIpc,
  type Handlers,
  type InvokeEvent,
  type IpcMainLike,
  type SenderFrame,
} from '../../../../electron/ipc/router';

const APP_ORIGIN = 'app://feedlens';
const KEY = 'hk_live_7f3a9c2e51d04b8aa6e1';

// Electron's own ipcMain must fit what registerIpc takes (checked by tsc).
const _ipcMainFits = (ipc: IpcMain): IpcMainLike => ipc;
void _ipcMainFits;

function topFrame(url: string): SenderFrame {
  return { url, parent: null };
}

function eventFrom(frame: SenderFrame | null | undefined, id = 7): InvokeEvent {
  return { sender: { id }, senderFrame: frame };
}

const appEvent = (): InvokeEvent => eventFrom(topFrame(`${APP_ORIGIN}/index.html`));

function makeHandlers(overrides: Partial<Handlers> = {}): Handlers {
  const fail = (op: string) => () => Promise.reject(new Error(`${op} was not expected to run`));
  const all = Object.fromEntries((Object.keys(OPS) as OpName[]).map((op) => [op, vi.fn(fail(op))]));
  return { ...all, ...overrides } as Handlers;
}

function makeRouter(overrides: Partial<Handlers> = {}) {
  const handlers = makeHandlers(overrides);
  const log = vi.fn();
  const router = createRouter({ handlers, isTrustedSender: (o) => o === APP_ORIGIN, log });
  return { router, handlers, log };
}

const callArgs = { path: '/v2/user/by/username', params: { username: 'instagram' } };

describe('sender checks', () => {
  const untrusted: [string, InvokeEvent][] = [
    ['a foreign origin', eventFrom(topFrame('https://evil.example/index.html'))],
    ['a look-alike custom origin', eventFrom(topFrame('app://feedlens.evil/index.html'))],
    ['a file:// page', eventFrom(topFrame('file:///opt/Feedlens/resources/index.html'))],
    ['about:blank', eventFrom(topFrame('about:blank'))],
    ['a subframe of the app', eventFrom({ url: `${APP_ORIGIN}/index.html`, parent: topFrame(`${APP_ORIGIN}/index.html`) })],
    ['a missing frame', eventFrom(null)],
    ['an undefined frame', eventFrom(undefined)],
  ];

  it.each(untrusted)('refuses %s and never runs the handler', async (_what, event) => {
    const { router, handlers } = makeRouter();
    const result = await router.handle('call', event, callArgs);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('internal');
      expect(result.error.message).toMatch(/refused/);
    }
    expect(handlers.call).not.toHaveBeenCalled();
  });

  it('refuses when reading senderFrame throws (a destroyed frame)', async () => {
    const { router, handlers } = makeRouter();
    const event = {
      sender: { id: 1 },
      get senderFrame(): SenderFrame {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    };
    const result = await router.handle('keyStatus', event, {});
    expect(result.ok).toBe(false);
    expect(handlers.keyStatus).not.toHaveBeenCalled();
  });

  it('checks the sender before the arguments (no hint about the schema to a foreign page)', async () => {
    const { router } = makeRouter();
    const result = await router.handle('call', eventFrom(topFrame('https://evil.example/')), { nonsense: true });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('internal');
  });

  it('accepts the harness origin when the harness says so', async () => {
    const keyStatus = vi.fn(async () => ({
      present: false, backend: 'memory' as const, backendName: 'Memory', degraded: false, degradedReason: null, last4: null, origin: 'https://api.hikerapi.com',
    }));
    const router = createRouter({
      handlers: makeHandlers({ keyStatus }),
      isTrustedSender: (o) => o === 'http://127.0.0.1:4173',
      log: () => {},
    });
    const result = await router.handle('keyStatus', eventFrom(topFrame('http://127.0.0.1:4173/index.html')), {});
    expect(result.ok).toBe(true);
    expect(keyStatus).toHaveBeenCalledOnce();
  });
});

describe('originOf', () => {
  it.each([
    ['app://feedlens/index.html', 'app://feedlens'],
    ['app://feedlens/assets/x.js?v=1#top', 'app://feedlens'],
    ['http://127.0.0.1:4173/', 'http://127.0.0.1:4173'],
    ['https://www.instagram.com/p/B1LbfVPlwIA/', 'https://www.instagram.com'],
  ])('%s -> %s', (url, origin) => {
    expect(originOf(url)).toBe(origin);
  });

  it.each(['file:///etc/passwd', 'about:blank', 'data:text/html,hi', 'not a url'])('%s has no origin', (url) => {
    expect(originOf(url)).toBeNull();
  });
});

describe('dispatch', () => {
  it('unknown operation -> error, nothing runs', async () => {
    const { router } = makeRouter();
    const result = await router.handle('evalInMain', appEvent(), {});
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('does not treat Object.prototype names as operations', async () => {
    const { router } = makeRouter();
    const result = await router.handle('constructor', appEvent(), {});
    expect(result.ok).toBe(false);
  });

  it('invalid arguments -> validation error with issues, handler not called', async () => {
    const { router, handlers } = makeRouter();
    const result = await router.handle('call', appEvent(), { path: 'v2/user/by/username', params: { username: 'x' }, confirmedCost: 2.5 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('validation');
      expect(result.error.billed).toBe(false);
      const params = (result.error.issues ?? []).map((i) => i.param).sort();
      // A confirmation is not something the renderer can send: main asks the user itself.
      expect(params).toEqual(['arguments', 'path']);
      expect(result.error.issues?.find((i) => i.param === 'arguments')?.message).toContain('confirmedCost');
    }
    expect(handlers.call).not.toHaveBeenCalled();
  });

  it('unknown extra fields are refused (strict schemas)', async () => {
    const { router, handlers } = makeRouter();
    const result = await router.handle('keyClear', appEvent(), { everything: true });
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(handlers.keyClear).not.toHaveBeenCalled();
  });

  it('a rejected key never appears in the error', async () => {
    const { router } = makeRouter();
    const longKey = KEY.repeat(20); // over the 300-character limit
    const result = await router.handle('keySet', appEvent(), { key: longKey });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('happy path: parsed arguments and the sender id reach the handler, the value comes back', async () => {
    const session = { id: 's1', mode: 'demo' as const, reason: 'no_key' as const, origin: 'http://127.0.0.1:8787', simulated: true, keyId: null };
    const call = vi.fn(async () => ({ data: { pk: '25025320' }, units: 1, cacheHit: false, requestId: 'r1', fetchedBy: 'r1', fetchedAt: 1_760_000_000_000, session }));
    const { router } = makeRouter({ call });
    const result = await router.handle('call', eventFrom(topFrame(`${APP_ORIGIN}/index.html`), 42), callArgs);
    expect(result).toEqual({ ok: true, value: { data: { pk: '25025320' }, units: 1, cacheHit: false, requestId: 'r1', fetchedBy: 'r1', fetchedAt: 1_760_000_000_000, session } });
    expect(call).toHaveBeenCalledWith(callArgs, { senderId: 42 });
  });

  it('the handler gets the parsed arguments, not the raw ones', async () => {
    const keySet = vi.fn(async () => ({
      present: true, backend: 'memory' as const, backendName: 'Memory', degraded: false, degradedReason: null, last4: KEY.slice(-4), origin: 'https://api.hikerapi.com',
    }));
    const { router } = makeRouter({ keySet });
    const result = await router.handle('keySet', appEvent(), { key: `  ${KEY}\n` });
    expect(result.ok).toBe(true);
    expect(keySet).toHaveBeenCalledWith({ key: KEY }, { senderId: 7 });
  });

  it('an AppError thrown by a handler passes through unchanged', async () => {
    const error = confirmationRequired(2, 1480);
    const { router } = makeRouter({ call: vi.fn(async () => Promise.reject(error)) });
    const result = await router.handle('call', appEvent(), { ...callArgs, path: '/v2/user/following' });
    expect(result).toEqual({ ok: false, error });
  });

  it('any other throw becomes an internal error; the stack goes to the log only', async () => {
    const boom = new Error(`socket hang up while sending x-access-key ${KEY}`);
    const { router, log } = makeRouter({ balanceGet: vi.fn(async () => Promise.reject(boom)) });
    const result = await router.handle('balanceGet', appEvent(), {});
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('internal');
      expect(result.error.message).toContain('balanceGet');
    }
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(JSON.stringify(result)).not.toContain('socket hang up');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('socket hang up'));
  });

  it('a non-Error throw is handled too', async () => {
    const { router } = makeRouter({ modeGet: vi.fn(async () => Promise.reject('nope')) });
    const result = await router.handle('modeGet', appEvent(), {});
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });
});

describe('registerIpc', () => {
  it('wires one channel per operation to the router, and unwires them', async () => {
    const listeners = new Map<string, (event: InvokeEvent, args: unknown) => Promise<unknown>>();
    const ipc: IpcMainLike = {
      handle: (channel, listener) => {
        if (listeners.has(channel)) throw new Error(`second handler for ${channel}`);
        listeners.set(channel, listener);
      },
      removeHandler: (channel) => void listeners.delete(channel),
    };
    const session = { id: 's1', mode: 'demo' as const, reason: 'no_key' as const, origin: 'https://api.hikerapi.com', simulated: true, keyId: null };
    const modeGet = vi.fn(async () => ({ mode: 'demo' as const, reason: 'no_key' as const, baseUrl: 'https://api.hikerapi.com', session }));
    const { router } = makeRouter({ modeGet });
    const unregister = registerIpc(ipc, router);

    expect([...listeners.keys()].sort()).toEqual((Object.keys(OPS) as OpName[]).map(channelOf).sort());
    const answer = await listeners.get(channelOf('modeGet'))?.(appEvent(), {});
    expect(answer).toEqual({ ok: true, value: { mode: 'demo', reason: 'no_key', baseUrl: 'https://api.hikerapi.com', session } });
    const foreign = await listeners.get(channelOf('modeGet'))?.(eventFrom(topFrame('https://evil.example/')), {});
    expect(foreign).toMatchObject({ ok: false });
    expect(modeGet).toHaveBeenCalledOnce();

    unregister();
    expect(listeners.size).toBe(0);
  });
});
