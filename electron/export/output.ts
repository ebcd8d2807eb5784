// Writing an export's files: text gathered into writes of 64 to 256 KB (one write or one ZIP chunk per
// row would cost a system call or a deflate call each), sized and hashed on the way; the data file and
// its manifest taking their names as one unit; and the temp files a crash left behind cleared at start.
import { createHash } from 'node:crypto';
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isAtomicTempFile, stageFileAtomic } from '../fs-atomic';

// 64 K characters: 64 to 256 KB of UTF-8.
const BATCH_CHARS = 64 * 1024;

export interface Written {
  bytes: number;
  sha256: string;
}

/** The text as UTF-8 buffers of 64 to 256 KB; `into`, when given, gets their size and sha256 once done. */
export function* batches(chunks: Iterable<string>, into?: Written): Generator<Buffer> {
  const hash = into ? createHash('sha256') : null;
  let pending = '';
  const flush = (): Buffer => {
    const bytes = Buffer.from(pending, 'utf8');
    pending = '';
    hash?.update(bytes);
    if (into) into.bytes += bytes.length;
    return bytes;
  };
  for (const chunk of chunks) {
    pending += chunk;
    if (pending.length >= BATCH_CHARS) yield flush();
  }
  if (pending.length > 0) yield flush();
  if (into && hash) into.sha256 = hash.digest('hex');
}

/**
 * Writes a data file and then its manifest (built from what was written), both under temp names, and
 * gives them their names together: the manifest first, so a crash between the two renames leaves at worst
 * a manifest whose data file is missing, never a data file without its manifest.
 */
export async function writeWithManifest(
  dataPath: string,
  chunks: Iterable<string>,
  manifestPath: string,
  manifestText: (data: Written) => string,
): Promise<Written> {
  const written: Written = { bytes: 0, sha256: '' };
  const data = await stageFileAtomic(dataPath, batches(chunks, written));
  let manifest;
  try {
    manifest = await stageFileAtomic(manifestPath, manifestText(written));
  } catch (error) {
    await data.discard();
    throw error;
  }
  try {
    await manifest.commit();
  } catch (error) {
    await data.discard();
    throw error;
  }
  try {
    await data.commit();
  } catch (error) {
    await unlink(manifestPath).catch(() => undefined);
    throw error;
  }
  return written;
}

/** Removes the temp files an interrupted export left in `folder` (none is running at start). Returns how many. */
export async function removeLeftoverTemps(folder: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!isAtomicTempFile(name)) continue;
    await unlink(join(folder, name)).then(
      () => void (removed += 1),
      () => undefined,
    );
  }
  return removed;
}
