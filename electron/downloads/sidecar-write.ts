// Writing an item's sidecar at its name without ever replacing a file Feedlens did not write: created
// with `wx` on the disk thread; a name that is taken is looked at, and only a sidecar of Feedlens's own
// (recognised by its content) is replaced, atomically.
import { readFile } from 'node:fs/promises';
import { parseLossless } from '../../shared/api/json';
import { stageFileAtomic } from '../storage/fs-atomic';
import type { DiskThread } from './disk-thread';
import { isSidecar } from './sidecar';

/** What is at a sidecar's path: nothing, a sidecar Feedlens wrote (recognised by its content), or another file. */
async function sidecarSlot(path: string): Promise<'free' | 'ours' | 'foreign'> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'free' : 'foreign';
  }
  try {
    return isSidecar(parseLossless(text)) ? 'ours' : 'foreign';
  } catch {
    return 'foreign';
  }
}

/** A file Feedlens would have replaced: it is left as it is, and the message says so. */
export class ForeignFileError extends Error {}
function foreignFile(path: string): Error {
  return new ForeignFileError(`A file Feedlens did not write is already at ${path}: it is left as it is. Move or rename it, then Retry.`);
}

/**
 * A sidecar created at its name (`wx`: never over a file), no sync (the journal lists its text). A name
 * that is taken is looked at: a sidecar Feedlens wrote is replaced (atomically), any other file kept.
 */
export async function writeSidecar(disk: Pick<DiskThread, 'create'>, path: string, text: string): Promise<void> {
  try {
    // Its folder is made when missing (its files are elsewhere: all skipped, say); a failed write leaves nothing.
    return await disk.create(path, text, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const slot = await sidecarSlot(path);
  if (slot === 'foreign') throw foreignFile(path);
  try {
    await (await stageFileAtomic(path, text, { mode: 0o644 })).commit({ syncFolder: false, replace: slot === 'ours' });
  } catch (error) {
    throw (error as NodeJS.ErrnoException).code === 'EEXIST' ? foreignFile(path) : error;
  }
}

