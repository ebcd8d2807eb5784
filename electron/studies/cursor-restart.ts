// A study database is data, never authority: the cursor a run resumes from is sent only when an answer on
// this machine gave it to that list (electron/calls/cursors.ts: this app session's answers, else the request
// log). When main refuses it, nothing was sent or charged, and the list is read again from its first page:
// the safe fallback (records are kept by id, so what was read before is not stored twice).
import type { AppError } from '../../shared/api/errors';
import { tx } from './db';
import type { StudyParts } from './page';
import type { RunTable } from './runs';
import type { Task } from './tasks';

const RESTARTED =
  'The place where this list was left is not one the service gave this computer, so Feedlens did not send it: the list was read again from its first page.';

/** Main refused the task's cursor before sending anything. */
export function refusedCursor(error: AppError, task: Task): boolean {
  const cursor = task.cursor;
  return error.kind === 'validation' && cursor !== null && (error.issues ?? []).some((i) => Object.hasOwn(cursor, i.param));
}

/** The task goes on from its list's first page; the run's errors say so. True: the run goes on. */
export function restartFromFirstPage(parts: StudyParts, runs: RunTable, runId: number, task: Task, now: number, released: number): true {
  tx(parts.db, () => {
    parts.tasks.update(runId, task.pos, { cursor: null, minFreshAt: task.minFreshAt, read: task.read });
    runs.error(runId, { targetId: task.targetId, list: task.list, kind: 'validation', message: RESTARTED, billed: 0, released }, now);
  });
  return true;
}
