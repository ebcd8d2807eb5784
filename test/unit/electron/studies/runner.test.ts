// Study runs against the real call stack and the simulator: what a run stores is checked against the
// simulator's world, what it spent against the simulator's own bill for the test's key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { threadOf } from '../../../../electron/simulator/world/comments';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import { finished, hooked, studySetup, type StudySetup } from './support';

let sim: Simulator;
const setups: StudySetup[] = [];

beforeAll(() => {
  // Long follower lists: production's follower limit (the simulator's default) is lifted here.
  sim = createSimulator({ followerLimit: false });
  // Stories keep their dates (until the world first moves they would look newer at every answer).
  sim.clock.advance(0);
});
afterAll(async () => {
  for (const s of setups) await s.close();
});

async function setup(balance?: number): Promise<StudySetup> {
  const s = await studySetup(sim, balance);
  setups.push(s);
  return s;
}

function account(test: (u: WorldUser) => boolean): WorldUser {
  const u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && test(x));
  if (!u) throw new Error('no such account in the world');
  return u;
}

const count = (s: StudySetup, sql: string, ...args: (string | number)[]): number => (s.db.prepare(sql).get(...args) as { n: number }).n;

describe('a first run', () => {
  it("reads an account's lists to their end: every post, reel, story and highlight once, for what the simulator billed", async () => {
    const u = account((x) => x.posts.length >= 25 && x.posts.length <= 60 && x.clips.length > 0 && x.stories.length > 0 && x.highlights.length > 0);
    const s = await setup();
    const id = s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['posts', 'reels', 'stories', 'highlights']);
    const runner = s.runner();
    const run = await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);

    expect(run).toMatchObject({ state: 'done', errors: 0 });
    // Reels are posts too: a reel's first page read before the grid's second stores some posts earlier.
    expect(s.listIds(id, 'posts').sort()).toEqual([...u.posts].sort());
    expect(s.listIds(id, 'reels')).toEqual(u.clips);
    expect(s.listIds(id, 'stories')).toEqual(u.stories);
    expect(s.listIds(id, 'highlights')).toEqual(u.highlights);
    for (const h of u.highlights.map((pk) => sim.world.highlightByPk.get(pk)!)) {
      const items = (s.db.prepare("SELECT id FROM records WHERE kind = 'story' AND parent_id = ? ORDER BY rowid").all(h.pk) as { id: string }[]).map((r) => r.id);
      expect(items).toEqual(h.items);
    }
    // Each record once, by its exact id.
    expect(count(s, 'SELECT count(*) AS n FROM records')).toBe(count(s, 'SELECT count(DISTINCT kind || id) AS n FROM records'));
    expect(run.unitsSpent).toBe(sim.keys.spent(s.key));
    expect(run.newItems).toBe(u.posts.length + u.clips.filter((c) => !u.posts.includes(c)).length + u.stories.length + u.highlights.length + 1);
    expect(s.db.prepare('SELECT label, username FROM targets WHERE id = ?').get(id)).toEqual({ label: `@${u.username}`, username: u.username });
    // Every record knows the request it came from, and the request its run.
    expect(count(s, 'SELECT count(*) AS n FROM records r LEFT JOIN requests q ON q.id = r.first_request WHERE q.id IS NULL')).toBe(0);
    expect(count(s, 'SELECT count(*) AS n FROM requests WHERE run_id = ?', run.id)).toBe(run.pages);
  });

  it('reads a sound’s reels and a place’s recent posts, keeps the track as a record, and names both targets', async () => {
    const track = sim.world.tracks.find((t) => t.reels.length >= 3 && t.reels.length <= 30)!;
    const place = sim.world.locations.find((l) => l.recent.length >= 3 && l.recent.length <= 30)!;
    const s = await setup();
    const sound = s.add({ kind: 'music', key: track.canonicalId, label: `sound ${track.canonicalId}` }, ['posts']);
    const where = s.add({ kind: 'place', key: String(place.pk), label: `place ${place.pk}` }, ['posts']);
    const runner = s.runner();
    const run = await finished(runner, runner.start({ trigger: 'manual', budget: 100, options: {}, estimate: null }).id);
    expect(run.state).toBe('done');
    expect(s.listIds(sound, 'posts')).toEqual(track.reels);
    expect(s.listIds(where, 'posts')).toEqual(place.recent);
    expect(s.ids('track')).toEqual([track.id]);
    expect(s.db.prepare('SELECT label FROM targets WHERE id = ?').get(sound)).toEqual({ label: track.title });
    expect(s.db.prepare('SELECT label FROM targets WHERE id = ?').get(where)).toEqual({ label: place.name });
  });

  it('skips the lists of a private account after its profile, spending nothing on them', async () => {
    const u = sim.world.users.find((x) => x.tier === 'main' && x.isPrivate && x.posts.length > 0)!;
    const s = await setup();
    const id = s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['posts', 'reels', 'followers']);
    const runner = s.runner();
    const run = await finished(runner, runner.start({ trigger: 'manual', budget: 100, options: {}, estimate: null }).id);
    expect(run).toMatchObject({ state: 'done', pages: 1, unitsSpent: 1 });
    expect(sim.keys.spent(s.key)).toBe(1);
    expect(runner.table.detail(run.id)?.targets).toEqual([expect.objectContaining({ targetId: id, error: expect.stringContaining('is private') })]);
  });

  it('reads a watched post with its comments and every reply, each once', async () => {
    const world = sim.world;
    const post = world.media.find((m) => {
      if (m.commentsDisabled || world.userByPk.get(m.ownerPk)?.isPrivate) return false;
      const thread = threadOf(world, m);
      return thread.top.length > 15 && thread.top.some((c) => c.replies.length > 10);
    })!;
    const thread = threadOf(world, post);
    const s = await setup();
    s.add({ kind: 'post', key: post.pk, label: `post ${post.code}` }, ['comments']);
    const runner = s.runner();
    const run = await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
    expect(run.state).toBe('done');
    const rows = s.db.prepare("SELECT id, parent_id, post_id FROM records WHERE kind = 'comment'").all() as { id: string; parent_id: string | null; post_id: string }[];
    expect(rows).toHaveLength(thread.total);
    expect(rows.every((r) => r.post_id === post.pk)).toBe(true);
    for (const top of thread.top) {
      expect(rows.filter((r) => r.parent_id === top.pk).map((r) => r.id).sort()).toEqual(top.replies.map((r) => r.pk).sort());
    }
    expect(run.unitsSpent).toBe(sim.keys.spent(s.key));
  });
});

