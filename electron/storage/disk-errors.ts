// File-system failures that the user can act on (a full disk, a folder Feedlens may not write to) become
// errors that say what failed and what to do, instead of an "unexpected" one.
import type { AppError } from '../../shared/api/errors';

const FULL = new Set(['ENOSPC', 'EDQUOT']);
const REFUSED = new Set(['EACCES', 'EPERM', 'EROFS']);

export function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** True for a full disk or a refused write: the user can fix those, retrying alone will not. */
export function isDiskError(error: unknown): boolean {
  const code = errorCode(error) ?? '';
  return FULL.has(code) || REFUSED.has(code);
}

/**
 * A plain-words error for a full disk or a refused write, or null for any other failure. `what` says what
 * failed ("The export could not be written"), `where` is the folder, `elsewhere` how to write somewhere
 * else instead (null where there is no choice: a study's own folder).
 */
export function diskError(error: unknown, what: string, where: string, elsewhere: string | null = 'choose another download folder in Settings'): AppError | null {
  const code = errorCode(error) ?? '';
  if (FULL.has(code)) {
    return {
      kind: 'internal',
      message: `${what}: the disk holding ${where} is full. Free some space there${elsewhere ? ` (or ${elsewhere})` : ''}, then try again.`,
      detail: code,
      billed: false,
      retryable: true,
    };
  }
  if (REFUSED.has(code)) {
    return {
      kind: 'internal',
      message: `${what}: Feedlens is not allowed to write to ${where}${code === 'EROFS' ? ' (the disk is read-only)' : ''}. ${elsewhere ? `${elsewhere[0]!.toUpperCase()}${elsewhere.slice(1)}, or give` : 'Give'} your user write access to that folder, then try again.`,
      detail: code,
      billed: false,
      retryable: false,
    };
  }
  return linkOutError(error, what);
}

/** A symbolic link that would have taken the write out of its folder (confined.ts): what it is and what to do. */
function linkOutError(error: unknown, what: string): AppError | null {
  if (errorCode(error) !== 'ELINKOUT') return null;
  return { kind: 'validation', message: `${what}: ${(error as Error).message}`, billed: false, retryable: false };
}
