// Estimates for every list kind, against what the run then spends on each list (the simulator, with
// production's follower limit): an account's posts, reels, tagged posts, followers, following, stories,
// highlights, the comments, replies and likers of its new posts; a hashtag's, a place's and a sound's
// feed; a watched post's comments and replies; a private account. Where the service reported the size,
// the likely figure is within a page (or 10 %) of what the list cost; where nothing says it, a prior (never
// a single page), then the size of similar targets; whatever the source, the list costs no more than the
// upper bound.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { threadOf } from '../../../../electron/simulator/world/comments';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import { addTargets } from '../../../../electron/studies/entries';
import { estimateRun, recordedEstimate } from '../../../../electron/studies/estimate';
import { LIST_PLANS } from '../../../../electron/jobs/plan';
import { COMMENTS_PATH, FEED_PATHS, HIGHLIGHT_PATH, HIGHLIGHTS_PATH, LIKERS_PATH, POST_PATH, PROFILE_PATH, REPLIES_PATH, STORIES_PATH } from '../../../../electron/studies/plan';
import type { CollectList, EstimateLine, RunEstimate } from '../../../../shared/ipc/studies';
import { MAX_BUDGET } from '../../../../shared/study-values';
import { createAskRecorder } from '../../../support/ask-recorder';
import { finished, studySetup, type StudySetup } from './support';

const DAY_MS = 86_400_000;
let sim: Simulator;
const open: StudySetup[] = [];
beforeAll(() => {
  sim = createSimulator({ seed: 11 });
});
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

async function study(): Promise<StudySetup> {
  const s = await studySetup(sim);
  open.push(s);
  return s;
}

/** Accounts pasted by username: their profiles are looked up and stored, as the app adds them. */
async function paste(s: StudySetup, usernames: string[], lists: CollectList[]): Promise<void> {
  const ask = createAskRecorder('confirm').ask;
  await addTargets({ db: s.db, cache: s.stack.cache, targets: s.targets, calls: s.stack.calls, ask, studyId: 'test-study-0001', studyName: 'estimates', session: () => s.stack.session.info, now: Date.now }, usernames.join('\n'), {
    lists, since: null, until: null, maxUnitsPerRun: null,
  });
}

function account(predicate: (u: WorldUser) => boolean): WorldUser {
  const u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && predicate(x));
  if (!u) throw new Error('no such account in the world');
  return u;
}

/** Estimates, runs with the estimate recorded, and returns the units spent per endpoint. */
async function run(s: StudySetup, now = Date.now): Promise<{ estimate: RunEstimate; spent: (path: string) => number; total: number; runId: number }> {
  const estimate = await estimateRun({ db: s.db, cache: s.stack.cache, balance: null, now }, {});
  const runner = s.runner();
  const started = runner.start({ trigger: 'manual', budget: 100_000, options: {}, estimate: recordedEstimate(estimate) });
  const done = await finished(runner, started.id);
  expect(done.state).toBe('done');
  const rows = s.db.prepare('SELECT path, sum(units) AS units FROM requests WHERE run_id = ? GROUP BY path').all(started.id) as { path: string; units: number }[];
  return { estimate, spent: (path) => rows.find((r) => r.path === path)?.units ?? 0, total: done.unitsSpent, runId: started.id };
}

const of = (e: RunEstimate, list: string): EstimateLine[] => e.lines.filter((l) => l.list === list);
const likely = (lines: EstimateLine[]) => lines.reduce((n, l) => n + l.units, 0);
const upper = (lines: EstimateLine[]) => lines.reduce((n, l) => n + l.upperUnits, 0);
/** Within a page of the list's cost, or 10 % of it. */
const close = (estimated: number, actual: number, page = 1) => Math.abs(estimated - actual) <= Math.max(page, Math.ceil(actual * 0.1));

