// CoreOptions for tests: the real app core with plain Node pieces in place of Electron's, talking to a
// simulator (in-process or over HTTP). Each test overrides only what it watches.
import { join } from 'node:path';
import type { CoreOptions, DemoBackend } from '../../electron/core';
import type { ProjectKeys } from '../../electron/export/pseudonymise';
import { createMemoryStore, type SecretStore } from '../../electron/keychain';

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

export function testCoreOptions(demo: DemoBackend, dataDir: string, overrides: Partial<CoreOptions> = {}): CoreOptions {
  return {
    dataDir,
    downloadsDir: join(dataDir, 'Downloads'),
    secretStore: createMemoryStore(),
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
