// The cap of comment and reply pages per post (a target's `commentPagesPerPost`): the comments of the
// posts a hashtag or a place brings can cost far more than the posts themselves. Each page of a post's
// comments or replies is counted (thread_pages) in the page's own transaction; at the cap the post's
// thread ends there for good: its other queued comment and reply reads leave the run and their lists
// count as read, so no later run goes on with them.
import type { Db } from './db';
import type { TargetRow } from './plan';
import type { ListStates, Task, TaskQueue } from './tasks';

/**
 * The post (its pk) a comments or replies read belongs to, from its context (comments: the post's id;
 * replies: `<media id>/<comment id>`, the media id `<pk>` or `<pk>_<owner>`), or null for other lists. A
 * run reads one page of a capped post's thread at a time, so the cap counts exactly with other pages in flight.
 */
export function threadOf(task: Pick<Task, 'list' | 'contextId'>): string | null {
  if (task.list === 'comments') return task.contextId.split('_')[0] ?? null;
  if (task.list === 'replies') return task.contextId.split('/')[0]?.split('_')[0] ?? null;
  return null;
}

/** Counts this page against its post's cap: the pages left after it, or null when the target has no cap. */
export function countThreadPage(db: Db, target: TargetRow, task: Task): number | null {
  const post = threadOf(task);
  if (target.commentPagesPerPost === null || post === null) return null;
  const row = db
    .prepare('INSERT INTO thread_pages (target_id, post_id, pages) VALUES (?, ?, 1) ON CONFLICT (target_id, post_id) DO UPDATE SET pages = pages + 1 RETURNING pages')
    .get(target.id, post) as { pages: number };
  return target.commentPagesPerPost - row.pages;
}

/**
 * The post's thread reached the cap with this page: the rest of it leaves the run and counts as read.
 * The run's notes say so when something was left unread (`cutHere`: this page opened less than it could).
 */
export function endThread(parts: { db: Db; tasks: TaskQueue; states: ListStates }, runId: number, target: TargetRow, task: Task, at: { now: number; cutHere: boolean }): void {
  const post = threadOf(task);
  const rest = parts.tasks.removeWhere(runId, (t) => t.targetId === task.targetId && t.pos !== task.pos && threadOf(t) === post);
  for (const t of rest) parts.states.set({ targetId: t.targetId, list: t.list, contextId: t.contextId }, { complete: true, cursor: null });
  if (rest.length === 0 && !at.cutHere) return;
  parts.db
    .prepare('INSERT INTO run_errors (run_id, target_id, list, time, kind, message) VALUES (?, ?, ?, ?, ?, ?)')
    .run(runId, target.id, 'comments', at.now, 'cap', `Comments and replies of post ${post} stopped at ${target.commentPagesPerPost} pages, this target’s cap per post.`);
}
