// The secret store selection and key status, with fake keychains: the real one is exercised by
// test/integration/keychain.test.ts under dbus-run-session.
import { describe, expect, it } from 'vitest';
import {
  createKeychainStore,
  createMemoryStore,
  KERNEL_KEYRING_NAME,
  keyStatus,
  createKeyStores,
  keyAccount,
  migrateLegacyKey,
  openSecretStore,
  SECRET_SERVICE_NAME,
  type KeyringEntry,
  type OpenEntry,
} from '../../../../electron/platform/keychain';

const KEY = 'hk_live_7Qm2xV9pL4sT8wZ1';

/** One fake credential store: a map shared by every entry opened on it, or an error it throws. */
class FakeStore {
  readonly values = new Map<string, string>();
  reads = 0;
  constructor(readonly failOpen: string | null = null, readonly failRead: string | null = null) {}
  entry(id: string): KeyringEntry {
    if (this.failOpen) throw new Error(this.failOpen);
    return {
      getPassword: () => {
        this.reads += 1;
        if (this.failRead) throw new Error(this.failRead);
        return this.values.get(id) ?? null;
      },
      setPassword: (p) => void this.values.set(id, p),
      deletePassword: () => this.values.delete(id),
    };
  }
}

/** openEntry over a Secret Service store and the library's default store, recording every open. */
function fakeLibrary(secretService: FakeStore, fallback: FakeStore): { open: OpenEntry; opened: string[] } {
  const opened: string[] = [];
  const open: OpenEntry = (service, account, linuxStore) => {
    opened.push(linuxStore ?? 'default');
    return (linuxStore === 'secret-service' ? secretService : fallback).entry(`${service}/${account}`);
  };
  return { open, opened };
}

const base = { service: 'Feedlens', account: 'access-key' };
const withBus = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' };

describe('openSecretStore on Linux', () => {
  it('uses the Secret Service when it answers, and reports it as a real keychain', async () => {
    const ss = new FakeStore();
    const kernel = new FakeStore();
    const { open } = fakeLibrary(ss, kernel);
    const store = await openSecretStore({ ...base, platform: 'linux', env: withBus, openEntry: open });
    expect(store).toMatchObject({ backend: 'keychain', backendName: SECRET_SERVICE_NAME, degraded: false, degradedReason: null });
    await store.set(KEY);
    expect(ss.values.get('Feedlens/access-key')).toBe(KEY);
    expect(kernel.values.size).toBe(0);
  });

  it('reports the kernel keyring fallback as degraded, with a reason the UI can show', async () => {
    const ss = new FakeStore('Platform failure: DBus error: The name org.freedesktop.secrets was not provided by any .service files');
    const kernel = new FakeStore();
    const { open, opened } = fakeLibrary(ss, kernel);
    const store = await openSecretStore({ ...base, platform: 'linux', env: withBus, openEntry: open });
    expect(opened).toEqual(['secret-service', 'default']);
    expect(store.backend).toBe('keychain');
    expect(store.backendName).toBe(KERNEL_KEYRING_NAME);
    expect(store.degraded).toBe(true);
    expect(store.degradedReason).toMatch(/No Secret Service.*kernel keyring.*lost at reboot/);
    expect(store.degradedReason).toContain('org.freedesktop.secrets was not provided');
    await store.set(KEY);
    expect(kernel.values.get('Feedlens/access-key')).toBe(KEY);
  });

  it('does not try the Secret Service without a D-Bus session', async () => {
    const { open, opened } = fakeLibrary(new FakeStore(), new FakeStore());
    const store = await openSecretStore({ ...base, platform: 'linux', env: {}, openEntry: open });
    expect(opened).toEqual(['default']);
    expect(store.degraded).toBe(true);
    expect(store.degradedReason).toMatch(/no D-Bus session/);
  });

  it('treats a Secret Service that cannot be read (locked, prompt dismissed) as unavailable', async () => {
    const ss = new FakeStore(null, "Couldn't access platform storage: Secret Service: unlock prompt was dismissed");
    const kernel = new FakeStore();
    const { open } = fakeLibrary(ss, kernel);
    const store = await openSecretStore({ ...base, platform: 'linux', env: withBus, openEntry: open });
    expect(store.backendName).toBe(KERNEL_KEYRING_NAME);
    expect(store.degradedReason).toContain('unlock prompt was dismissed');
  });

  it('falls back to memory for the session when no keychain works', async () => {
    const { open } = fakeLibrary(new FakeStore('no bus'), new FakeStore(null, "Couldn't access platform storage: AccessDenied"));
    const store = await openSecretStore({ ...base, platform: 'linux', env: withBus, openEntry: open });
    expect(store.backend).toBe('memory');
    expect(store.degraded).toBe(true);
    expect(store.degradedReason).toMatch(/AccessDenied.*lost when Feedlens quits/);
    await store.set(KEY);
    expect(await store.get()).toBe(KEY);
  });
});

