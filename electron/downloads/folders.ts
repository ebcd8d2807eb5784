// The folders the queue writes in: each made once, as files need it. In a folder that may come from
// someone else (a study's), never one made or written in through a symbolic link that leads out of it
// (storage/confined.ts): the media files' folders, the sidecars' (through the disk thread's `create`)
// and the queue's own.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { folderInside } from '../storage/confined';
import { diskError } from '../storage/disk-errors';
import type { DiskThread } from './disk-thread';

export interface QueueFolders {
  /** Makes a folder files go into (once; confined when the queue is). */
  ensure(folder: string): Promise<void>;
  /** The disk thread, its sidecars' folders made by `ensure` when the queue is confined. */
  disk: DiskThread;
  /** Refuses, with a message for the user, a root folder that leads out of the confining folder. */
  check(folder: string, what: string): Promise<void>;
}

export function queueFolders(disk: DiskThread, confineTo?: string): QueueFolders {
  const made = new Set<string>();
  const ensure = async (folder: string): Promise<void> => {
    if (made.has(folder)) return;
    await (confineTo ? folderInside(confineTo, folder) : mkdir(folder, { recursive: true }));
    made.add(folder);
  };
  return {
    ensure,
    disk: confineTo ? { ...disk, create: async (path, text, mode) => (await ensure(dirname(path)), disk.create(path, text, mode)) } : disk,
    async check(folder, what) {
      if (confineTo) await folderInside(confineTo, folder).catch((error: unknown) => Promise.reject(diskError(error, what, folder) ?? error));
    },
  };
}
