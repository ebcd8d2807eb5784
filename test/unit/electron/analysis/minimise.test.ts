// Data-minimisation presets, applied when a run stores what it collected and when the study exports:
// "captions only" reads no list of other people (and spends nothing on them), "no commenter identities"
// keeps comments without authors, "no profile pictures" keeps no picture link; the retention rule deletes
// raw answers after N days and pseudonymises the records; every export's manifest records the presets.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAnalysis } from '../../../../electron/analysis/exports';
import { applyRetention, readMinimisation, retainedCount, writeMinimisation } from '../../../../electron/analysis/minimise';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { threadOf } from '../../../../electron/simulator/world/comments';
import { exportStudy } from '../../../../electron/studies/export';
import { NO_MINIMISATION } from '../../../../shared/ipc/analysis';
import type { CollectList } from '../../../../shared/ipc/studies';
import { finished, studySetup, type StudySetup } from '../studies/support';
import { pickAccounts } from './support';

let sim: Simulator;
const setups: StudySetup[] = [];
beforeAll(() => {
  sim = createSimulator({ followerLimit: false });
});
afterAll(async () => {
  for (const s of setups) await s.close();
});

async function run(presets: Partial<typeof NO_MINIMISATION>, lists: readonly CollectList[] = ['posts', 'comments', 'followers']) {
  const s = await studySetup(sim);
  setups.push(s);
  writeMinimisation(s.db, { ...NO_MINIMISATION, ...presets });
  const u = pickAccounts(sim, 1)[0]!;
  s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, [...lists]);
  const runner = s.runner();
  const r = await finished(runner, runner.start({ trigger: 'manual', budget: 10_000, options: {}, estimate: null }).id);
  expect(r.state).toBe('done');
  return { s, u, run: r };
}

const count = (s: StudySetup, sql: string) => (s.db.prepare(sql).get() as { n: number }).n;

describe('minimisation at collection', () => {
  it('captions only: the comments and followers lists are not read, nothing is spent on them, and the run keeps the presets it ran with', async () => {
    const plain = await run({});
    const minimal = await run({ captionsOnly: true });
    expect(count(plain.s, "SELECT count(*) AS n FROM records WHERE kind = 'comment'")).toBeGreaterThan(0);
    expect(count(minimal.s, "SELECT count(*) AS n FROM records WHERE kind = 'comment'")).toBe(0);
    expect(count(minimal.s, "SELECT count(*) AS n FROM list_items WHERE list IN ('followers', 'comments')")).toBe(0);
    expect(count(minimal.s, "SELECT count(*) AS n FROM records WHERE kind = 'post'")).toBe(minimal.u.posts.length);
    expect(minimal.run.unitsSpent).toBeLessThan(plain.run.unitsSpent);
    const options = JSON.parse((minimal.s.db.prepare('SELECT options FROM runs').get() as { options: string }).options) as { minimisation: unknown; lists: string[] };
    expect(options.minimisation).toMatchObject({ captionsOnly: true });
    expect(options.lists).not.toContain('comments');
  });

  it('no commenter identities and no profile pictures: comments are stored without authors, and no picture link is kept anywhere', async () => {
    const { s, u } = await run({ noCommenterIdentities: true, noProfilePictures: true }, ['posts', 'comments']);
    expect(count(s, "SELECT count(*) AS n FROM records WHERE kind = 'comment'")).toBeGreaterThan(0);
    expect(count(s, "SELECT count(*) AS n FROM records WHERE kind = 'comment' AND (owner_id IS NOT NULL OR username IS NOT NULL OR json_extract(record, '$.author') IS NOT NULL)")).toBe(0);
    // Commenters are not stored as users either: only the account, its posts' coauthors and tagged people are.
    const posts = u.posts.map((pk) => sim.world.mediaByPk.get(pk)!);
    const allowed = new Set([u.pk, ...posts.flatMap((m) => [...m.coauthors, ...m.usertags.map((t) => t.userPk)])]);
    const commenters = new Set(posts.flatMap((m) => (m.commentsDisabled ? [] : threadOf(sim.world, m).top.flatMap((c) => [c.userPk, ...c.replies.map((r) => r.userPk)]))));
    expect([...commenters].some((pk) => !allowed.has(pk))).toBe(true);
    const users = (s.db.prepare("SELECT id FROM records WHERE kind = 'user'").all() as { id: string }[]).map((r) => r.id);
    expect(users.length).toBeGreaterThan(0);
    expect(users.filter((id) => !allowed.has(id))).toEqual([]);
    // No raw comment names anyone: no author field at any depth, no commenter's username.
    const comments = s.db.prepare("SELECT raw FROM records WHERE kind = 'comment'").all() as { raw: string }[];
    const names = [...commenters].map((pk) => sim.world.users.find((w) => w.pk === pk)!.username);
    for (const c of comments) {
      expect(c.raw).not.toMatch(/"(user|user_id|owner|original_comment_author|commenter_username)"\s*:/);
      for (const n of names) expect(c.raw).not.toContain(`"${n}"`);
    }
    expect(count(s, "SELECT count(*) AS n FROM records WHERE raw LIKE '%profile_pic_url\":\"http%' OR record LIKE '%avatarUrl\":\"http%'")).toBe(0);
  });
});

