// Writing inside a folder that may come from someone else (a study folder copied from a colleague): it
// may hold symbolic links, `exports` pointing at ~/.ssh, say. Its sub-folders are made one level at a
// time and each is checked with its links resolved; one that leads out of the folder is refused, so no
// write goes through a link to elsewhere (links that stay inside are followed). The files themselves are
// then created new (`wx`, a hard link, a rename over the name), which never follows a link at their name.
import { constants, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { lstat, mkdir, readlink, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Open flags that append to a file (made when missing) and fail with ELOOP when its name is a symbolic link (Windows has no O_NOFOLLOW). */
export const APPEND_NO_FOLLOW = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);

/** A symbolic link in the way of a write, leading out of the folder Feedlens writes in. */
export class LinkOutError extends Error {
  readonly code = 'ELINKOUT';
  constructor(
    readonly path: string,
    root: string,
    target: string,
  ) {
    super(`${path} is a symbolic link to ${target}, outside ${root}. Feedlens does not write through links that lead out of the folder: replace the link with a real folder or file, then try again.`);
  }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? ((error as { code?: unknown }).code as string | undefined) : undefined;
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The levels of `folder` under `root` (both made absolute), or an error when it is not under it. */
function levels(root: string, folder: string): string[] {
  const base = resolve(root);
  const target = resolve(folder);
  if (!isInside(base, target)) throw new Error(`${folder} is not inside ${root}`);
  return relative(base, target)
    .split(sep)
    .filter((part) => part !== '');
}

/** Whether `path` is a regular file inside `root` once every link is resolved (a file to read from a folder that may come from someone else). */
export async function fileInside(root: string, path: string): Promise<boolean> {
  try {
    const [realRoot, real] = await Promise.all([realpath(root), realpath(path)]);
    return isInside(realRoot, real) && (await lstat(real)).isFile();
  } catch {
    return false;
  }
}

/**
 * Makes `folder` ready to write in: each level under `root` made when missing, and a LinkOutError when a
 * level is a symbolic link that leads out of `root` (or to nothing). `root` itself is taken as it is (made when missing).
 */
export async function folderInside(root: string, folder: string): Promise<string> {
  await mkdir(root, { recursive: true });
  const realRoot = await realpath(root);
  let current = resolve(root);
  for (const part of levels(root, folder)) {
    current = join(current, part);
    await mkdir(current).catch((error: unknown) => {
      if (errorCode(error) !== 'EEXIST') throw error;
    });
    let real: string;
    try {
      real = await realpath(current);
    } catch (error) {
      // A link to nothing: made a folder through it, a write would land wherever it points.
      if ((await lstat(current).catch(() => null))?.isSymbolicLink()) throw new LinkOutError(current, root, await readlink(current));
      throw error;
    }
    if (!isInside(realRoot, real)) throw new LinkOutError(current, root, real);
  }
  return folder;
}

/**
 * Refuses (LinkOutError) when one of `names` in `root` is a symbolic link that leads out of it or to
 * nothing: files a library writes itself by those names, following links (SQLite's database and journals).
 */
export function refuseLinksOutSync(root: string, names: readonly string[]): void {
  const realRoot = realpathSync(root);
  for (const name of names) {
    const path = join(root, name);
    if (!lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) continue;
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      throw new LinkOutError(path, root, readlinkSync(path));
    }
    if (!isInside(realRoot, real)) throw new LinkOutError(path, root, real);
  }
}
