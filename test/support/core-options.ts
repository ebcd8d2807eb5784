// CoreOptions for tests: the real app core with plain Node pieces in place of Electron's, talking to a
// simulator (in-process or over HTTP). Each test overrides only what it watches.
import { join } from 'node:path';
import type { CoreOptions, DemoBackend } from '../../electron/core';
import type { ProjectKeys } from '../../electron/export/pseudonymise';
import { createKeyStores, createMemoryStore, type SecretStore } from '../../electron/platform/keychain';
import { createAskRecorder } from './ask-recorder';

/** Project keys kept in memory, one store per project (as the keychain keeps one entry per project). */
export function memoryProjectKeys(): ProjectKeys & { stores: Map<string, SecretStore> } {
  const stores = new Map<string, SecretStore>();
  const keys = async (project: string) => {
    let store = stores.get(project);
    if (!store) {
      store = createMemoryStore();
      stores.set(project, store);
    }
    return store;
  };
  return Object.assign(keys, { stores });
}

/** Access keys kept in memory, one store per service origin (as the keychain keeps one entry per origin). */
export function memoryKeyStores(): ReturnType<typeof createKeyStores> & { stores: Map<string, SecretStore> } {
  const stores = new Map<string, SecretStore>();
  const open = createKeyStores(async (account) => {
    const store = stores.get(account) ?? createMemoryStore();
    stores.set(account, store);
    return store;
  });
  return Object.assign(open, { stores });
}

export function testCoreOptions(demo: DemoBackend, dataDir: string, overrides: Partial<CoreOptions> = {}): CoreOptions {
  return {
    dataDir,
    downloadsDir: join(dataDir, 'Downloads'),
    documentsDir: join(dataDir, 'Documents'),
    scheduleTickMs: 0,
    keyStores: memoryKeyStores(),
    ask: createAskRecorder('decline').ask,
    pickFolder: async () => null,
    liveFetch: () => Promise.reject(new Error('no live service in tests')),
    demo: async () => demo,
    userAgent: 'Feedlens/0.0.0 (tests)',
    version: '0.0.0-test',
    platform: 'linux',
    mediaBase: 'app-media://media/',
    emit: () => undefined,
    openExternal: async () => undefined,
    fetchMedia: (url, init) => fetch(url, init),
    reveal: () => undefined,
    projectKeys: memoryProjectKeys(),
    ...overrides,
  };
}
