// A run reads several pages at once (issue 36, item 4): with random latencies the pages come back in any
// order, and still no run spends one unit past its budget, what the service billed is what the runs
// counted, every item is stored once, and several studies' runs go on side by side.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { createGrantStore, scopeOf } from '../../../../electron/studies/grants';
import type { CallService } from '../../../../electron/calls/calls';
import { finished, studySetup, type StudySetup } from './support';

let sim: Simulator;
const setups: StudySetup[] = [];

beforeAll(() => {
  sim = createSimulator({ seed: 23, followerLimit: false });
});
afterAll(async () => {
  for (const s of setups) await s.close();
});

/** The call service with a random wait before each call: answers come back in any order. */
function jittered(calls: Pick<CallService, 'call'>, random: () => number): Pick<CallService, 'call'> {
  return {
    call: async (args, options) => {
      await new Promise((r) => setTimeout(r, Math.floor(random() * 12)));
      return calls.call(args, options);
    },
  };
}

/** A small seeded random source, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let x = seed;
  return () => ((x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

it('never spends one unit past a run’s budget, with pages in flight and answers in any order, in three studies at once', async () => {
  const users = sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.posts.length >= 15 && u.followers.length >= 60).slice(0, 12);
  expect(users.length).toBe(12);
  const random = seeded(7);
  const studies = await Promise.all(
    [0, 1, 2].map(async (n) => {
      const s = await studySetup(sim);
      setups.push(s);
      for (const u of users.slice(n * 4, n * 4 + 4)) s.add({ kind: 'account', key: u.pk, label: `@${u.username}` }, ['posts', 'reels', 'followers', 'comments']);
      return s;
    }),
  );
  const spentBefore = studies.map((s) => sim.keys.spent(s.key));
  const runs: { budget: number; spent: number }[] = [];
  // Each study: runs one after the other with budgets from a handful of units to a few dozen.
  await Promise.all(
    studies.map(async (s, n) => {
      const runner = s.runner({ calls: jittered(s.stack.calls, random), concurrency: 12 });
      for (let i = 0; i < 4; i++) {
        const budget = 3 + Math.floor(random() * 40);
        const run = await finished(runner, runner.start({ trigger: 'manual', budget, options: {}, estimate: null }).id);
        expect(['done', 'stopped_budget']).toContain(run.state);
        runs.push({ budget, spent: run.unitsSpent });
        // Main's own count agrees, and nothing is left reserved.
        const grant = createGrantStore(s.dir, () => undefined).study('test-study-0001').get(scopeOf(s.stack.session.info), 'run', run.id)!;
        expect(grant).toMatchObject({ spent: run.unitsSpent, reserved: 0 });
        expect(s.db.prepare('SELECT reserved FROM runs WHERE id = ?').get(run.id)).toEqual({ reserved: 0 });
      }
      // What the service billed this study's key is what its runs counted.
      const counted = (s.db.prepare('SELECT sum(units_spent) AS n FROM runs').get() as { n: number }).n;
      expect(sim.keys.spent(s.key) - spentBefore[n]!).toBe(counted);
      // Every record once, by its exact id.
      expect(s.db.prepare('SELECT count(*) - count(DISTINCT kind || id) AS n FROM records').get()).toEqual({ n: 0 });
    }),
  );
  expect(runs).toHaveLength(12);
  for (const r of runs) expect(r.spent).toBeLessThanOrEqual(r.budget);
  // The budgets were small: most runs stopped right at them, so the check above had something to hold.
  expect(runs.filter((r) => r.spent >= r.budget - 2).length).toBeGreaterThan(6);
}, 60_000);

it('reads pages of different lists side by side, one list’s pages one after the other', async () => {
  const s = await studySetup(sim);
  setups.push(s);
  const users = sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.posts.length >= 30 && u.followers.length >= 100).slice(0, 4);
  const ids = users.map((u) => s.add({ kind: 'account', key: u.pk, label: `@${u.username}` }, ['posts', 'followers']));
  let inFlight = 0;
  let most = 0;
  const lists = new Map<string, number>();
  let sameListAtOnce = 0;
  const watched: Pick<CallService, 'call'> = {
    call: async (args, options) => {
      const list = `${args.path}|${JSON.stringify({ ...args.params, max_id: undefined, end_cursor: undefined, page_id: undefined })}`;
      inFlight += 1;
      most = Math.max(most, inFlight);
      lists.set(list, (lists.get(list) ?? 0) + 1);
      if (lists.get(list)! > 1) sameListAtOnce += 1;
      try {
        await new Promise((r) => setTimeout(r, 5));
        return await s.stack.calls.call(args, options);
      } finally {
        inFlight -= 1;
        lists.set(list, lists.get(list)! - 1);
      }
    },
  };
  // A first run stopped early leaves each list's rest (its tail); a day later the next run reads each list's
  // new top and that rest: two reads of one list, which must not run side by side.
  const runner = s.runner({ calls: watched, concurrency: 6 });
  expect((await finished(runner, runner.start({ trigger: 'manual', budget: 14, options: {}, estimate: null }).id)).state).toBe('stopped_budget');
  sim.clock.advance(86_400_000);
  const run = await finished(runner, runner.start({ trigger: 'manual', budget: 2000, options: {}, estimate: null }).id);
  expect(run.state).toBe('done');
  const twoReads = s.db.prepare("SELECT count(*) AS n FROM requests WHERE run_id = ? AND path = '/v1/user/followers/chunk' AND params NOT LIKE '%max_id%'").get(run.id) as { n: number };
  expect(twoReads.n).toBeGreaterThan(0);
  expect(most).toBe(6);
  expect(sameListAtOnce).toBe(0);
  for (const [i, u] of users.entries()) expect(s.listIds(ids[i]!, 'followers').sort()).toEqual(expect.arrayContaining([...u.followers].sort()));
});

it('paused while pages are under way and resumed before they came back, a run goes on to its end', async () => {
  const s = await studySetup(sim);
  setups.push(s);
  const users = sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.followers.length >= 100).slice(0, 3);
  const ids = users.map((u) => s.add({ kind: 'account', key: u.pk, label: `@${u.username}` }, ['followers']));
  // Calls wait at a gate the test opens one by one.
  const gate: (() => void)[] = [];
  let held = true;
  const gated: Pick<CallService, 'call'> = {
    call: async (args, options) => {
      if (held) await new Promise<void>((open) => gate.push(open));
      return s.stack.calls.call(args, options);
    },
  };
  const runner = s.runner({ calls: gated, concurrency: 6 });
  const { id } = runner.start({ trigger: 'manual', budget: 5000, options: {}, estimate: null });
  const waitFor = async (test: () => boolean) => {
    for (let i = 0; i < 500 && !test(); i++) await new Promise((r) => setTimeout(r, 5));
  };
  // The three profiles, then each account's first page of followers: three pages under way.
  for (let n = 0; n < 3; n++) {
    await waitFor(() => gate.length > 0);
    gate.shift()!();
  }
  await waitFor(() => gate.length === 3);
  runner.control(id, 'pause');
  const pagesBefore = runner.get(id)!.pages;
  gate.shift()!(); // one page comes back: the run sees it is paused and waits for the two others
  await waitFor(() => runner.get(id)!.pages > pagesBefore);
  expect(runner.get(id)!.state).toBe('paused');
  runner.control(id, 'resume'); // before they came back
  held = false;
  for (const open of gate.splice(0)) open();
  const run = await finished(runner, id);
  expect(run.state).toBe('done');
  for (const [i, u] of users.entries()) expect(s.listIds(ids[i]!, 'followers').sort()).toEqual(expect.arrayContaining([...u.followers].sort()));
});
