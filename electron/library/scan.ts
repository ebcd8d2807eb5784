// Finding and reading the sidecars under the download folder, for a library rebuild. They are read with
// blocking calls (one system call each instead of four round trips through the thread pool: cheaper, see
// docs/decisions/library-rebuild.md), in batches that hand the event loop back every few milliseconds. The folder listing doubles as the record of which media
// files exist (no stat per file). The index needs neither the record nor the raw record (nine tenths of a
// sidecar; the library reads a record from its sidecar when a page of items is listed), so both are cut
// out of the bytes before they are decoded and parsed: each file is read into one reused buffer, cut
// there in place and decoded once (no buffer per file, no string pieces joined).
import { closeSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseLossless } from '../../shared/api/json';
import { isAtomicTempFile } from '../storage/fs-atomic';
import { isSidecar, type Sidecar } from '../downloads/sidecar';

export interface ScannedSidecar {
  path: string;
  /** Its `record` and `raw` are null when they could be cut before parsing (they are not to be used). */
  sidecar: Sidecar;
}

export interface Scan {
  /** Sidecars in path order. */
  sidecars: ScannedSidecar[];
  /** Every folder listed, with the names of the files in it. */
  listed: Map<string, Set<string>>;
}

export interface ScanOptions {
  /** A .json bigger than this is something else (an export) and is not read. */
  maxBytes: number;
  /** Work done between two hand-backs to the event loop. Default 10 ms. */
  sliceMs?: number;
}

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
/** The read buffer a scan starts with: most sidecars fit. */
const SCRATCH_BYTES = 256 * 1024;

// Feedlens writes sidecars with two-space indentation and keys in a fixed order: a top-level key is a
// line break, exactly two spaces and the quoted name (a line break inside a string is written escaped,
// so this cannot occur in a value). A value runs from its key to the next top-level key.
const NEXT_KEY = Buffer.from('\n  "');
const keyOf = (name: string): { key: Buffer; nulled: Buffer } => ({ key: Buffer.from(`\n  "${name}": `), nulled: Buffer.from(`\n  "${name}": null,`) });
const RECORD = keyOf('record');
const RAW = keyOf('raw');

/**
 * Replaces the value of a top-level key in bytes[0, length) with `null`, in place; returns the new length
 * (`length` when the sidecar is laid out otherwise, or the value is too small to be worth it).
 */
function cutValue(bytes: Buffer, length: number, { key, nulled }: { key: Buffer; nulled: Buffer }): number {
  const view = bytes.subarray(0, length);
  const start = view.indexOf(key);
  const next = start < 0 ? -1 : view.indexOf(NEXT_KEY, start + key.length);
  if (next < 0 || next - start < nulled.length) return length;
  nulled.copy(bytes, start);
  bytes.copy(bytes, start + nulled.length, next, length); // overlapping: copy moves like memmove
  return start + nulled.length + (length - next);
}

/** Cuts the raw record (and, unless `keepRecord`, the record) out of a sidecar's bytes, in place: the new length. */
export function cutRecords(bytes: Buffer, length: number, keepRecord: boolean): number {
  const withoutRaw = cutValue(bytes, length, RAW);
  return keepRecord ? withoutRaw : cutValue(bytes, withoutRaw, RECORD);
}

/**
 * Reads a file of at most `maxBytes` into `buffer` (grown as needed): its length, or null when it is
 * bigger or cannot be read. One read for most sidecars (no stat first); no allocation per file.
 */
function readInto(path: string, maxBytes: number, scratch: { buffer: Buffer }): number | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    let length = 0;
    for (;;) {
      if (length === scratch.buffer.length) {
        // A big one: its size says whether it is worth reading on.
        const size = fstatSync(fd).size;
        if (size > maxBytes) return null;
        const bigger = Buffer.allocUnsafe(Math.max(size + 1, scratch.buffer.length * 2));
        scratch.buffer.copy(bigger, 0, 0, length);
        scratch.buffer = bigger;
      }
      const n = readSync(fd, scratch.buffer, length, scratch.buffer.length - length, null);
      if (n === 0) return length <= maxBytes ? length : null;
      length += n;
    }
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

function sidecarOf(text: string): Sidecar | null {
  try {
    const value = parseLossless(text);
    return isSidecar(value) ? value : null;
  } catch {
    return null; // not JSON
  }
}

/** The sidecar at `path` with its record and raw record left out (the whole text is read again should the cut go wrong). */
function readSidecar(path: string, maxBytes: number, scratch: { buffer: Buffer }): Sidecar | null {
  const length = readInto(path, maxBytes, scratch);
  if (length === null) return null;
  const cut = cutRecords(scratch.buffer, length, false);
  const sidecar = sidecarOf(scratch.buffer.toString('utf8', 0, cut));
  if (sidecar || cut === length) return sidecar;
  const again = readInto(path, maxBytes, scratch);
  return again === null ? null : sidecarOf(scratch.buffer.toString('utf8', 0, again));
}

/**
 * The record of the sidecar at `path` when that sidecar is still the item `id` (its raw record is cut
 * before parsing); undefined when it is gone, unreadable, too big or now describes something else.
 */
export async function readSidecarRecord(path: string, id: string, maxBytes: number): Promise<unknown> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return undefined;
  }
  if (bytes.length > maxBytes) return undefined;
  const cut = cutRecords(bytes, bytes.length, true);
  let sidecar = sidecarOf(bytes.toString('utf8', 0, cut));
  if (!sidecar && cut !== bytes.length) sidecar = sidecarOf(await readFile(path, 'utf8').catch(() => '')); // the cut went wrong: whole
  return sidecar?.id === id ? sidecar.record : undefined;
}

/** Lists the tree under `root` (symbolic links are not followed: no loops, no escapes) and reads every sidecar in it. */
export async function scanSidecars(root: string, options: ScanOptions): Promise<Scan> {
  const sliceMs = options.sliceMs ?? 10;
  const listed = new Map<string, Set<string>>();
  const sidecars: ScannedSidecar[] = [];
  const folders = [root];
  const jsonFiles: string[] = [];
  let sliceStart = performance.now();
  const breathe = async (): Promise<void> => {
    if (performance.now() - sliceStart < sliceMs) return;
    await yieldToLoop();
    sliceStart = performance.now();
  };
  for (let f = 0; f < folders.length; f++) {
    const dir = folders[f] as string;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    const names = new Set<string>();
    for (const e of entries) {
      if (e.isDirectory()) folders.push(join(dir, e.name));
      else if (e.isFile()) {
        names.add(e.name);
        if (e.name.endsWith('.json') && !isAtomicTempFile(e.name)) jsonFiles.push(join(dir, e.name));
      }
    }
    listed.set(dir, names);
    await breathe();
  }
  jsonFiles.sort();
  const scratch = { buffer: Buffer.allocUnsafe(SCRATCH_BYTES) };
  for (const path of jsonFiles) {
    const sidecar = readSidecar(path, options.maxBytes, scratch);
    if (sidecar) sidecars.push({ path, sidecar });
    await breathe();
  }
  return { sidecars, listed };
}
