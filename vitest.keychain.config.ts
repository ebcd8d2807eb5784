import { defineConfig } from 'vitest/config';

// The real keychain test: run by scripts/keychain-test.mjs inside a private D-Bus session with
// gnome-keyring-daemon, never on its own against the developer's keychain.
export default defineConfig({
  test: {
    include: ['test/integration/keychain.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 30_000,
  },
});
