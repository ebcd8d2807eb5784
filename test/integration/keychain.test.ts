// Stores, reads and deletes a secret through the real @napi-rs/keyring, in the Secret Service of the
// private D-Bus session scripts/keychain-test.mjs starts. Where that cannot run, the script sets
// FEEDLENS_KEYCHAIN_SKIP to the reason and the test reports itself skipped under that name.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Entry as NativeEntry } from '@napi-rs/keyring';
import { openSecretStore, SECRET_SERVICE_NAME } from '../../electron/platform/keychain';

const skipReason = process.env.FEEDLENS_KEYCHAIN_SKIP;
// A service name of its own, so the test never touches a real Feedlens key.
const service = `Feedlens-test-${process.pid}-${randomBytes(4).toString('hex')}`;
const account = 'access-key';
const secret = `hk_test_${randomBytes(12).toString('hex')}`;

/** Reads the entry pinned to the Secret Service, to prove the value is there and not in the kernel keyring. */
function readFromSecretService(): string | null {
  const { Entry } = createRequire(import.meta.url)('@napi-rs/keyring') as { Entry: typeof NativeEntry };
  return new Entry(service, account, { linux: { store: 'secret-service' } }).getPassword();
}

describe('keychain (real Secret Service)', () => {
  if (skipReason) {
    it.skip(`skipped: ${skipReason}`, () => undefined);
    return;
  }

  it('stores, reads and deletes the key in the Secret Service, reported as non-degraded', async () => {
    const store = await openSecretStore({ service, account, platform: process.platform, env: process.env });
    expect(store.backend).toBe('keychain');
    expect(store.backendName).toBe(SECRET_SERVICE_NAME);
    expect(store.degraded).toBe(false);
    expect(store.degradedReason).toBeNull();
    try {
      expect(await store.get()).toBeNull();
      await store.set(secret);
      expect(readFromSecretService()).toBe(secret);

      // A second store (the next app start) finds it.
      const reopened = await openSecretStore({ service, account, platform: process.platform, env: process.env });
      expect(await reopened.get()).toBe(secret);

      await reopened.clear();
      expect(readFromSecretService()).toBeNull();
      const third = await openSecretStore({ service, account, platform: process.platform, env: process.env });
      expect(await third.get()).toBeNull();
    } finally {
      await store.clear().catch(() => undefined);
    }
  });
});
