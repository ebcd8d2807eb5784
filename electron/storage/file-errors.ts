// File-system failures in words a researcher can act on: what failed, where, and what to do. Used
// wherever main writes for the user (settings, request-log exports, exports, downloads).

const ADVICE: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full: free some space, then try again',
  EDQUOT: 'the disk quota is used up: free some space, then try again',
  EACCES: 'Feedlens is not allowed to write there: check the folder’s permissions or choose another folder',
  EPERM: 'Feedlens is not allowed to write there: check the folder’s permissions or choose another folder',
  EROFS: 'the disk is read-only: choose a folder on another disk',
  ENOENT: 'the folder does not exist any more: choose another folder',
  ENOTDIR: 'a file stands where a folder is needed: choose another folder',
  EISDIR: 'a folder stands where the file should go: choose another name or folder',
  EEXIST: 'a file of that name is already there',
  EMFILE: 'too many files are open: close some programs, then try again',
  EIO: 'the disk reported an input/output error: check the disk, then try again',
};

/** The error's code (ENOSPC, EACCES…), if it has one. */
export function fileErrorCode(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
}

/** "could not write /x/y.csv: the disk is full: free some space, then try again (ENOSPC)". */
export function describeFileError(error: unknown, path: string): string {
  const code = fileErrorCode(error);
  const advice = code ? ADVICE[code] : undefined;
  if (advice) return `could not write ${path}: ${advice} (${code})`;
  const message = error instanceof Error ? error.message : String(error);
  return `could not write ${path}: ${message.length > 200 ? `${message.slice(0, 200)}…` : message}`;
}

/** True for failures the user can fix on their side (disk full, permissions, read-only disk…). */
export function isUserFixableFileError(error: unknown): boolean {
  const code = fileErrorCode(error);
  return code !== null && code in ADVICE;
}