describe('openSecretStore on macOS and Windows', () => {
  it('uses the platform keychain through the default store', async () => {
    const native = new FakeStore();
    const { open, opened } = fakeLibrary(new FakeStore('not used'), native);
    const store = await openSecretStore({ ...base, platform: 'darwin', env: {}, openEntry: open });
    expect(opened).toEqual(['default']);
    expect(store).toMatchObject({ backend: 'keychain', backendName: 'macOS Keychain', degraded: false });
  });

  it('names the failing keychain when it falls back to memory', async () => {
    const { open } = fakeLibrary(new FakeStore(), new FakeStore(null, 'Windows error 1312'));
    const store = await openSecretStore({ ...base, platform: 'win32', env: {}, openEntry: open });
    expect(store.backend).toBe('memory');
    expect(store.degradedReason).toContain('Windows Credential Manager could not be used (Windows error 1312)');
  });
});

describe('keychain store', () => {
  it('sets, reads and clears through the entry, reading the keychain once (each read may prompt)', async () => {
    const fake = new FakeStore();
    const store = createKeychainStore(fake.entry('x'), 'macOS Keychain', null);
    expect(await store.get()).toBeNull();
    await store.set(KEY);
    expect(await store.get()).toBe(KEY);
    expect(fake.values.get('x')).toBe(KEY);
    await store.clear();
    expect(await store.get()).toBeNull();
    expect(fake.values.has('x')).toBe(false);
    expect(fake.reads).toBe(1);
  });

  it('never puts the key in an error message, even when the library echoes it', async () => {
    const entry: KeyringEntry = {
      getPassword: () => null,
      setPassword: (p) => {
        throw new Error(`Platform failure: could not store "${p}"`);
      },
      deletePassword: () => false,
    };
    const store = createKeychainStore(entry, 'Secret Service', null);
    const failure = await store.set(KEY).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure?.message).toMatch(/Could not store the key/);
    expect(failure?.message).not.toContain(KEY);
    expect(await store.get()).toBeNull();
  });
});

describe('keyStatus', () => {
  it('gives presence, backend and the last 4 characters only', () => {
    const status = keyStatus(createMemoryStore(), KEY, 'https://api.hikerapi.com');
    expect(status).toEqual({
      present: true,
      backend: 'memory',
      backendName: 'Memory (this session only)',
      degraded: true,
      degradedReason: expect.stringContaining('lost when Feedlens quits') as unknown as string,
      last4: '8wZ1',
      origin: 'https://api.hikerapi.com',
    });
    expect(JSON.stringify(status)).not.toContain(KEY.slice(0, -4));
  });

  it('reveals nothing of a missing or short key', () => {
    const store = createKeychainStore(new FakeStore().entry('x'), SECRET_SERVICE_NAME, null);
    expect(keyStatus(store, null, 'https://api.hikerapi.com')).toMatchObject({ present: false, last4: null, backend: 'keychain', degraded: false });
    expect(keyStatus(store, '', 'https://api.hikerapi.com')).toMatchObject({ present: false, last4: null });
    expect(keyStatus(store, 'abc123', 'https://api.hikerapi.com')).toMatchObject({ present: true, last4: null });
    expect(keyStatus(null, null, 'https://api.hikerapi.com')).toMatchObject({ backend: 'none', present: false });
  });
});

describe('one key per service origin', () => {
  it('names the origin in the keychain entry and keeps keys of different origins apart', async () => {
    const accounts: string[] = [];
    const stores = createKeyStores(async (account) => {
      accounts.push(account);
      return createMemoryStore();
    });
    await (await stores('https://api.hikerapi.com')).set(KEY);
    expect(await (await stores('http://127.0.0.1:8787')).get()).toBeNull();
    expect(await (await stores('https://api.hikerapi.com')).get()).toBe(KEY);
    expect(accounts).toEqual(['access-key https://api.hikerapi.com', 'access-key http://127.0.0.1:8787']);
    expect(keyAccount('https://api.hikerapi.com')).toBe('access-key https://api.hikerapi.com');
  });

  it('moves a key stored before keys were bound to origins to production, or drops it when it was used elsewhere', async () => {
    const legacy = createMemoryStore();
    await legacy.set(KEY);
    const production = createMemoryStore();
    expect(await migrateLegacyKey(legacy, production)).toBe(true);
    expect(await production.get()).toBe(KEY);
    expect(await legacy.get()).toBeNull();

    const other = createMemoryStore();
    await other.set(KEY);
    expect(await migrateLegacyKey(other, null)).toBe(false);
    expect(await other.get()).toBeNull();
    expect(await migrateLegacyKey(createMemoryStore(), production)).toBe(false);
  });
});
