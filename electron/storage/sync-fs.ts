// Making many files durable at once. On Linux one syncfs(2) (coreutils' `sync --file-system`) writes back
// everything of a file system, files and folders, with one journal commit: far cheaper than an fsync each
// for the hundreds of files a download checkpoint covers (docs/decisions/downloads-disk.md). Node has no
// syncfs, so the system's `sync` runs it. Elsewhere, or when that fails, the caller syncs file by file.
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';

/** Where the system's `sync` is looked for (a fixed path, not PATH: main runs nothing it looks up). */
const SYNC_PROGRAMS = ['/usr/bin/sync', '/bin/sync'];

/** Runs `sync --file-system <path>`; rejects when it cannot (no such program, an old one, an error). */
export function syncFileSystemOf(path: string): Promise<void> {
  const attempt = (k: number): Promise<void> =>
    new Promise<void>((done, fail) => {
      execFile(SYNC_PROGRAMS[k] as string, ['--file-system', '--', path], { timeout: 120_000 }, (error) => (error ? fail(error) : done()));
    }).catch((error: unknown) => {
      if (k + 1 < SYNC_PROGRAMS.length && (error as NodeJS.ErrnoException).code === 'ENOENT') return attempt(k + 1);
      throw error;
    });
  return attempt(0);
}

/**
 * Makes durable everything on the file systems of `folders`, one syncfs per file system. False when it
 * could not (not Linux, no `sync` that can, a folder gone): sync the files one by one instead.
 */
export async function syncFileSystems(folders: Iterable<string>, run: (path: string) => Promise<void> = syncFileSystemOf, platform = process.platform): Promise<boolean> {
  if (platform !== 'linux') return false;
  const byDevice = new Map<bigint, string>();
  try {
    for (const folder of new Set(folders)) {
      const { dev } = await stat(folder, { bigint: true });
      if (!byDevice.has(dev)) byDevice.set(dev, folder);
    }
    for (const folder of byDevice.values()) await run(folder);
    return true;
  } catch {
    return false;
  }
}
