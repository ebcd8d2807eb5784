// The download queue's file-system work, on a thread of its own: each media file's bytes written and
// hashed as they arrive, the part closed, dated and its inode read, the file given its name, the sidecar
// created. On the main thread each of those is a call through the thread pool plus the sha256, and the
// main thread, which also runs every transfer, bounds the queue's speed (docs/decisions/downloads-disk.md).
// Here the main thread posts a message per chunk (its buffer moved, not copied) and waits for one reply
// per step. Memory stays flat: a part file waits for the thread's reply once ACK_BYTES are posted since
// the last one, and the written chunks' buffers come back with the replies (see disk-thread-script.ts).
// A part file's failure (its open, a write) is told at once and fails its next write; its finish reports it too.
import { Worker } from 'node:worker_threads';
import { linkRefused, renameNoReplace } from '../storage/fs-atomic';
import type { DiskReply, DiskRequest, ThreadError } from './disk-thread-script';

/**
 * The thread's program: in the app's bundle, the entry built beside main's (electron.vite.config.ts);
 * run from the sources (tests, scripts), the TypeScript module itself, which Node runs without its types.
 */
const SCRIPT = new URL(import.meta.url.endsWith('.ts') ? './disk-thread-script.ts' : './disk-thread-script.js', import.meta.url);

/** Bytes posted to the thread for one file before waiting for it to have written them. */
export const ACK_BYTES = 1024 * 1024;

export interface PartDone {
  sha256: string;
  /** The whole file's size (what was there before, when appended, and what was written). */
  bytes: number;
  ino: string;
  /** False when the times could not be set (the file is fine otherwise). */
  dated: boolean;
}

/** A part file open on the disk thread. */
export interface PartFile {
  /** Writes (and hashes) the chunk; resolves at once, unless ACK_BYTES wait to be written. Its buffer is moved when it owns it. */
  write(chunk: Uint8Array): Promise<void>;
  /** Everything written, then fsync (sync), times set (atime, mtime in epoch seconds), closed. */
  finish(o: { sync: boolean; times: [number, number] | null }): Promise<PartDone>;
  /** Closes it; what was written stays. */
  abort(): Promise<void>;
}

export interface DiskThread {
  /** Opens `<path>` to write from zero, or to append after its bytes (hashed first, for the file's sha256). */
  openPart(path: string, append: boolean): PartFile;
  /** Gives `from` the name `to` (a hard link, never over a file: EEXIST), then removes `from`. */
  name(from: string, to: string): Promise<void>;
  /** Creates `path` (never over a file: EEXIST; its folder made when missing) holding `text`; a failed write leaves nothing. */
  create(path: string, text: string, mode: number): Promise<void>;
  /** Stops the thread; a later call starts it again. */
  close(): Promise<void>;
}

/** An error of the thread as the main thread's fs calls give it (with its code: disk-errors.ts reads it). */
function errorOf(e: ThreadError): Error {
  return Object.assign(new Error(e.message), e.code === undefined ? {} : { code: e.code, syscall: e.syscall, path: e.path });
}

export function createDiskThread(): DiskThread {
  let worker: Worker | null = null;
  const waiting = new Map<number, { ok: (value: unknown) => void; fail: (error: Error) => void }>();
  let nextReq = 1;
  let nextFile = 1;
  /** Part files that failed on the thread, until their transfer hears it (its next write) or finishes. */
  const failures = new Map<number, Error>();

  function failAll(error: Error): void {
    for (const w of waiting.values()) w.fail(error);
    waiting.clear();
  }

  function thread(): Worker {
    if (worker !== null) return worker;
    // No options of the process (a loader, --input-type): the program needs none.
    const w = new Worker(SCRIPT, { execArgv: [] });
    w.on('message', (reply: DiskReply) => {
      if ('failed' in reply) return void failures.set(reply.failed, errorOf(reply.error));
      const pending = waiting.get(reply.req);
      if (pending === undefined) return;
      waiting.delete(reply.req);
      if (waiting.size === 0) w.unref();
      if (reply.error) pending.fail(errorOf(reply.error));
      else pending.ok(reply.value);
    });
    w.on('error', (error) => failAll(Object.assign(new Error(`The disk thread failed: ${error.message}`), { code: 'EIO' })));
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll(Object.assign(new Error('The disk thread stopped.'), { code: 'EIO' }));
    });
    // Held only while a reply is awaited: an idle thread keeps no process alive.
    w.unref();
    worker = w;
    return w;
  }

  function post(message: DiskRequest, transfer?: ArrayBuffer[]): void {
    thread().postMessage(message, transfer);
  }

  /** Posts the request `make` builds with its number, and resolves with the thread's reply to it. */
  function ask<T>(make: (req: number) => DiskRequest, transfer?: ArrayBuffer[]): Promise<T> {
    const w = thread();
    const req = nextReq++;
    return new Promise<T>((ok, fail) => {
      waiting.set(req, { ok: ok as (value: unknown) => void, fail });
      w.ref();
      w.postMessage(make(req), transfer);
    });
  }

  return {
    openPart(path, append) {
      const id = nextFile++;
      post({ op: 'open', id, path, append });
      let unacked = 0;
      return {
        write(chunk) {
          const failure = failures.get(id);
          if (failure !== undefined) return Promise.reject(failure);
          unacked += chunk.byteLength;
          // A buffer that holds just this chunk is moved to the thread; a view into a bigger one is copied.
          const owned = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength && chunk.buffer instanceof ArrayBuffer;
          const buffer = owned ? (chunk.buffer as ArrayBuffer) : chunk.slice().buffer;
          if (unacked < ACK_BYTES) {
            post({ op: 'write', id, chunk: buffer }, [buffer]);
            return Promise.resolve();
          }
          unacked = 0;
          return ask<void>((req) => ({ op: 'write', id, chunk: buffer, req }), [buffer]);
        },
        finish: (o) => ask<PartDone>((req) => ({ op: 'finish', id, req, sync: o.sync, times: o.times })).finally(() => failures.delete(id)),
        abort: () => ask<void>((req) => ({ op: 'abort', id, req })).finally(() => failures.delete(id)),
      };
    },
    async name(from, to) {
      try {
        await ask<void>((req) => ({ op: 'name', req, from, to }));
      } catch (error) {
        // A drive without hard links (FAT, exFAT, some shares): the careful rename of the main thread.
        if (!linkRefused(error)) throw error;
        await renameNoReplace(from, to);
      }
    },
    create: (path, text, mode) => ask<void>((req) => ({ op: 'create', req, path, text, mode })),
    async close() {
      const w = worker;
      worker = null;
      if (w !== null) await w.terminate();
    },
  };
}

let shared: DiskThread | null = null;
/** The process's disk thread (started at its first use). */
export function diskThread(): DiskThread {
  shared ??= createDiskThread();
  return shared;
}
