// One page of a run, written in one transaction: the records it brought (up to where an incremental read
// stops), what they open next (comments of new posts, replies, changed highlights, an account's lists
// after its profile), the run's queue and the list's state, the run's counters and the request. A crash
// therefore loses at most the page in flight: before its commit nothing of it is written, after it all.
import type { Endpoint } from '../../shared/api/catalog';
import { normalizeAnswer, normalizeItems, trackFromV2 } from '../../shared/api/normalize';
import { PAGE_STOP_MESSAGES, readPage, type PageCursor, type PageStop } from '../../shared/api/pager';
import type { SessionInfo } from '../../shared/ipc';
import type { AppRecord, Comment, Highlight, Post, Profile } from '../../shared/records';
import { tx, type Db } from './db';
import { countThreadPage, endThread } from './comment-cap';
import { rowsOf, type StoredKind } from './extract';
import { putSnapshot } from './history';
import { rememberNewestStory, trayReadAt } from './profile-signals';
import {
  accountTasks, highlightFollowUps, NEWEST_FIRST, postFollowUps, POST_LISTS, replyFollowUps, watchedPostFollowUps, type RunOptions, type TargetRow,
} from './plan';
import type { RecordStore } from './store';
import type { ListStates, NewTask, Task, TaskQueue } from './tasks';

export interface StudyParts {
  db: Db;
  store: RecordStore;
  tasks: TaskQueue;
  states: ListStates;
  /** The study's data-minimisation presets, applied to each record before it is stored. */
  minimise?: (record: AppRecord) => AppRecord;
}

export interface PageInput {
  runId: number;
  target: TargetRow;
  task: Task;
  options: RunOptions;
  endpoint: Endpoint;
  /** The answer; null for an empty list (the service's "Entries not found"). */
  data: unknown;
  units: number;
  /** What was reserved for this page before its call (it goes now that the page is counted). */
  reserved: number;
  requestId: string;
  fetchedAt: number;
  cacheHit: boolean;
  session: SessionInfo;
  now: number;
  /** The schedule day this run's units count against (scheduled runs), else null. */
  scheduleDay: string | null;
}

export interface PageResult {
  items: number;
  newItems: number;
  stopped: 'known' | 'since' | 'limit' | null;
  /** A private account: its lists were skipped. */
  skipped: string | null;
}

export function recordsOf(endpoint: Endpoint, data: unknown, sent: PageCursor | null): { records: AppRecord[]; next: PageCursor | null; stop?: PageStop } {
  if (data === null) return { records: [], next: null };
  if (endpoint.paging) {
    const page = readPage(endpoint, data, sent ?? undefined);
    return { records: normalizeItems(endpoint, page.items), next: page.nextCursor, ...(page.stop ? { stop: page.stop } : {}) };
  }
  const found = normalizeAnswer(endpoint, data);
  return { records: found === null ? [] : Array.isArray(found) ? found : [found], next: null };
}

/** Pinned posts sit at the top of a grid whatever their age: they never end an incremental read. */
export function isPinned(record: AppRecord): boolean {
  if (record.kind !== 'post' || typeof record.raw !== 'object' || record.raw === null) return false;
  const raw = record.raw as Record<string, unknown>;
  const ids = (v: unknown) => Array.isArray(v) && v.length > 0;
  return ids(raw.timeline_pinned_user_ids) || ids(raw.clips_tab_pinned_user_ids) || raw.is_pinned === true;
}

function dateOf(record: AppRecord): number | null {
  return record.kind === 'post' || record.kind === 'story' ? record.takenAt : null;
}

const STORED_KIND: Partial<Record<AppRecord['kind'], StoredKind>> = { post: 'post', user: 'user', profile: 'user', story: 'story', comment: 'comment', highlight: 'highlight' };

/**
 * Where a page's records stop being kept: at `until` records are skipped, at `since` (newest-first
 * lists) or an item this list held before the read began (head and gap reads) the read ends, and at
 * the run's item limit. The item that shows the boundary is kept (a sighting costs nothing more).
 */
export function cut(
  records: readonly AppRecord[],
  task: Task,
  target: TargetRow,
  options: RunOptions,
  knownBefore: (record: AppRecord) => boolean,
): { kept: AppRecord[]; stopped: PageResult['stopped'] } {
  const kept: AppRecord[] = [];
  const dated = NEWEST_FIRST.has(task.list) || task.list === 'stories';
  const incremental = (task.phase === 'head' || task.phase === 'gap') && NEWEST_FIRST.has(task.list);
  for (const record of records) {
    if (options.limit !== undefined && task.read + kept.length >= options.limit) return { kept, stopped: 'limit' };
    const date = dated ? dateOf(record) : null;
    const pinned = isPinned(record);
    if (target.until !== null && date !== null && date > target.until) continue;
    if (target.since !== null && date !== null && date < target.since) {
      // Stories come oldest first: the older ones are skipped, not an end.
      if (pinned || task.list === 'stories') continue;
      return { kept, stopped: 'since' };
    }
    kept.push(record);
    if (incremental && !pinned && knownBefore(record)) return { kept, stopped: 'known' };
  }
  return { kept, stopped: null };
}

