// Where the access key lives: the OS keychain through @napi-rs/keyring, or memory for this session when
// no keychain works. The key is never written to disk in clear, never logged, and never leaves main:
// the renderer only ever sees keyStatus() (present, backend, last 4 characters).
import { createRequire } from 'node:module';
import type { Entry as NativeEntry } from '@napi-rs/keyring';
import type { KeyBackend, KeyStatus } from '../../shared/ipc';

export interface SecretStore {
  readonly backend: KeyBackend;
  /** Human name of the store, shown in Settings. */
  readonly backendName: string;
  /** The store is not a real keychain (kernel keyring lost at reboot, or memory only). */
  readonly degraded: boolean;
  /** Why, in words the UI can show. */
  readonly degradedReason: string | null;
  get(): Promise<string | null>;
  set(value: string): Promise<void>;
  clear(): Promise<void>;
}

/** The slice of @napi-rs/keyring's Entry that we use. */
export interface KeyringEntry {
  getPassword(): string | null;
  setPassword(password: string): void;
  deletePassword(): boolean;
}

/**
 * Opens an entry; `linuxStore: 'secret-service'` pins it to the Secret Service (it throws instead of
 * silently falling back to the kernel keyring). Without it the library picks its default store.
 */
export type OpenEntry = (service: string, account: string, linuxStore?: 'secret-service') => KeyringEntry;

export interface OpenSecretStoreOptions {
  service: string;
  account: string;
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  /** Replaces the real library (tests). */
  openEntry?: OpenEntry;
}

export const SECRET_SERVICE_NAME = 'Secret Service (GNOME Keyring / KWallet)';
export const KERNEL_KEYRING_NAME = 'Linux kernel keyring';
export const MEMORY_NAME = 'Memory (this session only)';

export const NO_SECRET_SERVICE_REASON =
  'No Secret Service (GNOME Keyring/KWallet) is running: the key is kept by the kernel keyring and is lost at reboot.';
export const MEMORY_REASON = 'The key is kept in memory only and is lost when Feedlens quits.';

function platformKeychainName(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'System keychain';
}

