// A study's database failing for a reason the user can fix: the disk holding it is full (SQLite's
// SQLITE_FULL, or ENOSPC from the file system), or another program holds its write lock (SQLITE_BUSY, once
// the short busy timeout of db.ts has passed). They become plain words that say what to do: errors of the
// IPC handlers, the reason a run or a re-check stopped, the problem of a study that cannot be opened.
import { setImmediate as immediate, setTimeout as delay } from 'node:timers/promises';
import type { AppError } from '../../shared/api/errors';
import { errorCode } from '../storage/disk-errors';

// SQLite's primary result codes (node:sqlite puts the extended code in `errcode`: its low byte is the primary one).
const SQLITE_BUSY = 5;
const SQLITE_READONLY = 8;
const SQLITE_FULL = 13;

export type StudyDbProblem = 'full' | 'in_use' | 'read_only';

/** Whether a failure is a full disk or another program's lock, or null for anything else. */
export function studyDbProblem(error: unknown): StudyDbProblem | null {
  const code = errorCode(error);
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'full';
  if (code !== 'ERR_SQLITE_ERROR') return null;
  const errcode = (error as { errcode?: unknown }).errcode;
  if (typeof errcode !== 'number') return null;
  const primary = errcode & 0xff;
  if (primary === SQLITE_FULL) return 'full';
  if (primary === SQLITE_BUSY) return 'in_use';
  if (primary === SQLITE_READONLY) return 'read_only';
  return null;
}

const IN_USE = 'This study is in use by another program (something is writing to its study.sqlite, such as a database browser with unsaved changes or a script)';
const FULL = 'The disk holding this study is full';

/** What the user was doing, for the advice: an action to try again, or a run or re-check to resume. */
export type StoppedWork = 'action' | 'run' | 're-check';

const READ_ONLY = 'This study is open read-only here (its page says why: another process collects it, or a newer Feedlens wrote it): nothing was changed.';

function advice(problem: StudyDbProblem, work: StoppedWork): string {
  if (problem === 'read_only') return READ_ONLY;
  const again = work === 'action' ? 'try again.' : `resume the ${work}. What it collected so far is saved.`;
  return problem === 'full' ? `${FULL}: free some space there, then ${again}` : `${IN_USE}: close it there and ${again}`;
}

/** The plain-words message for a full disk or a lock, or null for any other failure. */
export function studyDbMessage(error: unknown, work: StoppedWork = 'action'): string | null {
  const problem = studyDbProblem(error);
  return problem ? advice(problem, work) : null;
}

/** The error the renderer gets for a full disk or a lock (nothing was spent), or null for any other failure. */
export function studyDbError(error: unknown): AppError | null {
  const problem = studyDbProblem(error);
  if (!problem) return null;
  const code = errorCode(error);
  const detail = code === 'ERR_SQLITE_ERROR' ? ({ full: 'SQLITE_FULL', in_use: 'SQLITE_BUSY', read_only: 'SQLITE_READONLY' } as const)[problem] : code;
  return { kind: problem === 'read_only' ? 'validation' : 'internal', message: advice(problem, 'action'), ...(detail ? { detail } : {}), billed: false, retryable: problem !== 'read_only' };
}

/**
 * Resolves after a whole turn of the event loop, its timers and its I/O included: a write that met a lock
 * has waited for it already, and the next write (which may wait as long) must not add to the same turn.
 */
export async function nextTurn(): Promise<void> {
  await delay(0);
  await immediate();
}

type Handler = (...args: never[]) => Promise<unknown>;

/** The same handlers, with a full disk or a lock reaching the renderer as `studyDbError` says instead of an "unexpected" failure. */
export function withStudyDbErrors<H extends Record<string, Handler>>(handlers: H): H {
  const out: Record<string, Handler> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    out[name] = async (...args) => {
      try {
        return await handler(...args);
      } catch (error) {
        throw studyDbError(error) ?? error;
      }
    };
  }
  return out as H;
}