describe('minimisation at export, and retention', () => {
  it('exports apply the presets and record them, with the ethics choice, in the manifest', async () => {
    const { s } = await run({}, ['posts', 'comments']);
    writeMinimisation(s.db, { ...NO_MINIMISATION, noCommenterIdentities: true, noProfilePictures: true });
    const ethics = { reminderShown: true, acknowledged: true, quotes: 'paraphrase' as const };
    const out = await exportStudy({ scope: 'seen', format: 'ndjson', ethics }, { db: s.db, studyId: 'test-study-0001', studyName: 'Minimised', folder: s.dir, appVersion: 'test' });
    const manifest = JSON.parse(readFileSync(out.manifestPath!, 'utf8')) as { minimisation: unknown; ethics: unknown };
    expect(manifest.minimisation).toMatchObject({ noCommenterIdentities: true, noProfilePictures: true });
    expect(manifest.ethics).toEqual(ethics);
    const lines = readFileSync(out.path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { kind: string; record: { author?: unknown } });
    const comments = lines.filter((l) => l.kind === 'comment');
    expect(comments.length).toBeGreaterThan(0);
    expect(comments.every((c) => c.record.author === null)).toBe(true);
    expect(readFileSync(out.path, 'utf8')).not.toMatch(/"(avatarUrl|profile_pic_url)":"http/);
    const parquet = await exportAnalysis({ kind: 'parquet', scope: 'seen' }, { db: s.db, studyId: 'test-study-0001', studyName: 'Minimised', folder: s.dir, appVersion: 'test', userAgent: 'x' });
    expect(JSON.parse(readFileSync(parquet.manifestPath, 'utf8')).minimisation).toMatchObject({ noCommenterIdentities: true });
  });

  it('retention: raw answers older than N days are deleted, the records pseudonymised, and newer ones kept as they are', async () => {
    const { s, u } = await run({}, ['posts', 'comments']);
    writeMinimisation(s.db, { ...NO_MINIMISATION, retentionDays: 30 });
    expect(readMinimisation(s.db).retentionDays).toBe(30);
    const total = count(s, "SELECT count(*) AS n FROM records WHERE kind <> 'carousel_item'");
    const key = Buffer.alloc(32, 7);
    // Nothing is 30 days old yet.
    expect(applyRetention(s.db, key, 30, Date.now())).toBe(0);
    // 31 days later, everything is.
    const changed = applyRetention(s.db, key, 30, Date.now() + 31 * 86_400_000);
    expect(changed).toBeGreaterThan(0);
    expect(retainedCount(s.db)).toBe(count(s, "SELECT count(*) AS n FROM records WHERE kind <> 'carousel_item'"));
    expect(count(s, "SELECT count(*) AS n FROM records WHERE raw <> 'null'")).toBe(0);
    expect(total).toBeGreaterThanOrEqual(changed);
    // No username or user id of the world's people is left in the records or the requests' parameters.
    const text = (s.db.prepare('SELECT group_concat(record, char(10)) AS t FROM records').get() as { t: string }).t + (s.db.prepare('SELECT group_concat(params) AS t FROM requests').get() as { t: string }).t;
    const words = new Set(text.toLowerCase().split(/[^\p{L}\p{N}._]+/u));
    const leaked = sim.world.users.filter((w) => words.has(w.pk) || words.has(w.username.toLowerCase())).map((w) => w.username);
    expect(leaked).toEqual([]);
    // The posts are still there, with their ids, times and counts.
    expect(count(s, "SELECT count(*) AS n FROM records WHERE kind = 'post'")).toBe(u.posts.length);
  });
});
