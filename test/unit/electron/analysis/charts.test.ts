// A study's charts from its database, checked against the simulator's world: posts by day and by week,
// the weekday × hour heatmap (UTC), engagement by posting day, the top hashtags, mentions, tagged and
// co-authoring accounts, and engagement as observed (each post's counts when last seen, without issue
// 13's item history). The CSV table of each chart holds the numbers drawn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyCharts } from '../../../../electron/analysis/charts';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import type { WorldMedia } from '../../../../electron/simulator/world/model';
import { bucketOf, chartPostOf, chartsOf, observedOf, tableOf } from '../../../../shared/charts';
import type { Post } from '../../../../shared/records';
import { fillStudy, pickAccounts, type Filled } from './support';

let sim: Simulator;
let f: Filled;

beforeAll(async () => {
  sim = createSimulator({ followerLimit: false });
  f = await fillStudy(sim, pickAccounts(sim, 3), ['posts']);
}, 120_000);
afterAll(() => f?.s.close());

const nameOf = (pk: string) => sim.world.users.find((u) => u.pk === pk)!.username;

/** Names counted once per post, case-insensitively, sorted as the charts sort them. */
function top(posts: WorldMedia[], names: (m: WorldMedia) => string[]): { name: string; count: number }[] {
  const counts = new Map<string, { name: string; count: number }>();
  for (const m of posts) {
    for (const key of new Set(names(m).map((n) => n.toLowerCase()))) {
      const e = counts.get(key);
      if (e) e.count += 1;
      else counts.set(key, { name: names(m).find((n) => n.toLowerCase() === key)!, count: 1 });
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, 15);
}

describe('study charts', () => {
  it('count the posts by day, week, weekday and hour as the world dates them', () => {
    const posts = f.posts;
    expect(posts.length).toBeGreaterThan(8);
    for (const unit of ['day', 'week'] as const) {
      const data = studyCharts(f.s.db, { unit, timeZone: 'UTC' });
      expect(data.posts).toBe(posts.length);
      expect(data.dated).toBe(posts.length);
      const expected = new Map<string, number>();
      for (const m of posts) expected.set(bucketOf(m.takenAt, unit, 'UTC'), (expected.get(bucketOf(m.takenAt, unit, 'UTC')) ?? 0) + 1);
      const drawn = new Map(data.activity.filter((p) => p.posts > 0).map((p) => [p.bucket, p.posts]));
      expect(drawn).toEqual(expected);
      // Gaps are zeros, buckets consecutive.
      const step = (unit === 'week' ? 7 : 1) * 86_400_000;
      data.activity.slice(1).forEach((p, i) => expect(Date.parse(p.bucket) - Date.parse(data.activity[i]!.bucket)).toBe(step));
    }
    const data = studyCharts(f.s.db, { unit: 'day', timeZone: 'UTC' });
    const heat = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
    for (const m of posts) {
      const d = new Date(m.takenAt * 1000);
      heat[(d.getUTCDay() + 6) % 7]![d.getUTCHours()]! += 1;
    }
    expect(data.heatmap).toEqual(heat);
    expect(tableOf(data, 'heatmap').rows.map((r) => r.slice(1))).toEqual(heat);
  });

  it('sum each day’s engagement (a hidden like count is made up: not summed) and rank hashtags, mentions, tagged and co-authoring accounts', () => {
    const db = f.s.db;
    const data = studyCharts(db, { unit: 'day', timeZone: 'UTC' });
    const likes = new Map<string, number>();
    for (const r of db.prepare("SELECT taken_at, CASE WHEN json_extract(record, '$.likesHidden') THEN NULL ELSE like_count END AS like_count FROM records WHERE kind = 'post'").all() as { taken_at: number; like_count: number | null }[]) {
      const b = bucketOf(r.taken_at, 'day', 'UTC');
      likes.set(b, (likes.get(b) ?? 0) + (r.like_count ?? 0));
    }
    expect(new Map(data.engagement.filter((p) => p.posts > 0).map((p) => [p.bucket, p.likes]))).toEqual(likes);
    expect(data.top.hashtags).toEqual(top(f.posts, (m) => m.hashtags));
    expect(data.top.mentions).toEqual(top(f.posts, (m) => m.mentions.map(nameOf)));
    expect(data.top.tagged).toEqual(top(f.posts, (m) => m.usertags.map((t) => nameOf(t.userPk))));
    expect(data.top.coauthors).toEqual(top(f.posts, (m) => m.coauthors.map(nameOf)));
    expect(data.top.hashtags.length).toBeGreaterThan(0);
    expect(tableOf(data, 'hashtags')).toEqual({ columns: ['hashtag', 'posts'], rows: data.top.hashtags.map((h) => [h.name, h.count]) });
  });

  it('a page’s loaded posts chart to the same numbers as the study’s database (renderer and main agree)', () => {
    const db = f.s.db;
    const posts = (db.prepare("SELECT record FROM records WHERE kind = 'post'").all() as { record: string }[]).map((r) => JSON.parse(r.record) as Post);
    for (const unit of ['day', 'week'] as const) {
      const fromDb = studyCharts(db, { unit, timeZone: 'UTC' });
      const loaded = chartsOf(posts.map(chartPostOf), { unit, timeZone: 'UTC' });
      expect({ ...loaded, observed: null, observedFrom: null }).toEqual({ ...fromDb, observed: null, observedFrom: null });
    }
    // A hidden like count is not drawn.
    const hidden = chartPostOf({ ...posts[0]!, likesHidden: true, counts: { ...posts[0]!.counts, likes: 7 } });
    expect(hidden.likes).toBeNull();
  });

  it('observed engagement: from the item history (one sighting per post in one run), and one target’s posts alone', () => {
    const db = f.s.db;
    const data = studyCharts(db, { unit: 'day', timeZone: 'UTC' });
    expect(data.observedFrom).toBe('history');
    const last = data.observed!.at(-1)!;
    const sums = db.prepare("SELECT count(*) AS n, sum(coalesce(like_count, 0)) AS likes, sum(coalesce(comment_count, 0)) AS comments FROM records WHERE kind = 'post'").get() as { n: number; likes: number; comments: number };
    expect(last).toMatchObject({ posts: sums.n, likes: sums.likes, comments: sums.comments });
    const target = db.prepare("SELECT id, key FROM targets WHERE kind = 'account' ORDER BY id LIMIT 1").get() as { id: number; key: string };
    const one = studyCharts(db, { unit: 'week', timeZone: 'UTC', targetId: target.id });
    expect(one.posts).toBe(f.accounts.find((u) => u.pk === target.key)!.posts.length);
  });

  it('a time past year 9999 (a database from elsewhere) counts as undated instead of failing the charts', () => {
    const post = { takenAt: 1_767_225_600, likes: 1, comments: 0, plays: null, hashtags: ['cats'], mentions: [], tagged: [], coauthors: [] };
    const data = chartsOf([post, { ...post, takenAt: 9e15 }, { ...post, takenAt: -9e15 }], { unit: 'day', timeZone: 'UTC' });
    expect(data.activity.map((p) => p.bucket)).toEqual(['2026-01-01']);
    expect(data.top.hashtags[0]).toMatchObject({ name: 'cats', count: 3 });
    expect(observedOf([{ post: '1', seenAt: 9e18, likes: 1, comments: 0 }], { unit: 'day', timeZone: 'UTC' })).toEqual([]);
  });
});