describe('incremental runs', () => {
  it('a second run with nothing new reads the profile and the first page of posts, and stores nothing twice', async () => {
    const u = account((x) => x.posts.length >= 30 && x.clips.length > 12 && x.highlights.length > 0);
    const s = await setup();
    s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['posts', 'reels', 'highlights']);
    const runner = s.runner();
    const first = await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
    const records = count(s, 'SELECT count(*) AS n FROM records');
    const spent = sim.keys.spent(s.key);
    const second = await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
    // profile 1 + first page of posts 1: no story since the tray was read, the post count did not move.
    expect(second).toMatchObject({ state: 'done', newItems: 0, pages: 2, unitsSpent: 2 });
    expect(sim.keys.spent(s.key) - spent).toBe(2);
    expect(first.pages).toBeGreaterThan(second.pages);
    expect(count(s, 'SELECT count(*) AS n FROM records')).toBe(records);
  });

  it('pays only for what is new: a new post is found on the first page and the read stops there', async () => {
    const u = account((x) => x.posts.length >= 30);
    const other = account((x) => x !== u && x.posts.length > 0);
    const s = await setup();
    const id = s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['posts']);
    const runner = s.runner();
    await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
    const added = other.posts[0]!;
    u.posts.unshift(added);
    try {
      const spent = sim.keys.spent(s.key);
      const run = await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
      expect(run).toMatchObject({ state: 'done', newItems: 1, pages: 2, unitsSpent: 2 });
      expect(sim.keys.spent(s.key) - spent).toBe(2);
      expect(s.listIds(id, 'posts')).toEqual([...u.posts.slice(1), added]);
    } finally {
      u.posts.shift();
    }
  });

  it('a run stopped at its budget leaves the rest to the next one: every post once, no gap', async () => {
    const u = account((x) => x.posts.length >= 60);
    const s = await setup();
    const id = s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['posts']);
    const runner = s.runner();
    const first = await finished(runner, runner.start({ trigger: 'manual', budget: 3, options: {}, estimate: null }).id);
    expect(first).toMatchObject({ state: 'stopped_budget', unitsSpent: 3 });
    expect(s.listIds(id, 'posts')).toEqual(u.posts.slice(0, 24));
    const second = await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
    expect(second.state).toBe('done');
    expect(s.listIds(id, 'posts')).toEqual(u.posts);
    expect(runner.get(first.id)?.message).toContain(`run #${second.id}`);
  });

  it('a head read cut short by the budget is finished by the next run (the gap is read, then the read stops at what was known)', async () => {
    const u = account((x) => x.posts.length >= 50);
    const donor = account((x) => x !== u && x.posts.length >= 30);
    const s = await setup();
    const id = s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['posts']);
    const runner = s.runner();
    await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
    const fresh = donor.posts.slice(0, 30);
    u.posts.unshift(...fresh);
    try {
      const cut = await finished(runner, runner.start({ trigger: 'manual', budget: 2, options: {}, estimate: null }).id);
      expect(cut).toMatchObject({ state: 'stopped_budget', newItems: 12 });
      const next = await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
      expect(next.state).toBe('done');
      expect(new Set(s.listIds(id, 'posts'))).toEqual(new Set(u.posts));
      expect(s.listIds(id, 'posts')).toHaveLength(u.posts.length);
    } finally {
      u.posts.splice(0, fresh.length);
    }
  });
});

