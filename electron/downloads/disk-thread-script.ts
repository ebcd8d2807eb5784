// The disk thread's program (see disk-thread.ts): a worker module of its own. The app's build bundles it
// as a second main entry (electron.vite.config.ts); the tests and scripts start this file as it is, Node
// removing its types. So it uses type annotations only (no enums, no parameter properties) and imports
// nothing but Node's modules (and types).
// Messages are handled in order, each with synchronous calls (this thread does nothing else). A reply
// carries the buffers of the chunks written since the file's last one: this thread allocates nothing per
// chunk, so its collector would seldom run and free them (the main thread's runs often).
import { createHash, type Hash } from 'node:crypto';
import * as fs from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';

export type DiskRequest =
  /** Opens a part file (append: hashes what is there first). */
  | { op: 'open'; id: number; path: string; append: boolean; req?: undefined }
  /** Writes and hashes a chunk; a `req` asks for a reply. */
  | { op: 'write'; id: number; chunk: ArrayBuffer; req?: number }
  /** fsync (sync), futimes (times: [atime, mtime]), fstat, close. */
  | { op: 'finish'; id: number; req: number; sync: boolean; times: [number, number] | null }
  /** Closes the part (what was written stays). */
  | { op: 'abort'; id: number; req: number }
  /** Hard link `to` (never over a file), then unlink `from`. */
  | { op: 'name'; req: number; from: string; to: string; id?: undefined }
  /** A new file (`wx`; its folder made when missing), written, closed. */
  | { op: 'create'; req: number; path: string; text: string; mode: number; id?: undefined };

export type ThreadError = { message: string; code?: string; syscall?: string; path?: string };

/** A reply to a request (with the spent buffers), or the news that a part file failed (`failed`: its id). */
export type DiskReply = { req: number; error?: ThreadError; value?: unknown; spent: ArrayBuffer[] } | { failed: number; error: ThreadError };

type Answer = { error?: ThreadError; value?: unknown };

interface OpenPart {
  fd: number | null;
  hash: Hash;
  bytes: number;
  error: ThreadError | null;
  /** Buffers of the chunks written, to go back with the next reply. */
  spent: ArrayBuffer[];
}

const files = new Map<number, OpenPart>();
// A part file is never opened through a symbolic link at its name (ELOOP): it would write wherever the link leads.
const { O_RDWR, O_WRONLY, O_APPEND, O_CREAT, O_TRUNC, O_NOFOLLOW = 0 } = fs.constants;

function errorOf(e: unknown): ThreadError {
  const err = e as NodeJS.ErrnoException | null;
  return { message: String(err?.message ?? e), code: err?.code, syscall: err?.syscall, path: err?.path };
}

function post(reply: DiskReply, transfer: ArrayBuffer[] = []): void {
  parentPort?.postMessage(reply, transfer);
}

/** A part file's first failure: kept for its finish, and told at once (its transfer stops early). */
function failed(id: number, file: OpenPart, e: unknown): void {
  file.error = errorOf(e);
  post({ failed: id, error: file.error });
}

/** The sha256 and size of what a file holds already (a part continued). */
function hashOf(fd: number): { hash: Hash; bytes: number } {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(1 << 20);
  let position = 0;
  for (;;) {
    const n = fs.readSync(fd, buffer, 0, buffer.length, position);
    if (n === 0) return { hash, bytes: position };
    hash.update(buffer.subarray(0, n));
    position += n;
  }
}

function writeAll(fd: number, chunk: Uint8Array): void {
  let done = 0;
  while (done < chunk.byteLength) done += fs.writeSync(fd, chunk, done, chunk.byteLength - done);
}

/** Runs a clean-up step whose failure changes nothing for the caller. */
function quietly(step: () => void): void {
  try {
    step();
  } catch {
    // nothing left to do about it
  }
}

function closeQuietly(file: OpenPart): void {
  const fd = file.fd;
  if (fd === null) return;
  quietly(() => fs.closeSync(fd));
  file.fd = null;
}