/** The post count of an account's profile as the study holds it (an account run reads it first). */
function storedMediaCount(store: RecordStore, userId: string): number | null {
  const row = store.find('user', userId);
  const record = row ? (JSON.parse(row.record) as Partial<Profile>) : null;
  return record?.kind === 'profile' ? (record.counts?.media ?? null) : null;
}

function profileLabel(p: Profile): string {
  return p.username ? `@${p.username}` : `user ${p.id}`;
}

export function commitPage(parts: StudyParts, input: PageInput): PageResult {
  const { db, store, tasks, states } = parts;
  const { task, target, runId, options } = input;
  const { records, next, stop } = recordsOf(input.endpoint, input.data, task.cursor);
  const where = { targetId: target.id, list: task.list, contextId: task.contextId };
  const knownBefore = (r: AppRecord) => {
    const kind = STORED_KIND[r.kind];
    const id = 'id' in r ? r.id : null;
    return kind !== undefined && typeof id === 'string' && store.knownBefore(where, kind, id, task.boundary);
  };

  return tx(db, () => {
    const { kept, stopped } = cut(records, task, target, options, knownBefore);
    const sighting = { runId, requestId: input.requestId, now: input.now };
    let newItems = 0;
    let firstInRun = 0;
    let newToList = 0;
    const newPosts: Post[] = [];
    const comments: { comment: Comment; before: number | null | undefined }[] = [];
    const trays: { highlight: Highlight; before: string | null; rich: boolean }[] = [];
    const context = task.list === 'comments' || task.list === 'replies' ? { postId: task.list === 'comments' ? task.contextId : null } : task.list === 'highlight' ? { highlightId: task.contextId } : {};
    for (const record of kept) {
      const rows = rowsOf(parts.minimise ? parts.minimise(record) : record, context);
      if (rows.length === 0) continue;
      const stored = rows.map((row) => store.put(row, sighting));
      const top = stored[0]!;
      if (top.before === null) newItems += 1;
      if (top.firstInRun) firstInRun += 1;
      if (store.listed(top.rowid, where, sighting)) newToList += 1;
      if (record.kind === 'post' && top.before === null) newPosts.push(record);
      if (record.kind === 'comment') {
        comments.push({ comment: record, before: top.before ? top.before.commentCount : undefined });
        // The first replies come inside their comment: they are in the thread's replies as well.
        const mediaId = task.params.id ?? task.params.media_id ?? '';
        rows.forEach((row, i) => {
          if (i > 0 && row.kind === 'comment') store.listed(stored[i]!.rowid, { targetId: target.id, list: 'replies', contextId: `${mediaId}/${record.id}` }, sighting);
        });
      }
      if (record.kind === 'highlight') trays.push({ highlight: record, before: top.before?.record ?? null, rich: (top.before?.richness ?? 0) >= 2 });
    }

    // A sound's first page names the track: it is a record of the study too, and names the target.
    if (target.kind === 'music' && task.cursor === null && input.data !== null) {
      const track = trackFromV2(input.data, { family: 'v2', path: input.endpoint.path });
      if (track) {
        for (const row of rowsOf(track)) store.put(row, sighting);
        if (track.title && target.label === `sound ${target.key}`) db.prepare('UPDATE targets SET label = ? WHERE id = ?').run(track.title, target.id);
      }
    }

    // The target's cap of comment and reply pages per post: this page counts, and at the cap the thread ends.
    const threadLeft = countThreadPage(db, target, task);
    const capped = threadLeft !== null && threadLeft <= 0;
    let repliesLeftOut = false;

    // What this page opens, read before the rest of the queue (depth first).
    const opened: NewTask[] = [];
    let skipped: string | null = null;
    const first = kept[0];
    if (task.list === 'profile' && first?.kind === 'profile') {
      db.prepare('UPDATE targets SET username = ?, label = ? WHERE id = ?').run(first.username, profileLabel(first), target.id);
      // The account as it was at this run: a rename, a new biography... show in its change timeline.
      putSnapshot(db, first, { targetId: target.id, runId, requestId: input.requestId, seenAt: input.fetchedAt });
      if (first.isPrivate) skipped = `${profileLabel(first)} is private: its lists cannot be read and were skipped (nothing spent on them).`;
      else {
        opened.push(...accountTasks(target, first, states, runId, options));
        rememberNewestStory(first, states, target.id);
      }
    } else if (task.list === 'post' && first?.kind === 'post') {
      opened.push(...watchedPostFollowUps(target, first, states, options));
    } else if (POST_LISTS.has(task.list)) {
      opened.push(...postFollowUps(target, newPosts, states, options));
      // A place added by its id gets its name from the first post that names it.
      if (target.kind === 'place' && target.label === `place ${target.key}`) {
        const named = kept.find((r) => r.kind === 'post' && r.location?.id === target.key && r.location.name);
        if (named?.kind === 'post' && named.location?.name) db.prepare('UPDATE targets SET label = ? WHERE id = ?').run(named.location.name, target.id);
      }
    } else if (task.list === 'comments') {
      const replies = replyFollowUps(target, task.params.id ?? '', comments, options);
      const room = threadLeft === null ? replies.length : Math.max(0, threadLeft);
      repliesLeftOut = replies.length > room;
      opened.push(...replies.slice(0, room));
    } else if (task.list === 'highlights') {
      opened.push(...highlightFollowUps(target, trays));
      // The newest story known as the tray was read: a newer one makes it due again (profile-signals.ts).
      states.set(where, { count: trayReadAt(states, target.id, trays.length) });
    }
    if (task.list === 'stories') {
      const newest = Math.max(0, ...kept.map((r) => (r.kind === 'story' ? (r.takenAt ?? 0) : 0)));
      const was = states.get(where)?.count ?? 0;
      states.set(where, { count: Math.max(was, newest) });
    }
    for (const t of opened) {
      if (t.list === 'comments' || t.list === 'likers' || t.list === 'replies' || t.list === 'highlight') {
        const post = t.list === 'comments' || t.list === 'likers' ? newPosts.find((p) => p.id === t.contextId) ?? (task.list === 'post' && first?.kind === 'post' ? first : null) : null;
        const count = post ? (t.list === 'comments' ? post.counts.comments : post.counts.likes) : null;
        states.set({ targetId: t.targetId, list: t.list, contextId: t.contextId }, { complete: false, cursor: null, count });
      }
    }

    // The task itself: on to its next page, or done.
    const finished = stopped !== null || next === null || task.phase === 'once' || skipped !== null || capped;
    const state = states.get(where);
    const firstPage = task.cursor === null;
    const readAt = firstPage ? Math.max(state?.lastReadAt ?? 0, input.fetchedAt) : (state?.lastReadAt ?? null);
    if (!finished) {
      tasks.update(runId, task.pos, { cursor: next, minFreshAt: input.fetchedAt, read: task.read + kept.length });
      if (task.phase === 'all' || task.phase === 'tail') states.set(where, { cursor: next, lastReadAt: readAt });
      else states.set(where, { lastReadAt: readAt });
    } else {
      tasks.remove(runId, task.pos);
      const reachedEnd = stopped === null || stopped === 'since';
      if (task.phase === 'once' || ((task.phase === 'all' || task.phase === 'tail') && reachedEnd)) {
        states.set(where, { complete: true, cursor: null, lastReadAt: readAt });
      } else if ((task.phase === 'head' || task.phase === 'gap') && reachedEnd) {
        // Read to the end (or the start date) from here: nothing older is left to read.
        tasks.removeWhere(runId, (t) => t.targetId === target.id && t.list === task.list && t.contextId === task.contextId && t.phase !== 'head');
        states.set(where, { complete: true, cursor: null, gaps: [], lastReadAt: readAt });
      } else {
        states.set(where, { lastReadAt: readAt });
      }
      // The reels are up to date at the post count of this run's profile: the next run compares with it.
      const upToDate = task.phase === 'all' ? reachedEnd : task.phase === 'head' && (reachedEnd || stopped === 'known');
      if (task.list === 'reels' && target.kind === 'account' && upToDate) {
        states.set(where, { count: storedMediaCount(store, target.key) });
      }
    }
    if (capped) endThread(parts, runId, target, task, { now: input.now, cutHere: next !== null || repliesLeftOut });
    if (opened.length > 0) tasks.prepend(runId, opened);

    store.request({
      id: input.requestId, runId, targetId: target.id, path: input.endpoint.path, params: { ...task.params, ...(task.cursor ?? {}) }, fetchedAt: input.fetchedAt,
      units: input.units, cacheHit: input.cacheHit, items: kept.length, newItems, sessionId: input.session.id, mode: input.session.mode, origin: input.session.origin,
    });
    db.prepare('UPDATE runs SET units_spent = units_spent + ?, reserved = max(0, reserved - ?), pages = pages + 1, new_items = new_items + ?, items = items + ?, updated_at = ? WHERE id = ?')
      .run(input.units, input.reserved, newItems, firstInRun, input.now, runId);
    db.prepare(
      `INSERT INTO run_targets (run_id, target_id, pages, units, new_items, items, error) VALUES (?, ?, 1, ?, ?, ?, ?)
       ON CONFLICT (run_id, target_id) DO UPDATE SET pages = pages + 1, units = units + excluded.units, new_items = new_items + excluded.new_items,
         items = items + excluded.items, error = coalesce(excluded.error, error)`,
    ).run(runId, target.id, input.units, newToList, kept.length, skipped);
    // The list ended early: an empty page naming a next one, or the service shows no more (follower limit).
    if (stop) {
      db.prepare('INSERT INTO run_errors (run_id, target_id, list, time, kind, message) VALUES (?, ?, ?, ?, ?, ?)').run(runId, target.id, task.list, input.now, stop, PAGE_STOP_MESSAGES[stop]);
    }
    if (input.scheduleDay !== null && input.units > 0) {
      db.prepare('INSERT INTO schedule_days (day, units) VALUES (?, ?) ON CONFLICT (day) DO UPDATE SET units = units + excluded.units').run(input.scheduleDay, input.units);
    }
    return { items: kept.length, newItems, stopped, skipped };
  });
}
