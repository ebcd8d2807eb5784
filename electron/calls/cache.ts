// The answer cache: reopening a profile or a page within the TTL costs nothing. Answers are keyed by
// namespace (the session: mode, service origin, key identity) + endpoint path + params (cursor included), kept in memory up to a
// byte budget (least recently used goes first) and on disk, one file per answer, across restarts.
//
// Only successful answers go in: callers call `set` after a success and never for an error, so an error
// is never served from the cache. A refresh is the caller not calling `get`.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isAtomicTempFile, writeFileAtomic } from '../storage/fs-atomic';
import { parseLossless } from '../../shared/api/json';

export type ParamValue = string | number | boolean | readonly string[] | null | undefined;

export interface CachedAnswer {
  /** The parsed answer (big integers already strings). Shared with other readers: do not mutate. */
  data: unknown;
  /** When the service produced it (epoch ms). */
  fetchedAt: number;
  /** The request id of the call that fetched it. */
  requestId: string | null;
}

export interface CacheMeta {
  /** Defaults to now. */
  fetchedAt?: number;
  requestId?: string;
  /** The session's namespace; overrides the option's. */
  namespace?: string;
}

export interface CacheStats {
  memoryEntries: number;
  memoryBytes: number;
  diskEntries: number;
  diskBytes: number;
}

export interface ResponseCache {
  /**
   * The answer for this call if one younger than the TTL is stored, else null. `namespace` (the
   * session's, see electron/calls/session.ts) overrides the option's.
   */
  get(path: string, params: Record<string, ParamValue>, namespace?: string): Promise<CachedAnswer | null>;
  /** Stores a successful answer (never an error). Disk trouble only costs the disk copy. */
  set(path: string, params: Record<string, ParamValue>, data: unknown, meta?: CacheMeta): Promise<void>;
  /** Forgets everything, in memory and on disk (switching key or mode). */
  clear(): Promise<void>;
  stats(): CacheStats;
}

export interface ResponseCacheOptions {
  dir: string;
  /** Read on every use, so a settings change applies at once. 0 or less turns the cache off. */
  ttlMs: () => number;
  maxMemoryBytes: number;
  /** Default 200 MB. */
  maxDiskBytes?: number;
  now?: () => number;
  /** Which session the answers belong to when a call names none; answers of another namespace never match. */
  namespace?: () => string;
}

const DEFAULT_MAX_DISK_BYTES = 200 * 1024 * 1024;
const FILE_NAME = /^([0-9a-f]{64})\.(\d+)\.json$/;

/**
 * The cache id of a call: params sorted by name, empty ones dropped, scalars as the strings they become
 * in the query (so 123 and "123" are the same call), arrays in their order.
 */
export function cacheId(namespace: string, path: string, params: Record<string, ParamValue>): string {
  const canonical: [string, string | string[]][] = [];
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value === undefined || value === null) continue;
    canonical.push([name, Array.isArray(value) ? value.map(String) : String(value)]);
  }
  return createHash('sha256').update(JSON.stringify([namespace, path, canonical])).digest('hex');
}

interface DiskRecord {
  v: 1;
  path: string;
  fetchedAt: number;
  requestId: string | null;
  data: unknown;
}

interface MemoryItem {
  answer: CachedAnswer;
  bytes: number;
}

interface DiskItem {
  file: string;
  fetchedAt: number;
  bytes: number;
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const { dir, ttlMs, maxMemoryBytes } = options;
  const maxDiskBytes = options.maxDiskBytes ?? DEFAULT_MAX_DISK_BYTES;
  const now = options.now ?? Date.now;
  const namespace = options.namespace ?? (() => '');

  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first. Kept
  // hand-written rather than `lru-cache`: the TTL is a live setting measured from fetchedAt (lru-cache fixes
  // it per entry at set time, on its own clock), and the LRU part is these few lines (no dependency).
  const memory = new Map<string, MemoryItem>();
  let memoryBytes = 0;
  const disk = new Map<string, DiskItem>();
  let diskBytes = 0;
  // Bumped by clear(): a write that started before it must not bring its answer back.
  let generation = 0;

  const expired = (fetchedAt: number, ttl: number): boolean => now() - fetchedAt >= ttl;

  function dropMemory(id: string): void {
    const item = memory.get(id);
    if (!item) return;
    memory.delete(id);
    memoryBytes -= item.bytes;
  }

  function remember(id: string, answer: CachedAnswer, bytes: number): void {
    dropMemory(id);
    if (bytes > maxMemoryBytes) return; // Too big for memory; the disk copy still serves it.
    memory.set(id, { answer, bytes });
    memoryBytes += bytes;
    for (const [oldest, item] of memory) {
      if (memoryBytes <= maxMemoryBytes) break;
      memory.delete(oldest);
      memoryBytes -= item.bytes;
    }
  }

