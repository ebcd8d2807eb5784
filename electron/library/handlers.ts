// The library's IPC handlers: its list, accounts and rebuild, and "Show in folder" for a saved file,
// refused for any path outside the folders Feedlens saves into (symbolic links resolved first).
import { mkdir, realpath } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { AppError } from '../../shared/api/errors';
import type { Handlers } from '../ipc/router';
import { isInside } from '../downloads/naming';
import type { Library } from './library';

export interface LibraryHandlerDeps {
  library: Library;
  /** Shows a file in the system file manager (Electron's shell.showItemInFolder). */
  reveal: (path: string) => void | Promise<void>;
  /** Folders whose files may be revealed (the download folder; the lead may add the export folder). */
  roots: () => string[];
}

function refusal(message: string): AppError {
  return { kind: 'validation', message, billed: false, retryable: false };
}

/** True when `path` (after resolving symbolic links) lies inside one of the roots. */
export async function insideRoots(path: string, roots: string[]): Promise<boolean> {
  if (!isAbsolute(path)) return false;
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return false;
  }
  for (const root of roots) {
    const realRoot = await realpath(resolve(root)).catch(() => null);
    if (realRoot !== null && isInside(realRoot, real)) return true;
  }
  return false;
}

export function createLibraryHandlers(deps: LibraryHandlerDeps): Pick<Handlers, 'libraryList' | 'libraryAccounts' | 'libraryRebuild' | 'revealPath'> {
  return {
    libraryList: async (q) => deps.library.list(q),
    libraryAccounts: async () => deps.library.accounts(),
    libraryRebuild: async () => deps.library.rebuild(),
    revealPath: async ({ path }) => {
      // A root itself (the download folder before anything was saved) is made, so "Open the folder" opens it.
      if (isAbsolute(path) && deps.roots().some((root) => resolve(root) === resolve(path))) await mkdir(path, { recursive: true }).catch(() => undefined);
      if (!(await insideRoots(path, deps.roots()))) throw refusal('Feedlens shows only saved files inside its download folder.');
      await deps.reveal(path);
      return true;
    },
  };
}
