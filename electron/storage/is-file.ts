// Whether a regular file is at a path (a folder, a missing path or one that cannot be read: no).
import { stat } from 'node:fs/promises';

export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