/** An error's message, cut short, with the secret masked should a library ever echo it. */
function describe(error: unknown, secret?: string): string {
  let text = error instanceof Error ? error.message : String(error);
  if (secret) text = text.split(secret).join('***');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** A session-only store. `reason` says why it is used (shown in the UI). */
export function createMemoryStore(reason: string = MEMORY_REASON): SecretStore {
  let value: string | null = null;
  return {
    backend: 'memory',
    backendName: MEMORY_NAME,
    degraded: true,
    degradedReason: reason,
    get: () => Promise.resolve(value),
    set: (v) => {
      value = v;
      return Promise.resolve();
    },
    clear: () => {
      value = null;
      return Promise.resolve();
    },
  };
}

/**
 * A store over one keychain entry. Calls are synchronous in the library: its async variant runs on a
 * worker thread that cannot reach the kernel keyring, and these calls are rare (start, set, clear).
 */
export function createKeychainStore(entry: KeyringEntry, backendName: string, degradedReason: string | null): SecretStore {
  // Read once, then remembered: each keychain read may show an OS prompt.
  let known: string | null | undefined;
  return {
    backend: 'keychain',
    backendName,
    degraded: degradedReason !== null,
    degradedReason,
    get: async () => {
      if (known === undefined) known = entry.getPassword();
      return known;
    },
    set: async (v) => {
      try {
        entry.setPassword(v);
      } catch (error) {
        // Masked, and no `cause`: the original error might carry the value.
        throw new Error(`Could not store the key in the ${backendName}: ${describe(error, v)}`);
      }
      known = v;
    },
    clear: async () => {
      try {
        entry.deletePassword();
      } catch (error) {
        throw new Error(`Could not remove the key from the ${backendName}: ${describe(error, known ?? undefined)}`);
      }
      known = null;
    },
  };
}

/** The real library, loaded on first use so a missing native binary means "no keychain", not a crash. */
function loadKeyring(): OpenEntry {
  const require = createRequire(import.meta.url);
  const { Entry } = require('@napi-rs/keyring') as { Entry: typeof NativeEntry };
  return (service, account, linuxStore) => (linuxStore ? new Entry(service, account, { linux: { store: linuxStore } }) : new Entry(service, account));
}

/** Opens the entry and reads it once: a store that cannot be read is no store. */
function tryEntry(open: OpenEntry, o: OpenSecretStoreOptions, linuxStore?: 'secret-service'): { entry: KeyringEntry } | { error: string } {
  try {
    const entry = open(o.service, o.account, linuxStore);
    entry.getPassword();
    return { entry };
  } catch (error) {
    return { error: describe(error) };
  }
}

/**
 * Picks the best working store. On Linux the library silently falls back to the kernel keyring when no
 * Secret Service runs (values vanish at reboot), so the Secret Service is tried alone first: only when
 * it answers is the store reported as a real keychain. Nothing works: memory, with the reason.
 */
export async function openSecretStore(o: OpenSecretStoreOptions): Promise<SecretStore> {
  let open: OpenEntry;
  try {
    open = o.openEntry ?? loadKeyring();
  } catch (error) {
    return createMemoryStore(`No keychain is available (${describe(error)}). ${MEMORY_REASON}`);
  }

  if (o.platform === 'linux') {
    // Without a session bus the library would try dbus autolaunch; there is no Secret Service to reach.
    let why = 'no D-Bus session';
    if (o.env.DBUS_SESSION_BUS_ADDRESS) {
      const secretService = tryEntry(open, o, 'secret-service');
      if ('entry' in secretService) return createKeychainStore(secretService.entry, SECRET_SERVICE_NAME, null);
      why = secretService.error;
    }
    const fallback = tryEntry(open, o);
    if ('entry' in fallback) return createKeychainStore(fallback.entry, KERNEL_KEYRING_NAME, `${NO_SECRET_SERVICE_REASON} (${why})`);
    return createMemoryStore(`Neither the Secret Service (${why}) nor the kernel keyring (${fallback.error}) could be used. ${MEMORY_REASON}`);
  }

  const native = tryEntry(open, o);
  if ('entry' in native) return createKeychainStore(native.entry, platformKeychainName(o.platform), null);
  return createMemoryStore(`The ${platformKeychainName(o.platform)} could not be used (${native.error}). ${MEMORY_REASON}`);
}

/** What the renderer may know about the key: never the key itself, only its last 4 characters. */
export function keyStatus(store: SecretStore | null, key: string | null, origin: string): KeyStatus {
  const present = key !== null && key.length > 0;
  return {
    present,
    backend: store?.backend ?? 'none',
    backendName: store?.backendName ?? 'None',
    degraded: store?.degraded ?? false,
    degradedReason: store?.degradedReason ?? null,
    // A short key would be half revealed by its last 4 characters.
    last4: present && key.length >= 8 ? key.slice(-4) : null,
    origin,
  };
}

// ---- one key per service origin ----------------------------------------------------------------

/** Before keys were bound to origins, one entry held the key for whatever address was set. */
export const LEGACY_KEY_ACCOUNT = 'access-key';

/** The keychain account of the key for a service origin: the entry names the origin it may be sent to. */
export function keyAccount(origin: string): string {
  return `access-key ${origin}`;
}

/** The store of the key for an origin. */
export type KeyStores = (origin: string) => Promise<SecretStore>;

/** Opens each origin's store once (opening may probe the keychain). */
export function createKeyStores(open: (account: string) => Promise<SecretStore>): KeyStores {
  const stores = new Map<string, Promise<SecretStore>>();
  return (origin) => {
    let store = stores.get(origin);
    if (!store) {
      store = open(keyAccount(origin));
      stores.set(origin, store);
    }
    return store;
  };
}

/**
 * Moves a key from the old single entry to the entry of the origin it was used with, when that was the
 * production service; a key used with another address is removed (it is entered again for that address,
 * and so is never sent anywhere the user did not store it for). Returns true when a key was moved.
 */
export async function migrateLegacyKey(legacy: SecretStore, target: SecretStore | null): Promise<boolean> {
  const key = await legacy.get().catch(() => null);
  if (!key) return false;
  if (target && !(await target.get().catch(() => null))) await target.set(key);
  await legacy.clear().catch(() => undefined);
  return target !== null;
}
