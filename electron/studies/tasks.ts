// A run's work as rows of run_tasks: one row per list being read, with the cursor of its next page.
// Which row is read next shares the run's budget fairly across targets: first what is newest or expires
// first for every target (profiles, stories, a watched post, the first page of each list), then the depth
// (later pages, comments, replies, likers, highlights), each time for the target that has spent least in
// this run so far, so no target goes deep before every target has its newest items. Within a target the
// smallest `pos` goes first; follow-ups (the comments of new posts, the replies of a comment, a changed
// highlight) go in front of it, so a target's own reading stays depth first. Rows change only inside a
// page's transaction, so after a crash the queue is exactly as the last committed page left it.
//
// list_state keeps, per target list, what survives the run: whether the list was read to its end
// (complete), where an unfinished read goes on (cursor), head reads cut short (gaps), the count seen
// last time and when it was last read.
import type { PageCursor } from '../../shared/api/pager';
import type { Db } from './db';

/** What a task reads. Account lists, a tag/place/sound feed ('posts'), and follow-ups. */
export type TaskList =
  | 'profile' | 'posts' | 'reels' | 'tagged' | 'stories' | 'highlights' | 'followers' | 'following'
  | 'post' | 'highlight' | 'comments' | 'replies' | 'likers';

/**
 * all: read to the end (or the `since` date); head: newest first until an item known before
 * `boundary`; gap: the rest of a head read cut short earlier; tail: the rest of an unfinished full
 * read; once: a single call (a profile, stories, a highlight, likers).
 */
export type Phase = 'all' | 'head' | 'gap' | 'tail' | 'once';

export interface Task {
  pos: number;
  targetId: number;
  list: TaskList;
  /** The post of comments and likers, the comment of replies, the highlight of its items ('' otherwise). */
  contextId: string;
  path: string;
  params: Record<string, string>;
  cursor: PageCursor | null;
  phase: Phase;
  /** A cached answer older than this (epoch ms) may hold nothing new: the page is asked again. */
  minFreshAt: number;
  /** Items read so far by this chain of pages. */
  read: number;
  /** head and gap reads stop at an item this list held before this run (the run that left the gap). */
  boundary: number;
}

export type NewTask = Omit<Task, 'pos'>;

interface TaskRow {
  pos: number;
  target_id: number;
  list: string;
  context_id: string;
  path: string;
  params: string;
  cursor: string | null;
  phase: string;
  min_fresh_at: number;
  read: number;
  boundary: number;
}

function toTask(r: TaskRow): Task {
  return {
    pos: r.pos,
    targetId: r.target_id,
    list: r.list as TaskList,
    contextId: r.context_id,
    path: r.path,
    params: JSON.parse(r.params) as Record<string, string>,
    cursor: r.cursor === null ? null : (JSON.parse(r.cursor) as PageCursor),
    phase: r.phase as Phase,
    minFreshAt: r.min_fresh_at,
    read: r.read,
    boundary: r.boundary,
  };
}

export interface TaskQueue {
  /**
   * The task to read next (the budget shared across targets, see above), skipping those `busy` says are
   * under way already: a list's pages go one after the other, in cursor order.
   */
  next(runId: number, busy: (t: Pick<Task, 'pos' | 'targetId' | 'list' | 'contextId'>) => boolean): Task | null;
  count(runId: number): number;
  all(runId: number): Task[];
  /** Adds tasks in order after every queued one. */
  append(runId: number, tasks: readonly NewTask[]): void;
  /** Adds tasks in order before every queued one. */
  prepend(runId: number, tasks: readonly NewTask[]): void;
  update(runId: number, pos: number, change: { cursor: PageCursor | null; minFreshAt: number; read: number }): void;
  remove(runId: number, pos: number): void;
  removeWhere(runId: number, test: (t: Task) => boolean): Task[];
}

/** A task that reads what is newest (or expires first) for its target: read for every target before any depth. */
const NEWEST_FIRST_SQL = `(t.list IN ('profile', 'stories', 'post') OR (t.cursor IS NULL AND t.phase IN ('all', 'head') AND t.list IN ('posts', 'reels', 'tagged', 'followers', 'following')))`;

