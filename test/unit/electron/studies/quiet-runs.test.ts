// Quiet runs: a run that finds nothing new reads an account's profile and the first page of its grid
// (2 units); the profile decides the rest. Stories and the highlights tray are read when it shows a story
// newer than the study's (than the tray's last read), the first page of reels when the post count moved.
// The world's clock is moved by 0 ms first: the stories keep their dates and nothing is published.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../../electron/studies/db';
import { estimateRun } from '../../../../electron/studies/estimate';
import { highlightsDue, reelsHeadDue } from '../../../../electron/studies/profile-signals';
import { createTargetsTable } from '../../../../electron/studies/targets';
import { createListStates } from '../../../../electron/studies/tasks';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import type { Profile } from '../../../../shared/records';
import { DEFAULT_LISTS } from '../../../../shared/study-values';
import { tempDir } from '../jobs/support';
import { finished, studySetup, type StudySetup } from './support';

const PROFILE = '/v2/user/by/id';
const POSTS = '/v1/user/medias/chunk';
const REELS = '/v1/user/clips/chunk';
const STORIES = '/v1/user/stories';
const TRAY = '/v1/user/highlights';

let sim: Simulator;
const setups: StudySetup[] = [];
beforeAll(() => {
  sim = createSimulator();
  sim.clock.advance(0);
});
afterAll(async () => {
  for (const s of setups) await s.close();
});

function account(test: (u: WorldUser) => boolean): WorldUser {
  const u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.posts.length > 0 && x.posts.length <= 60 && test(x));
  if (!u) throw new Error('no such account in the world');
  return u;
}

/** A study of one account with the lists a new account target gets, after its first run. */
async function followed(u: WorldUser): Promise<{ s: StudySetup; id: number; run: () => Promise<{ units: number; billed: number; paths: string[]; newItems: number }> }> {
  const s = await studySetup(sim);
  setups.push(s);
  const id = s.add({ kind: 'account', key: u.pk, label: `@${u.username}` }, [...DEFAULT_LISTS.account]);
  const runner = s.runner();
  const run = async () => {
    const before = sim.keys.spent(s.key);
    const r = await finished(runner, runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null }).id);
    expect(r.state).toBe('done');
    const paths = (s.db.prepare('SELECT path FROM requests WHERE run_id = ? ORDER BY rowid').all(r.id) as { path: string }[]).map((p) => p.path);
    return { units: r.unitsSpent, billed: sim.keys.spent(s.key) - before, paths, newItems: r.newItems };
  };
  await run();
  return { s, id, run };
}

describe('a run that finds nothing new', () => {
  it('costs 2 units per account: its profile and the first page of its posts', async () => {
    const u = account((x) => x.clips.length > 0 && x.stories.length > 0 && x.highlights.length > 0);
    const { run } = await followed(u);
    const quiet = await run();
    expect(quiet).toEqual({ units: 2, billed: 2, paths: [PROFILE, POSTS], newItems: 0 });
  });

  it('reads stories and the highlights tray once the profile shows a story posted since, and then no more', async () => {
    const u = account((x) => x.stories.length > 0 && x.highlights.length > 0);
    const { run } = await followed(u);
    const newest = sim.world.storyByPk.get(u.stories.at(-1)!)!;
    const was = newest.takenAt;
    // A story newer than any the study knew, yet older than this computer's clock when the tray was read
    // (as with a clock running ahead): the service's own times decide, so the tray is read.
    newest.takenAt = was! + 1;
    try {
      const after = await run();
      expect([...after.paths].sort()).toEqual([PROFILE, STORIES, TRAY, POSTS].sort()); // read side by side: in any order
      expect(after.units).toBe(6);
      expect((await run()).paths).toEqual([PROFILE, POSTS]);
    } finally {
      newest.takenAt = was;
    }
  });

  it('reads the first page of reels only when the post count moved, and then finds the new reel', async () => {
    const u = account((x) => x.clips.length > 0);
    const other = account((x) => x !== u && x.clips.length > 0);
    const { s, id, run } = await followed(u);
    expect((await run()).paths).not.toContain(REELS);
    const added = other.clips[0]!;
    u.posts.unshift(added);
    u.clips.unshift(added);
    try {
      const after = await run();
      expect(after.paths).toContain(REELS);
      expect(s.listIds(id, 'reels')).toContain(added);
      expect((await run()).paths).not.toContain(REELS);
    } finally {
      u.posts.shift();
      u.clips.shift();
    }
  });

  it('is estimated so once the profile was opened since (a fresh copy in the cache): no tray, no reels', async () => {
    const u = account((x) => x.clips.length > 0 && x.highlights.length > 0);
    const { s } = await followed(u);
    // The user opens the profile: the app's call stack caches it.
    expect((await s.stack.calls.call({ path: PROFILE, params: { id: u.pk }, refresh: true })).ok).toBe(true);
    const estimate = await estimateRun({ db: s.db, cache: s.stack.cache, balance: null }, {});
    expect(estimate.lines.filter((l) => l.units > 0).map((l) => l.what)).toEqual([expect.stringMatching(/^posts/)]);
    expect(estimate.units).toBe(1);
  });

  it('never reads the highlights tray of an account whose profile says it has none', async () => {
    const u = account((x) => x.highlights.length === 0);
    const { s } = await followed(u);
    expect(s.db.prepare('SELECT count(*) AS n FROM requests WHERE path = ?').get(TRAY)).toEqual({ n: 0 });
  });
});

describe('where the profile does not say', () => {
  it('reads the tray and the first page of reels as before', async () => {
    const temp = await tempDir();
    const db = openDb(join(temp.path, 'study.sqlite'), { appVersion: 'test' });
    try {
      createTargetsTable(db).add({ kind: 'account', key: '1', label: '@a' }, { lists: ['posts', 'reels', 'highlights'], since: null, until: null, maxUnitsPerRun: null }, 0);
      const states = createListStates(db);
      const at = Date.now();
      // Read last with 40 posts and the newest story taken at 1000 (epoch seconds).
      for (const list of ['highlights', 'reels', 'stories'] as const) states.set({ targetId: 1, list, contextId: '' }, { complete: true, lastReadAt: at, count: list === 'reels' ? 40 : 1000 });
      const told = { kind: 'profile', latestReelMedia: 1000, counts: { media: 40, followers: 1, following: 1 }, raw: { has_highlight_reels: true } } as unknown as Profile;
      const silent = { ...told, latestReelMedia: undefined, counts: { media: null, followers: 1, following: 1 }, raw: {} } as unknown as Profile;
      expect(highlightsDue(told, states, 1)).toBe(false);
      expect(reelsHeadDue(told, states, 1, new Set(['posts', 'reels']))).toBe(false);
      expect(highlightsDue(silent, states, 1)).toBe(true);
      expect(reelsHeadDue(silent, states, 1, new Set(['posts', 'reels']))).toBe(true);
      // Without the grid in the run, nothing shows a new reel: its first page is read.
      expect(reelsHeadDue(told, states, 1, new Set(['reels']))).toBe(true);
    } finally {
      db.close();
      await temp.remove();
    }
  });
});