describe('interrupted, paused and in another session', () => {
  it('a runner stopped after K pages is resumed by a new one: every item once, earlier pages never asked again', async () => {
    const u = account((x) => x.followers.length >= 150 && x.followers.length <= 400);
    const s = await setup();
    const id = s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['followers']);
    let stop: (() => void) | null = null;
    const first = s.runner({ calls: hooked(s.stack.calls, (n) => n === 4 && stop?.()) });
    const started = first.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null });
    stop = () => void first.close();
    await first.settled(started.id);
    const spentBefore = sim.keys.spent(s.key);
    expect(s.listIds(id, 'followers').length).toBeLessThan(u.followers.length);

    const second = s.runner();
    second.open();
    const run = await finished(second, started.id);
    expect(run.state).toBe('done');
    expect(s.listIds(id, 'followers')).toEqual(u.followers);
    const pages = 1 + Math.ceil(u.followers.length / 25);
    // The page that was in flight when the runner stopped is asked again; none before it.
    expect(sim.keys.spent(s.key)).toBeLessThanOrEqual(pages + 1);
    expect(sim.keys.spent(s.key) - spentBefore).toBeLessThanOrEqual(pages - 3 + 1);
  });

  it('pauses after the page under way and resumes where it stopped; a cancelled run stays cancelled and a new run takes over', async () => {
    const u = account((x) => x.followers.length >= 150 && x.followers.length <= 400);
    const s = await setup();
    const id = s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['followers']);
    let runner = s.runner();
    let run = runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null });
    runner.control(run.id, 'pause');
    run = await finished(runner, run.id);
    expect(run.state).toBe('paused');
    runner.control(run.id, 'resume');
    runner.control(run.id, 'pause');
    run = await finished(runner, run.id);
    const pages = run.pages;
    runner.control(run.id, 'cancel');
    expect(runner.get(run.id)?.state).toBe('cancelled');
    const spent = sim.keys.spent(s.key);
    // Resume and "more budget" of a cancelled run are refused, after a restart too, and spend nothing.
    runner = s.runner();
    expect(() => runner.control(run.id, 'resume')).toThrow(/stays cancelled/);
    expect(() => runner.raiseBudget(run.id, 2000)).toThrow(/stays cancelled/);
    expect(() => runner.confirm(run.id, 100)).toThrow(/stays cancelled/);
    // Even with its row edited back to "paused" in the database.
    s.db.prepare("UPDATE runs SET state = 'paused' WHERE id = ?").run(run.id);
    expect(() => runner.control(run.id, 'resume')).toThrow(/stays cancelled/);
    s.db.prepare("UPDATE runs SET state = 'cancelled' WHERE id = ?").run(run.id);
    expect(sim.keys.spent(s.key)).toBe(spent);
    expect(runner.get(run.id)?.pages).toBe(pages);
    const next = await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
    expect(next.state).toBe('done');
    expect(s.listIds(id, 'followers')).toEqual(u.followers);
  });

  it('a run from elsewhere (nothing authorised here) that the user cancelled stays cancelled, even edited back', async () => {
    const s = await setup();
    s.add({ kind: 'account', key: account((x) => x.followers.length > 50).pk, label: 'someone' }, ['followers']);
    const session = s.stack.session.info;
    // A run this computer never authorised, as a study folder from a colleague holds it.
    const { id } = s.db
      .prepare("INSERT INTO runs (trigger, state, budget, session_id, mode, origin, started_at, updated_at) VALUES ('manual', 'paused', 500, 'elsewhere', ?, ?, 0, 0) RETURNING id")
      .get(session.mode, session.origin) as { id: number };
    const runner = s.runner();
    runner.control(id, 'cancel');
    s.db.prepare("UPDATE runs SET state = 'paused' WHERE id = ?").run(id);
    expect(() => runner.control(id, 'resume')).toThrow(/stays cancelled/);
    expect(() => s.runner().confirm(id, 100)).toThrow(/stays cancelled/);
  });

  it('a run started in the live session waits in demo mode, says why, and goes on only back in its session', async () => {
    const u = account((x) => x.followers.length >= 150 && x.followers.length <= 400);
    const s = await setup();
    s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['followers']);
    const live = s.stack.session.info;
    let current = live;
    const demo = { ...live, id: 'demo-session', mode: 'demo' as const, origin: 'https://api.feedlens-sim.invalid' };
    const runner = s.runner({ session: () => current, calls: hooked(s.stack.calls, (n) => n === 2 && (current = demo)) });
    const run = await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
    expect(run.state).toBe('paused');
    expect(run.message).toContain('started in the live service and Feedlens is now on demo mode');
    expect(() => runner.control(run.id, 'resume')).toThrow(/demo mode/);
    current = live;
    runner.control(run.id, 'resume');
    expect((await finished(runner, run.id)).state).toBe('done');
  });
});

