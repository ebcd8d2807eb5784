// The per-project pseudonym key (32 random bytes in the keychain) and the keyed pseudonym of a person,
// `u_` + 16 hex digits of HMAC-SHA256 (see pseudonymise.ts).
import { createHmac, randomBytes } from 'node:crypto';

export interface ProjectKeyStore {
  get(): Promise<string | null>;
  set(value: string): Promise<void>;
  /** For the manifest: where the key is kept, and whether it survives a restart. */
  readonly backendName?: string;
  readonly degraded?: boolean;
}

export type ProjectKeys = (project: string) => Promise<ProjectKeyStore>;

export interface ProjectKey {
  key: Buffer;
  /** The key was made by this call (first export of the project). */
  created: boolean;
  storage: string;
  /** False when the store is not a real keychain: pseudonyms change after a restart. */
  persistent: boolean;
}

const KEY_HEX = /^[0-9a-f]{64}$/;

/** The project's key, made (32 random bytes) and stored on first use. */
export async function projectKey(keys: ProjectKeys, project: string): Promise<ProjectKey> {
  const store = await keys(project);
  const stored = (await store.get())?.trim().toLowerCase() ?? '';
  const storage = store.backendName ?? 'keychain';
  const persistent = store.degraded !== true;
  if (KEY_HEX.test(stored)) return { key: Buffer.from(stored, 'hex'), created: false, storage, persistent };
  const key = randomBytes(32);
  await store.set(key.toString('hex'));
  return { key, created: true, storage, persistent };
}

/** A digest of the key that lets a reader check two exports used the same key, without revealing it. */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('feedlens-key-fingerprint').digest('hex').slice(0, 16);
}

export function normaliseUsername(name: string): string {
  return name.trim().replace(/^@/, '').normalize('NFC').toLowerCase();
}

/** `u_` + the first 16 hex digits of HMAC-SHA256(key, basis). */
export function digest(key: Buffer, basis: string): string {
  return `u_${createHmac('sha256', key).update(basis).digest('hex').slice(0, 16)}`;
}

/** The pseudonym of a person: keyed on the id when known, else on the lower-cased username. */
export function pseudonymOf(key: Buffer, person: { id?: string | null; username?: string | null }): string {
  return digest(key, person.id ? `id:${person.id}` : `username:${normaliseUsername(person.username ?? '')}`);
}