export function createTaskQueue(db: Db): TaskQueue {
  const head = db.prepare(
    `SELECT t.* FROM run_tasks t LEFT JOIN run_targets rt ON rt.run_id = t.run_id AND rt.target_id = t.target_id WHERE t.run_id = ?
     ORDER BY ${NEWEST_FIRST_SQL} DESC, coalesce(rt.units, 0), t.pos`,
  );
  const all = db.prepare('SELECT * FROM run_tasks WHERE run_id = ? ORDER BY pos');
  const count = db.prepare('SELECT count(*) AS n FROM run_tasks WHERE run_id = ?');
  const bounds = db.prepare('SELECT min(pos) AS lo, max(pos) AS hi FROM run_tasks WHERE run_id = ?');
  const insert = db.prepare(
    'INSERT INTO run_tasks (run_id, pos, target_id, list, context_id, path, params, cursor, phase, min_fresh_at, read, boundary) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const update = db.prepare('UPDATE run_tasks SET cursor = ?, min_fresh_at = ?, read = ? WHERE run_id = ? AND pos = ?');
  const remove = db.prepare('DELETE FROM run_tasks WHERE run_id = ? AND pos = ?');

  const put = (runId: number, pos: number, t: NewTask) =>
    insert.run(runId, pos, t.targetId, t.list, t.contextId, t.path, JSON.stringify(t.params), t.cursor === null ? null : JSON.stringify(t.cursor), t.phase, t.minFreshAt, t.read, t.boundary);

  const queue: TaskQueue = {
    next(runId, busy) {
      for (const r of head.iterate(runId) as Iterable<TaskRow>) {
        if (!busy({ pos: r.pos, targetId: r.target_id, list: r.list as TaskList, contextId: r.context_id })) return toTask(r);
      }
      return null;
    },
    count: (runId) => (count.get(runId) as { n: number }).n,
    all: (runId) => (all.all(runId) as unknown as TaskRow[]).map(toTask),
    append(runId, tasks) {
      const { hi } = bounds.get(runId) as { hi: number | null };
      tasks.forEach((t, i) => put(runId, (hi ?? -1) + 1 + i, t));
    },
    prepend(runId, tasks) {
      const { lo } = bounds.get(runId) as { lo: number | null };
      const start = (lo ?? 0) - tasks.length;
      tasks.forEach((t, i) => put(runId, start + i, t));
    },
    update: (runId, pos, c) => void update.run(c.cursor === null ? null : JSON.stringify(c.cursor), c.minFreshAt, c.read, runId, pos),
    remove: (runId, pos) => void remove.run(runId, pos),
    removeWhere(runId, test) {
      const gone = queue.all(runId).filter(test);
      for (const t of gone) remove.run(runId, t.pos);
      return gone;
    },
  };
  return queue;
}

export interface ListState {
  complete: boolean;
  cursor: PageCursor | null;
  gaps: { cursor: PageCursor; boundary: number }[];
  count: number | null;
  lastReadAt: number | null;
}

export interface ListKey {
  targetId: number;
  list: TaskList;
  contextId: string;
}

export interface ListStates {
  get(k: ListKey): ListState | null;
  set(k: ListKey, change: Partial<ListState>): void;
  /** Unfinished follow-up lists (comments, replies, likers, highlights) of a target. */
  pending(targetId: number): (ListKey & ListState)[];
  /** Whether any target read the comments of this post to their end. */
  commentsRead(postId: string): boolean;
}

interface StateRow {
  target_id: number;
  list: string;
  context_id: string;
  complete: number;
  cursor: string | null;
  gaps: string;
  count: number | null;
  last_read_at: number | null;
}

function toState(r: StateRow): ListState {
  return {
    complete: r.complete === 1,
    cursor: r.cursor === null ? null : (JSON.parse(r.cursor) as PageCursor),
    gaps: JSON.parse(r.gaps) as ListState['gaps'],
    count: r.count,
    lastReadAt: r.last_read_at,
  };
}

export function createListStates(db: Db): ListStates {
  const get = db.prepare('SELECT * FROM list_state WHERE target_id = ? AND list = ? AND context_id = ?');
  const upsert = db.prepare(
    `INSERT INTO list_state (target_id, list, context_id, complete, cursor, gaps, count, last_read_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (target_id, list, context_id) DO UPDATE SET complete = excluded.complete, cursor = excluded.cursor, gaps = excluded.gaps,
       count = excluded.count, last_read_at = excluded.last_read_at`,
  );
  const pending = db.prepare(
    "SELECT * FROM list_state WHERE target_id = ? AND complete = 0 AND list IN ('comments', 'replies', 'likers', 'highlight')",
  );
  const commentsRead = db.prepare("SELECT 1 FROM list_state WHERE list = 'comments' AND context_id = ? AND complete = 1 LIMIT 1");
  const states: ListStates = {
    get: (k) => {
      const r = get.get(k.targetId, k.list, k.contextId) as StateRow | undefined;
      return r ? toState(r) : null;
    },
    set(k, change) {
      const was = states.get(k) ?? { complete: false, cursor: null, gaps: [], count: null, lastReadAt: null };
      const next = { ...was, ...change };
      upsert.run(k.targetId, k.list, k.contextId, next.complete ? 1 : 0, next.cursor === null ? null : JSON.stringify(next.cursor), JSON.stringify(next.gaps), next.count, next.lastReadAt);
    },
    pending: (targetId) =>
      (pending.all(targetId) as unknown as StateRow[]).map((r) => ({ targetId: r.target_id, list: r.list as TaskList, contextId: r.context_id, ...toState(r) })),
    commentsRead: (postId) => commentsRead.get(postId) !== undefined,
  };
  return states;
}
