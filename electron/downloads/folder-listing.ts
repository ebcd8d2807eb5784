// Whether many files are already at their places, as enqueue asks of every file it queues: a folder that
// several of them would go to is listed once (one readdir) instead of a stat per file. A stat of a name
// that is not there fails, and the failure's error object costs more than the call: a stat per file held
// up the start of a large queue (docs/decisions/downloads-disk.md).
import { readdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { eachLimited } from '../storage/parallel';

/** Folders with fewer paths than this keep the plain check: one stat costs less than a listing. */
const LIST_FROM = 2;

/**
 * An `exists` for `paths`: a path whose folder was listed is there only if the listing names it, and then
 * `exists` still decides (a folder of that name is no file); any other path goes to `exists` as before.
 * A folder that cannot be listed (missing, or any error) is treated as not listed.
 */
export async function existsByListing(paths: Iterable<string>, exists: (path: string) => Promise<boolean>): Promise<(path: string) => Promise<boolean>> {
  const perFolder = new Map<string, number>();
  for (const path of paths) {
    const folder = dirname(path);
    perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
  }
  const listed = new Map<string, Set<string>>();
  const folders = [...perFolder].filter(([, count]) => count >= LIST_FROM).map(([folder]) => folder);
  await eachLimited(folders, 4, async (folder) => {
    try {
      listed.set(folder, new Set(await readdir(folder)));
    } catch (error) {
      // A folder not made yet holds nothing; anything else is left to the plain check.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') listed.set(folder, new Set());
    }
  });
  return (path: string) => {
    const names = listed.get(dirname(path));
    if (names !== undefined && !names.has(basename(path))) return Promise.resolve(false);
    return exists(path);
  };
}
