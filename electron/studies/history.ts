// What changed: a snapshot of a watched account's profile each time a run (or a re-check) reads it, and
// the change timeline read back from the profile_changes view; the sightings of a post (its counts and
// caption each time it was seen). Written inside the page's transaction, like the records.
import { createHash } from 'node:crypto';
import type { Profile } from '../../shared/records';
import type { AccountTimeline, ProfileChange, ProfileSnapshot, Sighting } from '../../shared/ipc/study-data';
import type { Db } from './db';
import { SNAPSHOT_FIELDS, type SnapshotField } from './schema-data';

/**
 * The picture's identity: a hash of its file name. CDN links carry a signature and an expiry that
 * change at every read; the file name changes only with the picture.
 */
export function pictureHash(url: string | null): string | null {
  if (!url) return null;
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split('?')[0] ?? url;
  }
  const file = path.split('/').filter(Boolean).pop() ?? path;
  return createHash('sha256').update(file).digest('hex').slice(0, 16);
}

const text = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v);
const flag = (v: boolean | null | undefined): number | null => (v === null || v === undefined ? null : v ? 1 : 0);

export type SnapshotValues = Record<SnapshotField, string | number | null>;

export function snapshotValues(p: Profile): SnapshotValues {
  return {
    username: text(p.username),
    full_name: text(p.fullName),
    biography: text(p.biography),
    external_url: text(p.externalUrl),
    category: text(p.category),
    is_private: flag(p.isPrivate),
    is_verified: flag(p.isVerified),
    profile_pic_hash: pictureHash(p.avatarUrl),
    follower_count: p.counts?.followers ?? null,
    following_count: p.counts?.following ?? null,
    media_count: p.counts?.media ?? null,
  };
}

export interface SnapshotWhere {
  targetId: number | null;
  runId: number | null;
  checkId?: number | null;
  requestId: string | null;
  seenAt: number;
}

/** Stores a snapshot of the profile: one per account and run (read twice in a run: the later wins). */
export function putSnapshot(db: Db, p: Profile, w: SnapshotWhere): void {
  const v = snapshotValues(p);
  const fields = SNAPSHOT_FIELDS.join(', ');
  db.prepare(
    `INSERT INTO snapshots (user_id, target_id, run_id, check_id, request_id, seen_at, ${fields})
     VALUES (?, ?, ?, ?, ?, ?, ${SNAPSHOT_FIELDS.map(() => '?').join(', ')})
     ON CONFLICT (user_id, run_id) DO UPDATE SET request_id = excluded.request_id, seen_at = excluded.seen_at,
       ${SNAPSHOT_FIELDS.map((f) => `${f} = excluded.${f}`).join(', ')}`,
  ).run(p.id, w.targetId, w.runId, w.checkId ?? null, w.requestId, w.seenAt, ...SNAPSHOT_FIELDS.map((f) => v[f]));
}

interface SnapshotRow extends SnapshotValues {
  id: number;
  run_id: number | null;
  check_id: number | null;
  seen_at: number;
}

function toSnapshot(r: SnapshotRow): ProfileSnapshot {
  return {
    id: r.id,
    runId: r.run_id,
    checkId: r.check_id,
    seenAt: r.seen_at,
    values: Object.fromEntries(SNAPSHOT_FIELDS.map((f) => [f, r[f]])) as ProfileSnapshot['values'],
  };
}

/** An account's snapshots, oldest first, and what changed from one to the next (newest change first). */
export function accountTimeline(db: Db, userId: string): AccountTimeline {
  const snapshots = (db.prepare('SELECT * FROM snapshots WHERE user_id = ? ORDER BY seen_at, id').all(userId) as unknown as SnapshotRow[]).map(toSnapshot);
  const rows = db
    .prepare('SELECT snapshot_id, previous_snapshot_id, run_id, since, seen_at, field, before, after FROM profile_changes WHERE user_id = ? ORDER BY seen_at DESC, snapshot_id DESC')
    .all(userId) as { snapshot_id: number; previous_snapshot_id: number; run_id: number | null; since: number; seen_at: number; field: SnapshotField; before: string | number | null; after: string | number | null }[];
  const order = new Map<string, number>(SNAPSHOT_FIELDS.map((f, i) => [f, i]));
  const changes: ProfileChange[] = [];
  for (const r of rows) {
    let change = changes.at(-1);
    if (!change || change.snapshotId !== r.snapshot_id) {
      change = { snapshotId: r.snapshot_id, previousId: r.previous_snapshot_id, runId: r.run_id, since: r.since, at: r.seen_at, fields: [] };
      changes.push(change);
    }
    change.fields.push({ field: r.field, before: r.before, after: r.after });
  }
  for (const c of changes) c.fields.sort((a, b) => (order.get(a.field) ?? 0) - (order.get(b.field) ?? 0));
  return { userId, snapshots, changes };
}

/** Every sighting of a stored record, oldest first. */
export function sightingsOf(db: Db, rowid: number): Sighting[] {
  const rows = db
    .prepare('SELECT run_id, check_id, seen_at, like_count, comment_count, play_count, caption FROM sightings WHERE record_id = ? ORDER BY seen_at, id')
    .all(rowid) as { run_id: number | null; check_id: number | null; seen_at: number; like_count: number | null; comment_count: number | null; play_count: number | null; caption: string | null }[];
  return rows.map((r) => ({ runId: r.run_id, checkId: r.check_id, seenAt: r.seen_at, likes: r.like_count, comments: r.comment_count, plays: r.play_count, caption: r.caption }));
}
