// Finding and reading the sidecars under the download folder, for a library rebuild. Measured on 10,000
// sidecars (npm run bench): reading them with blocking calls costs a third of the CPU of the thread pool
// (one system call each instead of four round trips), so they are read that way, in batches that hand
// the event loop back every few milliseconds. The folder listing doubles as the record of which media
// files exist (no stat per file), and the raw record, about half of each sidecar and never used by the
// library, is cut out of the bytes before they are decoded and parsed.
import { closeSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { parseLossless } from '../../shared/api/json';
import { isAtomicTempFile } from '../storage/fs-atomic';
import { isSidecar, type Sidecar } from '../downloads/sidecar';

export interface ScannedSidecar {
  path: string;
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

// Feedlens writes sidecars with two-space indentation and keys in a fixed order: a top-level key is a
// line break, exactly two spaces and the quoted name (a line break inside a string is written escaped,
// so this cannot occur in a value). The raw record runs from its key to the next top-level key.
const RAW_KEY = Buffer.from('\n  "raw": ');
const NEXT_KEY = Buffer.from('\n  "');

/** The sidecar's text with `"raw": null` for its raw record; the whole text when it is laid out otherwise. */
export function textWithoutRaw(bytes: Buffer): string {
  const start = bytes.indexOf(RAW_KEY);
  const next = start < 0 ? -1 : bytes.indexOf(NEXT_KEY, start + RAW_KEY.length);
  if (next < 0) return bytes.toString('utf8');
  return `${bytes.toString('utf8', 0, start)}\n  "raw": null,${bytes.toString('utf8', next)}`;
}

/** The bytes of a file of at most `maxBytes`, else null (also when it cannot be read). */
function readSmall(path: string, maxBytes: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) return null;
    const bytes = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, bytes, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return bytes.subarray(0, read);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

function parseSidecar(bytes: Buffer): Sidecar | null {
  const cut = textWithoutRaw(bytes);
  for (const text of cut.length < bytes.length ? [cut, bytes.toString('utf8')] : [cut]) {
    try {
      const value = parseLossless(text);
      if (isSidecar(value)) return value;
    } catch {
      // Not JSON, or the cut went wrong: the whole text is tried next.
    }
  }
  return null;
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
  for (const path of jsonFiles) {
    const bytes = readSmall(path, options.maxBytes);
    const sidecar = bytes === null ? null : parseSidecar(bytes);
    if (sidecar) sidecars.push({ path, sidecar });
    await breathe();
  }
  return { sidecars, listed };
}