function open(m: { id: number; path: string; append: boolean }): void {
  const file: OpenPart = { fd: null, hash: createHash('sha256'), bytes: 0, error: null, spent: [] };
  files.set(m.id, file);
  try {
    if (m.append) {
      file.fd = fs.openSync(m.path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW);
      const was = hashOf(file.fd);
      file.hash = was.hash;
      file.bytes = was.bytes;
    } else {
      file.fd = fs.openSync(m.path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW);
    }
  } catch (e) {
    failed(m.id, file, e);
    closeQuietly(file);
  }
}

function write(m: { id: number; chunk: ArrayBuffer }): Answer {
  const file = files.get(m.id);
  if (file === undefined) return {};
  file.spent.push(m.chunk);
  if (file.error === null && file.fd !== null) {
    try {
      const chunk = new Uint8Array(m.chunk);
      writeAll(file.fd, chunk);
      file.hash.update(chunk);
      file.bytes += chunk.byteLength;
    } catch (e) {
      failed(m.id, file, e);
    }
  }
  return file.error !== null ? { error: file.error } : {};
}

function finish(m: { id: number; sync: boolean; times: [number, number] | null }): Answer {
  const file = files.get(m.id);
  files.delete(m.id);
  if (file === undefined) return { error: { message: 'No such part file.' } };
  if (file.error !== null || file.fd === null) {
    closeQuietly(file);
    return { error: file.error ?? { message: 'The part file is not open.' } };
  }
  try {
    if (m.sync) fs.fsyncSync(file.fd);
    let dated = true;
    if (m.times) {
      try {
        fs.futimesSync(file.fd, m.times[0], m.times[1]);
      } catch {
        dated = false;
      }
    }
    const ino = String(fs.fstatSync(file.fd, { bigint: true }).ino);
    fs.closeSync(file.fd);
    file.fd = null;
    return { value: { sha256: file.hash.digest('hex'), bytes: file.bytes, ino, dated } };
  } catch (e) {
    closeQuietly(file);
    return { error: errorOf(e) };
  }
}

function abort(m: { id: number }): Answer {
  const file = files.get(m.id);
  files.delete(m.id);
  if (file) closeQuietly(file);
  return {};
}

function name(m: { from: string; to: string }): Answer {
  try {
    fs.linkSync(m.from, m.to);
  } catch (e) {
    return { error: errorOf(e) };
  }
  quietly(() => fs.unlinkSync(m.from));
  return {};
}

function openNew(path: string, mode: number): number {
  try {
    return fs.openSync(path, 'wx', mode);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    fs.mkdirSync(dirname(path), { recursive: true });
    return fs.openSync(path, 'wx', mode);
  }
}

function create(m: { path: string; text: string; mode: number }): Answer {
  let fd: number;
  try {
    fd = openNew(m.path, m.mode);
  } catch (e) {
    return { error: errorOf(e) };
  }
  try {
    writeAll(fd, Buffer.from(m.text, 'utf8'));
    fs.closeSync(fd);
    return {};
  } catch (e) {
    quietly(() => fs.closeSync(fd));
    quietly(() => fs.unlinkSync(m.path));
    return { error: errorOf(e) };
  }
}

function handle(m: DiskRequest): Answer | undefined {
  switch (m.op) {
    case 'open':
      return void open(m);
    case 'write':
      return write(m);
    case 'finish':
      return finish(m);
    case 'abort':
      return abort(m);
    case 'name':
      return name(m);
    case 'create':
      return create(m);
  }
}

parentPort?.on('message', (m: DiskRequest) => {
  const file = m.id === undefined ? undefined : files.get(m.id);
  const answer = handle(m);
  if (answer === undefined || m.req === undefined) return;
  const spent = file ? file.spent.splice(0) : [];
  post({ req: m.req, ...answer, spent }, spent);
});
