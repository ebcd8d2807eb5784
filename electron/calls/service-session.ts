// Which service main talks to, and with which key: the settings (mode, service address), the key stored
// for that address, and the demo simulator, turned into one Session value (electron/calls/session.ts) that is
// rebuilt and swapped as a whole on every change. A key is read from, and stored under, the keychain entry
// of its own address only: changing the address never carries a key to it.
import type { KeyStatus, ModeInfo } from '../../shared/ipc';
import type { DemoBackend } from '../core';
import { keyStatus, type KeyStores, type SecretStore } from '../platform/keychain';
import { createSession, createSessionHolder, originOfBase, type Session, type SessionHolder } from './session';
import type { SettingsStore } from '../storage/settings-store';

export interface ServiceSessionsOptions {
  settings: SettingsStore;
  keyStores: KeyStores;
  demo: () => Promise<DemoBackend>;
  liveFetch: typeof fetch;
}

export interface ServiceSessions extends Pick<SessionHolder, 'current' | 'isCurrent'> {
  /** Reads the key of the configured address and builds the first session. */
  load(): Promise<void>;
  /** Builds the session from the settings and key as they are now, and swaps it in. */
  rebuild(): Promise<Session>;
  /** The configured service address's origin (the live one, even while in demo mode). */
  configuredOrigin(): string;
  /** The key stored for the configured address (main only). */
  liveKey(): string | null;
  /** Stores `key` for the configured address and uses it. */
  storeKey(key: string): Promise<void>;
  clearKey(): Promise<void>;
  /** Switches to another address: its own stored key (if any) is used, never the previous one. */
  useOrigin(origin: string): Promise<void>;
  /** Demo mode even with a key (true), or the live service when a key is stored (false). */
  chooseDemo(demo: boolean): void;
  modeInfo(): ModeInfo;
  keyStatus(): KeyStatus;
}

export function createServiceSessions(o: ServiceSessionsOptions): ServiceSessions {
  let liveKey: string | null = null;
  let store: SecretStore | null = null;
  let demoBackend: DemoBackend | null = null;
  let holder: SessionHolder | null = null;

  const configuredOrigin = () => originOfBase(o.settings.get().baseUrl);

  async function loadKey(): Promise<void> {
    store = await o.keyStores(configuredOrigin());
    liveKey = await store.get().catch(() => null);
  }

  async function build(): Promise<Session> {
    const settings = o.settings.get();
    if (liveKey && !settings.demoMode) {
      return createSession({ mode: 'live', reason: 'key', baseUrl: settings.baseUrl, fetch: o.liveFetch, key: liveKey });
    }
    demoBackend ??= await o.demo();
    return createSession({ mode: 'demo', reason: liveKey ? 'chosen' : 'no_key', baseUrl: demoBackend.baseUrl, fetch: demoBackend.fetch, key: demoBackend.key });
  }

  function holderOf(): SessionHolder {
    if (!holder) throw new Error('the service session is not loaded yet');
    return holder;
  }

  const sessions: ServiceSessions = {
    current: () => holderOf().current(),
    isCurrent: (s) => holderOf().isCurrent(s),
    async load() {
      await loadKey();
      holder = createSessionHolder(await build());
    },
    async rebuild() {
      const next = await build();
      holderOf().swap(next);
      return next;
    },
    configuredOrigin,
    liveKey: () => liveKey,
    async storeKey(key) {
      const s = store ?? (await o.keyStores(configuredOrigin()));
      await s.set(key);
      store = s;
      liveKey = key;
    },
    async clearKey() {
      const s = store ?? (await o.keyStores(configuredOrigin()));
      await s.clear();
      store = s;
      liveKey = null;
    },
    async useOrigin(origin) {
      o.settings.update({ baseUrl: origin });
      await loadKey();
    },
    chooseDemo: (demo) => void o.settings.update({ demoMode: demo }),
    modeInfo() {
      const { info } = holderOf().current();
      return { mode: info.mode, reason: info.reason, baseUrl: info.origin, session: info };
    },
    keyStatus: () => keyStatus(store, liveKey, configuredOrigin()),
  };
  return sessions;
}