describe('estimates for every list kind', () => {
  it('an account: posts, reels (its own count, not the post count), tagged posts, followers (one page past the outsider cap) and following', async () => {
    const u = account((x) => x.posts.length >= 30 && x.clips.length >= 5 && x.clips.length < x.posts.length / 2 && x.followers.length > 50 && x.following.length >= 20);
    const s = await study();
    await paste(s, [u.username], ['posts', 'reels', 'tagged', 'followers', 'following']);
    const { estimate, spent } = await run(s);
    const pairs: [string, string][] = [['posts', LIST_PLANS.posts.path], ['reels', LIST_PLANS.reels.path], ['followers', LIST_PLANS.followers.path], ['following', LIST_PLANS.following.path]];
    for (const [list, path] of pairs) {
      expect(close(likely(of(estimate, list)), spent(path)), `${list}: ${likely(of(estimate, list))} estimated, ${spent(path)} spent`).toBe(true);
      expect(of(estimate, list).every((l) => l.basis === 'reported')).toBe(true);
    }
    expect(likely(of(estimate, 'reels'))).toBeLessThan(likely(of(estimate, 'posts')));
    expect(likely(of(estimate, 'followers'))).toBe(1); // about 50 in one page, as outsiders see them
    // Tagged posts have no count anywhere: a prior, which the list's cost does not exceed.
    expect(of(estimate, 'tagged')[0]).toMatchObject({ basis: 'prior', open: true });
    expect(spent(LIST_PLANS.tagged.path)).toBeLessThanOrEqual(upper(of(estimate, 'tagged')));
    expect(likely(of(estimate, 'profile'))).toBe(spent(PROFILE_PATH));
  });

  it('stories, the highlights tray and each highlight on a first read (the profile’s highlight count); the next run only what changed', async () => {
    const u = account((x) => x.stories.length > 0 && x.highlights.length >= 3 && x.posts.length > 0);
    const s = await study();
    await paste(s, [u.username], ['stories', 'highlights']);
    const first = await run(s);
    expect(likely(of(first.estimate, 'stories'))).toBe(first.spent(STORIES_PATH));
    expect(likely(of(first.estimate, 'highlights'))).toBe(first.spent(HIGHLIGHTS_PATH));
    expect(likely(of(first.estimate, 'highlight'))).toBe(first.spent(HIGHLIGHT_PATH));
    expect(of(first.estimate, 'highlight')[0]?.basis).toBe('reported');
    const second = await run(s);
    expect(likely(of(second.estimate, 'highlight'))).toBe(second.spent(HIGHLIGHT_PATH)); // none changed
    expect(second.total).toBeLessThanOrEqual(second.estimate.upperUnits);
  });

  it('the comments, replies and likers of new posts: from priors on the first read, then from the threads the study holds', async () => {
    const u = account((x) => x.posts.length >= 8 && x.posts.length <= 20);
    const s = await study();
    await paste(s, [u.username], ['posts', 'comments', 'likers']);
    const { estimate, spent, total } = await run(s);
    expect(of(estimate, 'replies').length).toBeGreaterThan(0); // reply threads have a line of their own
    for (const [list, path] of [['comments', COMMENTS_PATH], ['replies', REPLIES_PATH], ['likers', LIKERS_PATH]] as const) {
      expect(spent(path), list).toBeLessThanOrEqual(upper(of(estimate, list)));
    }
    expect(close(likely(of(estimate, 'likers')), spent(LIKERS_PATH), 2)).toBe(true);
    expect(Math.abs(estimate.units - total)).toBeLessThanOrEqual(total * 0.5);
    // The study now holds the posts' comment counts and their comments' reply counts: a second study
    // target of the same kind is estimated from them, not from the priors.
    const other = account((x) => x.pk !== u.pk && x.posts.length >= 3 && x.posts.length <= 20);
    await paste(s, [other.username], ['posts', 'comments']);
    const next = await estimateRun({ db: s.db, cache: s.stack.cache, balance: null }, {});
    expect(next.lines.find((l) => l.label === `@${other.username}` && l.list === 'comments')?.basis).toBe('history');
  });

  it('a hashtag, a place and a sound of unknown size: a prior, never a single page; then the size of similar targets the study read', async () => {
    const [a, b] = [...sim.world.hashtags].sort((x, y) => x.recent.length - y.recent.length).slice(10, 12);
    const place = [...sim.world.locations].sort((x, y) => y.recent.length - x.recent.length)[5]!;
    const track = sim.world.tracks.find((t) => t.reels.length >= 12)!;
    const s = await study();
    const tagA = s.add({ kind: 'hashtag', key: a!.name, label: `#${a!.name}` }, ['posts']);
    s.add({ kind: 'place', key: String(place.pk), label: place.name }, ['posts']);
    s.add({ kind: 'music', key: track.canonicalId, label: `sound ${track.canonicalId}` }, ['posts']);
    const first = await run(s);
    const feed = (id: number) => first.estimate.lines.filter((l) => l.targetId === id && l.list === 'posts');
    expect(feed(tagA)[0]).toMatchObject({ basis: 'prior', open: true });
    expect(likely(feed(tagA))).toBeGreaterThan(5);
    for (const [kind, path] of [['hashtag', FEED_PATHS.hashtag.path], ['place', FEED_PATHS.place.path], ['music', FEED_PATHS.music.path]] as const) {
      const lines = first.estimate.lines.filter((l) => l.list === 'posts' && s.db.prepare('SELECT kind FROM targets WHERE id = ?').get(l.targetId)?.kind === kind);
      expect(first.spent(path), kind).toBeLessThanOrEqual(upper(lines));
      expect(likely(lines), kind).toBeGreaterThanOrEqual(1);
    }
    expect(close(likely(feed(tagA)), first.spent(FEED_PATHS.hashtag.path), 3)).toBe(true);
    // Another hashtag: sized like the one the study read to its end.
    const tagB = s.add({ kind: 'hashtag', key: b!.name, label: `#${b!.name}` }, ['posts']);
    const next = await estimateRun({ db: s.db, cache: s.stack.cache, balance: null }, { targetIds: [tagB] });
    expect(next.lines[0]).toMatchObject({ basis: 'history', units: Math.ceil(a!.recent.length / FEED_PATHS.hashtag.pageSize) });
  });

  it('a hashtag whose reported size no run reaches: finite figures, and the largest budget there is as the offer', async () => {
    const s = await study();
    const name = sim.world.hashtags[0]!.name;
    await s.stack.cache.set('/v1/hashtag/by/name', { name }, { id: '17843826142012701', name, media_count: 2_147_483_647 }, { fetchedAt: Date.now() });
    s.add({ kind: 'hashtag', key: name, label: `#${name}` }, ['posts', 'comments']);
    const estimate = await estimateRun({ db: s.db, cache: s.stack.cache, balance: null }, {});
    expect(of(estimate, 'posts')[0]).toMatchObject({ basis: 'reported', pages: Math.ceil(2_147_483_647 / FEED_PATHS.hashtag.pageSize) });
    expect(Number.isFinite(estimate.upperUnits)).toBe(true);
    expect(estimate.suggestedBudget).toBe(MAX_BUDGET);
  });

  it('a post pasted by its link is read once when added (its counts), so the first run’s estimate of its thread holds', async () => {
    const post = sim.world.media.find((m) => !m.commentsDisabled && !sim.world.userByPk.get(m.ownerPk)?.isPrivate && threadOf(sim.world, m).total >= 30)!;
    const s = await study();
    const before = s.stack.ledger.length;
    await paste(s, [`https://www.instagram.com/p/${post.code}/`, 'post:CgAAAAAAAAA'], ['comments']);
    // One lookup per post, through the call service; the unknown post is not added.
    expect(s.stack.ledger.slice(before).map((e) => e.path)).toEqual([POST_PATH, POST_PATH]);
    expect([...s.targets.keys().keys()]).toEqual([`post:${post.pk}`]);
    expect(s.ids('post')).toContain(post.pk);
    const first = await run(s);
    expect(of(first.estimate, 'comments')[0]?.basis).toBe('reported');
    expect(close(likely(of(first.estimate, 'comments')), first.spent(COMMENTS_PATH))).toBe(true);
    // The run reads the post's counts from the cache: the lookup is not paid twice.
    expect(first.spent(POST_PATH)).toBe(0);
  });

  it('a watched post: its thread from the comment count in the cache; the day after, unchanged, the post alone', async () => {
    const post = sim.world.media.find((m) => !m.commentsDisabled && !sim.world.userByPk.get(m.ownerPk)?.isPrivate && threadOf(sim.world, m).total >= 30)!;
    const s = await study();
    expect((await s.stack.calls.call({ path: POST_PATH, params: { id: post.pk } })).ok).toBe(true);
    s.add({ kind: 'post', key: post.pk, label: `post ${post.code}` }, ['comments']);
    const first = await run(s);
    expect(of(first.estimate, 'comments')[0]?.basis).toBe('reported');
    expect(close(likely(of(first.estimate, 'comments')), first.spent(COMMENTS_PATH))).toBe(true);
    expect(first.spent(REPLIES_PATH)).toBeLessThanOrEqual(upper(of(first.estimate, 'replies')));
    const second = await run(s);
    expect(second.estimate.units).toBe(1);
    expect(second.total).toBe(1);
  });

  it('an account read before: its reels again when the posts it likely published since (from its posts’ dates) grew its grid', async () => {
    // A world of its own: this one moves on four days.
    const moving = createSimulator({ seed: 11 });
    const u = moving.world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.postsPerDay >= 0.4 && x.posts.length >= 10 && x.posts.length <= 40 && x.clips.length > 0)!;
    const s = await studySetup(moving);
    open.push(s);
    await paste(s, [u.username], ['posts', 'reels']);
    await run(s);
    const grid = u.posts.length;
    moving.clock.advance(4 * DAY_MS);
    expect(u.posts.length).toBeGreaterThan(grid); // it posted meanwhile, as its pace says
    const second = await run(s, () => Date.now() + 4 * DAY_MS);
    // The grown grid makes the plan read the reels' first page: the likely figure counts it.
    expect(likely(of(second.estimate, 'reels'))).toBe(1);
    expect(second.spent(LIST_PLANS.reels.path)).toBe(1);
    expect(Math.abs(second.estimate.units - second.total)).toBeLessThanOrEqual(1);
  });

  it('a private account: the profile only, as the plan skips its lists unpaid', async () => {
    const u = sim.world.users.find((x) => x.tier === 'main' && x.isPrivate && x.posts.length > 5)!;
    const s = await study();
    await paste(s, [u.username], ['posts', 'reels', 'stories', 'highlights']);
    const { estimate, total } = await run(s);
    expect({ units: estimate.units, upper: estimate.upperUnits, total }).toEqual({ units: 1, upper: 1, total: 1 });
  });
});