describe('a day later, with the world clock', () => {
  it('reads only what the accounts published: every page it buys after a list’s first holds something new', async () => {
    const s = await setup();
    const users = sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.posts.length >= 5 && u.posts.length <= 40).slice(0, 8);
    const ids = users.map((u) => s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['posts', 'reels']));
    const runner = s.runner();
    const first = await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
    expect(first.state).toBe('done');
    const before = new Map(users.map((u) => [u.pk, new Set(u.posts)]));
    sim.clock.advance(86_400_000);
    const fresh = users.flatMap((u) => u.posts.filter((pk) => !before.get(u.pk)!.has(pk)));
    const spent = sim.keys.spent(s.key);
    const second = await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
    expect(second.state).toBe('done');
    const pages = s.db.prepare('SELECT path, params, units, items, new_items FROM requests WHERE run_id = ? ORDER BY rowid').all(second.id) as { path: string; params: string; units: number; items: number; new_items: number }[];
    const billed = pages.filter((p) => p.units > 0);
    // A list's first page must be asked to know whether anything is new; any later page holds something new.
    const later = billed.filter((p) => /"(end_cursor|max_id)"/.test(p.params));
    expect(later.filter((p) => p.new_items === 0)).toEqual([]);
    expect(sim.keys.spent(s.key) - spent).toBe(second.unitsSpent);
    // Every new post is in the study once, and nothing else is new.
    for (const [i, u] of users.entries()) expect(new Set(s.listIds(ids[i]!, 'posts'))).toEqual(new Set([...before.get(u.pk)!, ...u.posts]));
    expect(second.newItems).toBeGreaterThanOrEqual(fresh.length);
    expect(second.unitsSpent).toBeLessThan(first.unitsSpent);
  });
});
