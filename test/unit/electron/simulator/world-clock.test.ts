// The world keeps time: advanced (by tests, or by real time in demo mode), accounts publish posts, reels and
// stories, stories expire, counts change and a few posts disappear, the same way for the same seed.
import { describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { startSimulatorServer } from '../../../../electron/simulator/http';
import type { WorldUser } from '../../../../electron/simulator/world/world';
import { parseLossless } from '../../../../shared/api/json';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);

function simAt(clock: { now: number }, seed = 7): Simulator {
  return createSimulator({ seed, now: () => clock.now });
}

async function get(sim: Simulator, path: string): Promise<{ status: number; body: unknown }> {
  const res = await sim.handle(new Request(`https://api.feedlens-sim.invalid${path}`, { headers: { 'x-access-key': sim.demoKey, 'user-agent': 'test' } }));
  return { status: res.status, body: parseLossless(await res.text()) };
}

const snapshot = (sim: Simulator) => sim.world.users.filter((u) => u.tier === 'main').map((u) => [u.pk, u.posts.join(','), u.stories.join(','), u.followers.length]);

describe('the world clock', () => {
  it('is deterministic: the same seed advanced the same way gives the same world', () => {
    const a = simAt({ now: T0 });
    const b = simAt({ now: T0 });
    expect(a.clock.advance(DAY)).toBe(24);
    b.clock.advance(6 * 3_600_000);
    b.clock.advance(18 * 3_600_000);
    expect(snapshot(a)).toEqual(snapshot(b));
    const c = simAt({ now: T0 }, 8);
    c.clock.advance(DAY);
    expect(snapshot(c)).not.toEqual(snapshot(a));
  });

  it('a day later: accounts published posts and reels, dated that day, first in their lists and in tag, place and sound feeds', async () => {
    const sim = simAt({ now: T0 });
    const before = new Map(sim.world.users.map((u) => [u.pk, [...u.posts]]));
    sim.clock.advance(DAY);
    const posted = sim.world.users.filter((u) => u.tier === 'main' && u.posts[0] !== before.get(u.pk)?.[0] && !before.get(u.pk)?.includes(u.posts[0] ?? ''));
    // As many accounts as their seeded paces make likely to post in a day (a few dozen of 320: most post
    // every week or two).
    const expected = sim.world.users.reduce((n, u) => n + 1 - Math.exp(-u.postsPerDay), 0);
    expect(expected).toBeGreaterThan(20);
    expect(posted.length).toBeGreaterThan(expected * 0.6);
    expect(posted.length).toBeLessThan(expected * 1.4);
    const newPks = posted.flatMap((u) => u.posts.filter((pk) => !before.get(u.pk)?.includes(pk)));
    for (const pk of newPks) {
      const m = sim.world.mediaByPk.get(pk)!;
      expect(m.takenAt * 1000).toBeGreaterThan(T0 - 1000);
      expect(m.takenAt * 1000).toBeLessThanOrEqual(T0 + DAY);
    }
    expect(newPks.some((pk) => sim.world.mediaByPk.get(pk)?.productType === 'clips')).toBe(true);
    // Newest first, as the service lists them: the new ones come before what was there.
    const u = posted.find((x) => !x.isPrivate)!;
    const { body } = await get(sim, `/v1/user/medias/chunk?user_id=${u.pk}`);
    const first = (body as [{ pk: string | number }[]])[0][0]!;
    expect(String(first.pk)).toBe(u.posts[0]);
    const tagged = newPks.map((pk) => sim.world.mediaByPk.get(pk)!).find((m) => m.hashtags.length > 0 && !sim.world.userByPk.get(m.ownerPk)?.isPrivate)!;
    expect(sim.world.hashtagByName.get(tagged.hashtags[0]!)?.recent).toContain(tagged.pk);
  });

  it('keeps each account’s seeded pace: posts a day over a week are those its seeded dates imply', () => {
    const sim = simAt({ now: T0 });
    const world = sim.world;
    const ownPosts = (u: WorldUser) => u.posts.map((pk) => world.mediaByPk.get(pk)!).filter((m) => m.ownerPk === u.pk);
    // The rate the dates of an account's posts imply: posts between its oldest and newest, per day.
    const implied = new Map<WorldUser, number>();
    for (const u of world.users) {
      const dates = ownPosts(u).map((m) => m.takenAt);
      if (dates.length >= 5) implied.set(u, (dates.length - 1) / ((Math.max(...dates) - Math.min(...dates)) / 86_400));
    }
    const silent = world.users.filter((u) => u.tier === 'main' && u.posts.length === 0);
    sim.clock.advance(7 * DAY);
    const perDay = (u: WorldUser) => ownPosts(u).filter((m) => m.takenAt * 1000 > T0).length / 7;
    // Accounts posting every few days and those posting every week or more: each group as its dates say.
    const groups = [[...implied].filter(([, r]) => r >= 0.15), [...implied].filter(([, r]) => r < 0.15)];
    for (const group of groups) {
      expect(group.length).toBeGreaterThan(30);
      const want = group.reduce((n, [, r]) => n + r, 0);
      const got = group.reduce((n, [u]) => n + perDay(u), 0);
      expect(got / want).toBeGreaterThan(0.7);
      expect(got / want).toBeLessThan(1.3);
    }
    // An account that never posted does not start.
    for (const u of silent) expect(ownPosts(u)).toEqual([]);
  });

  it('keeps each account’s story pace: as many a day as it showed in the seeded day, none for those that showed none', () => {
    const sim = simAt({ now: T0 });
    const world = sim.world;
    const main = world.users.filter((u) => u.tier === 'main');
    const shown = new Map(main.map((u) => [u, u.stories.length]));
    sim.clock.advance(7 * DAY);
    const perDay = (u: WorldUser) => u.stories.filter((pk) => (world.storyByPk.get(pk)?.takenAt ?? 0) * 1000 > T0).length / 7;
    const showing = main.filter((u) => shown.get(u)! > 0);
    const want = showing.reduce((n, u) => n + shown.get(u)!, 0);
    const got = showing.reduce((n, u) => n + perDay(u), 0);
    expect(got / want).toBeGreaterThan(0.85);
    expect(got / want).toBeLessThan(1.15);
    expect(main.filter((u) => shown.get(u) === 0 && perDay(u) > 0)).toEqual([]);
  });

  it('stories expire a day after they were taken, and new ones appear', async () => {
    const clock = { now: T0 };
    const sim = simAt(clock);
    const owner = sim.world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.stories.length > 0)!;
    const first = await get(sim, `/v1/user/stories?user_id=${owner.pk}`);
    const ids = (first.body as { pk: string | number }[]).map((s) => String(s.pk));
    expect(ids.length).toBe(owner.stories.length);
    sim.clock.advance(DAY + 3_600_000);
    const later = await get(sim, `/v1/user/stories?user_id=${owner.pk}`);
    const now = (later.body as { pk: string | number; expiring_at?: number }[]).map((s) => String(s.pk));
    expect(now.filter((pk) => ids.includes(pk))).toEqual([]);
    const fresh = sim.world.users.filter((u) => u.stories.some((pk) => (sim.world.storyByPk.get(pk)?.takenAt ?? 0) * 1000 > T0));
    expect(fresh.length).toBeGreaterThan(20);
  });

  it('counts change and a few posts disappear: gone from lists and lookups', async () => {
    const sim = simAt({ now: T0 });
    const newest = sim.world.users.filter((u) => u.tier === 'main' && u.posts.length > 5).map((u) => sim.world.mediaByPk.get(u.posts[0]!)!);
    const likes = newest.map((m) => m.likeCount);
    const all = new Set(sim.world.media.map((m) => m.pk));
    sim.clock.advance(7 * DAY);
    expect(newest.filter((m, i) => m.likeCount > likes[i]!).length).toBeGreaterThan(newest.length / 2);
    const gone = [...all].filter((pk) => !sim.world.mediaByPk.has(pk));
    expect(gone.length).toBeGreaterThan(0);
    const m = sim.world.media.find((x) => x.pk === gone[0])!;
    expect(sim.world.userByPk.get(m.ownerPk)?.posts).not.toContain(m.pk);
    const lookup = await get(sim, `/v1/media/by/id?id=${m.pk}`);
    expect(lookup.status).toBe(404);
  });

  it('in demo mode the world moves by itself as time passes; a world that never moves does not change', async () => {
    const clock = { now: T0 };
    const sim = simAt(clock);
    const still = snapshot(sim);
    clock.now += 50 * 60_000;
    await get(sim, '/sys/balance');
    expect(snapshot(sim)).toEqual(still);
    clock.now += 3 * 3_600_000;
    await get(sim, '/sys/balance');
    expect(snapshot(sim)).not.toEqual(still);
    expect(sim.clock.now()).toBe(clock.now);
  });

  it('is moved over HTTP through the control endpoint', async () => {
    const server = await startSimulatorServer({ seed: 7, now: () => T0 });
    try {
      const res = await fetch(`${server.url}/__control/clock`, { method: 'POST', body: JSON.stringify({ advanceMs: DAY }) });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { now: number; steps: number };
      expect(body.steps).toBe(24);
      expect(body.now).toBe(T0 + DAY);
      expect((await fetch(`${server.url}/__control/clock`, { method: 'POST', body: '{"advanceMs": -1}' })).status).toBe(400);
    } finally {
      await server.close();
    }
  });
});
