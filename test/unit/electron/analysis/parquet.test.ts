// Parquet tables of a study the simulator filled, read back by DuckDB (an independent reader: C++, not
// the writer's code) and compared value by value with the study's database: ids as exact strings (media
// ids beyond 2^53 included), times as UTC timestamps, counts as 64-bit integers, lists as lists.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAnalysis } from '../../../../electron/analysis/exports';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { fillStudy, pickAccounts, type Filled } from './support';

let sim: Simulator;
let f: Filled;
let duck: DuckDBConnection;

beforeAll(async () => {
  sim = createSimulator({ followerLimit: false });
  f = await fillStudy(sim, pickAccounts(sim, 40).filter((u) => u.stories.length > 0).slice(0, 2), ['posts', 'comments', 'followers', 'stories', 'highlights']);
  duck = await (await DuckDBInstance.create(':memory:')).connect();
}, 120_000);
afterAll(() => f?.s.close());

async function read(file: string, sql = 'SELECT * FROM t'): Promise<Record<string, unknown>[]> {
  const reader = await duck.runAndReadAll(sql.replace('FROM t', `FROM read_parquet('${file.replace(/'/g, "''")}')`));
  return reader.getRowObjectsJson() as Record<string, unknown>[];
}

/** A DuckDB TIMESTAMPTZ as text ("2026-11-23 23:23:34.22+00") back to epoch ms. */
const msOf = (text: unknown): number | null => (text === null ? null : Date.parse(String(text).replace(' ', 'T').replace(/\+00$/, 'Z')));