  async function dropDisk(id: string): Promise<void> {
    const item = disk.get(id);
    if (!item) return;
    disk.delete(id);
    diskBytes -= item.bytes;
    await unlink(join(dir, item.file)).catch(() => undefined);
  }

  /** Oldest answers go first until the disk copy fits its budget. */
  async function trimDisk(): Promise<void> {
    if (diskBytes <= maxDiskBytes) return;
    const byAge = [...disk.entries()].sort((a, b) => a[1].fetchedAt - b[1].fetchedAt);
    for (const [id] of byAge) {
      if (diskBytes <= maxDiskBytes) break;
      await dropDisk(id);
    }
  }

  /** Indexes the folder from file names alone (id + fetchedAt); expired answers and stray temp files go. */
  async function load(): Promise<void> {
    await mkdir(dir, { recursive: true });
    const ttl = ttlMs();
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const m = FILE_NAME.exec(entry.name);
      if (!m) {
        if (isAtomicTempFile(entry.name)) await unlink(join(dir, entry.name)).catch(() => undefined);
        continue;
      }
      const id = m[1] as string;
      const fetchedAt = Number(m[2]);
      const previous = disk.get(id);
      // A crash between writing a newer copy and removing the older one leaves two: keep the newer.
      if (expired(fetchedAt, ttl) || (previous && previous.fetchedAt >= fetchedAt)) {
        await unlink(join(dir, entry.name)).catch(() => undefined);
        continue;
      }
      if (previous) await dropDisk(id);
      const { size } = await stat(join(dir, entry.name));
      disk.set(id, { file: entry.name, fetchedAt, bytes: size });
      diskBytes += size;
    }
    await trimDisk();
  }

  let ready: Promise<void> | null = null;
  const loaded = (): Promise<void> => (ready ??= load().catch(() => undefined));

  return {
    async get(path, params, ns) {
      await loaded();
      const ttl = ttlMs();
      if (ttl <= 0) return null;
      const id = cacheId(ns ?? namespace(), path, params);

      const held = memory.get(id);
      if (held) {
        if (expired(held.answer.fetchedAt, ttl)) {
          dropMemory(id);
          await dropDisk(id);
          return null;
        }
        memory.delete(id);
        memory.set(id, held);
        return held.answer;
      }

      const stored = disk.get(id);
      if (!stored) return null;
      if (expired(stored.fetchedAt, ttl)) {
        await dropDisk(id);
        return null;
      }
      try {
        const text = await readFile(join(dir, stored.file), 'utf8');
        // Our own file, written with JSON.stringify: big integers are already strings in it.
        const record = parseLossless(text) as DiskRecord;
        const answer: CachedAnswer = { data: record.data, fetchedAt: stored.fetchedAt, requestId: record.requestId ?? null };
        remember(id, answer, Buffer.byteLength(text));
        return answer;
      } catch {
        // Unreadable (removed by hand, torn): a miss, and the entry goes.
        await dropDisk(id);
        return null;
      }
    },

    async set(path, params, data, meta = {}) {
      await loaded();
      if (ttlMs() <= 0) return;
      const id = cacheId(meta.namespace ?? namespace(), path, params);
      const fetchedAt = Math.floor(meta.fetchedAt ?? now());
      const record: DiskRecord = { v: 1, path, fetchedAt, requestId: meta.requestId ?? null, data };
      const text = JSON.stringify(record);
      const bytes = Buffer.byteLength(text);
      remember(id, { data, fetchedAt, requestId: record.requestId }, bytes);

      const startedIn = generation;
      const file = `${id}.${fetchedAt}.json`;
      try {
        await writeFileAtomic(join(dir, file), text);
      } catch {
        return; // The memory copy still answers this session.
      }
      if (generation !== startedIn) {
        await unlink(join(dir, file)).catch(() => undefined);
        return;
      }
      const previous = disk.get(id);
      if (previous && previous.file !== file) await dropDisk(id);
      else if (previous) diskBytes -= previous.bytes;
      disk.set(id, { file, fetchedAt, bytes });
      diskBytes += bytes;
      await trimDisk();
    },

    async clear() {
      await loaded();
      generation += 1;
      memory.clear();
      memoryBytes = 0;
      disk.clear();
      diskBytes = 0;
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (FILE_NAME.test(name) || isAtomicTempFile(name)) await unlink(join(dir, name)).catch(() => undefined);
      }
    },

    stats: () => ({ memoryEntries: memory.size, memoryBytes, diskEntries: disk.size, diskBytes }),
  };
}