describe('Parquet export', () => {
  it('writes every table with typed columns that DuckDB reads back exactly, big ids included', async () => {
    const out = await exportAnalysis({ kind: 'parquet', scope: 'seen' }, { db: f.s.db, studyId: 'test-study-0001', studyName: 'Parquet test', folder: f.s.dir, appVersion: 'test', userAgent: 'x' });
    const manifest = JSON.parse(readFileSync(out.manifestPath, 'utf8')) as { files: { path: string; rows: number }[] };
    expect(manifest.files.map((x) => x.path).sort()).toEqual(['README.txt', 'comments.parquet', 'follows.parquet', 'posts.parquet', 'runs.parquet', 'snapshots.parquet', 'stories.parquet', 'users.parquet']);

    // Types as DuckDB sees them: no id is a number of any kind.
    const types = await read(join(out.path, 'posts.parquet'), 'SELECT typeof(id) AS id, typeof(owner_id) AS owner, typeof(taken_at) AS taken, typeof(like_count) AS likes, typeof(hashtags) AS tags FROM t LIMIT 1');
    expect(types[0]).toEqual({ id: 'VARCHAR', owner: 'VARCHAR', taken: 'TIMESTAMP WITH TIME ZONE', likes: 'BIGINT', tags: 'VARCHAR[]' });

    // Posts: every value of the database, compared.
    const db = f.s.db;
    const posts = db.prepare("SELECT id, owner_id, username, taken_at, like_count, comment_count, play_count, json_extract(record, '$.caption.text') AS text, first_seen, json_extract(record, '$.caption.hashtags') AS tags, json_extract(record, '$.likesHidden') AS hidden FROM records WHERE kind = 'post' ORDER BY id").all() as Record<string, string | number | null>[];
    const read_ = await read(join(out.path, 'posts.parquet'), 'SELECT id, owner_id, username, CAST(taken_at AS VARCHAR) AS taken_at, like_count, comment_count, play_count, caption, CAST(first_seen AS VARCHAR) AS first_seen, hashtags FROM t ORDER BY id');
    expect(read_).toHaveLength(posts.length);
    expect(posts.length).toBe(f.posts.length);
    const big = posts.filter((p) => BigInt(p.id as string) > BigInt(Number.MAX_SAFE_INTEGER));
    expect(big.length).toBe(posts.length); // media pks are all beyond 2^53 in this world
    posts.forEach((p, i) => {
      const r = read_[i]!;
      expect(r.id).toBe(p.id);
      expect(r.owner_id).toBe(p.owner_id);
      expect(r.username).toBe(p.username);
      expect(msOf(r.taken_at)).toBe((p.taken_at as number) * 1000);
      // A hidden like count is a made-up number: left out, as in the 4CAT columns.
      expect(r.like_count === null ? null : Number(r.like_count)).toBe(p.hidden ? null : p.like_count);
      expect(Number(r.comment_count)).toBe(p.comment_count);
      expect(r.caption).toBe(p.text);
      expect(msOf(r.first_seen)).toBe(p.first_seen);
      expect(r.hashtags).toEqual(JSON.parse(p.tags as string));
    });
    // The world agrees on the ids and times.
    const world = new Map(f.posts.map((m) => [m.pk, m]));
    for (const r of read_) expect(msOf(r.taken_at)! / 1000).toBe(world.get(String(r.id))!.takenAt);

    // Comments, users, stories and runs: counts and ids.
    const pairs: [string, string][] = [['comments', 'comment'], ['users', 'user'], ['stories', 'story']];
    for (const [table, kind] of pairs) {
      const ids = (db.prepare('SELECT id FROM records WHERE kind = ? ORDER BY id').all(kind) as { id: string }[]).map((r) => r.id);
      const got = (await read(join(out.path, `${table}.parquet`), 'SELECT id FROM t ORDER BY id')).map((r) => r.id);
      expect({ table, ids: got }).toEqual({ table, ids });
      expect(ids.length).toBeGreaterThan(0);
    }
    const comments = db.prepare("SELECT id, post_id, parent_id, owner_id, taken_at FROM records WHERE kind = 'comment' ORDER BY id").all() as Record<string, string | number | null>[];
    const readComments = await read(join(out.path, 'comments.parquet'), 'SELECT id, post_id, parent_id, author_id, CAST(created_at AS VARCHAR) AS created_at FROM t ORDER BY id');
    comments.forEach((c, i) => expect({ ...readComments[i], created_at: msOf(readComments[i]!.created_at) }).toEqual({ id: c.id, post_id: c.post_id, parent_id: c.parent_id, author_id: c.owner_id, created_at: (c.taken_at as number) * 1000 }));
    // Follows: every follower of the watched accounts, as the world has them, with the account's own id and name.
    const follows = await read(join(out.path, 'follows.parquet'), "SELECT list, follower_id, followed_id, followed FROM t ORDER BY followed_id, follower_id");
    const expected = f.accounts
      .flatMap((u) => u.followers.map((pk) => ({ list: 'followers', follower_id: pk, followed_id: u.pk, followed: u.username })))
      .sort((a, b) => (a.followed_id === b.followed_id ? (a.follower_id < b.follower_id ? -1 : 1) : a.followed_id < b.followed_id ? -1 : 1));
    expect(follows).toEqual(expected);
    // Profile snapshots: one per watched account and run, user ids exact, times as timestamps.
    const snaps = db.prepare('SELECT user_id, username, follower_count, seen_at FROM snapshots ORDER BY id').all() as { user_id: string; username: string; follower_count: number; seen_at: number }[];
    expect(snaps.length).toBe(f.accounts.length);
    const readSnaps = await read(join(out.path, 'snapshots.parquet'), 'SELECT user_id, username, follower_count, CAST(seen_at AS VARCHAR) AS seen_at FROM t ORDER BY id');
    expect(readSnaps.map((r) => ({ ...r, follower_count: Number(r.follower_count), seen_at: msOf(r.seen_at) }))).toEqual(snaps);
    const runs = await read(join(out.path, 'runs.parquet'), 'SELECT id, state, units_spent, CAST(started_at AS VARCHAR) AS started_at FROM t');
    const run = db.prepare('SELECT id, state, units_spent, started_at FROM runs').get() as { id: number; state: string; units_spent: number; started_at: number };
    expect(runs.map((r) => ({ ...r, started_at: msOf(r.started_at) }))).toEqual([{ id: String(run.id), state: run.state, units_spent: String(run.units_spent), started_at: run.started_at }]);
  });
});
