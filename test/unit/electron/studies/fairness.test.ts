// A run shares its budget across targets (issue 36, item 2): with a budget far below what the study needs,
// every target gets its profile and the first page of each of its lists before any target goes deep into
// later pages (or the comments of its posts); then depth goes to the target that has spent least.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { finished, studySetup, type StudySetup } from './support';

let sim: Simulator;
let s: StudySetup;

beforeAll(async () => {
  sim = createSimulator({ seed: 11 });
  s = await studySetup(sim);
});
afterAll(async () => s.close());

it('with half of what the study needs, every target gets its newest page before any goes deep; depth is then shared', async () => {
  const users = sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.posts.length >= 30 && u.clips.length >= 13).slice(0, 6);
  expect(users).toHaveLength(6);
  const ids = users.map((u) => s.add({ kind: 'account', key: u.pk, label: `@${u.username}` }, ['posts', 'reels']));
  // Each account: its profile, the first page of posts and of reels (3 units) is what is newest; the later
  // pages of its grid and reels are the depth.
  const budget = 3 * ids.length + 12;
  const runner = s.runner();
  const run = await finished(runner, runner.start({ trigger: 'manual', budget, options: {}, estimate: null }).id);
  expect(run.state).toBe('stopped_budget');

  const firstPages = s.db.prepare("SELECT count(*) AS n FROM requests WHERE run_id = ? AND target_id = ? AND params NOT LIKE '%max_id%' AND params NOT LIKE '%end_cursor%' AND path IN (?, ?, ?)");
  const units = s.db.prepare('SELECT units FROM run_targets WHERE run_id = ? AND target_id = ?');
  const shares: number[] = [];
  for (const id of ids) {
    // The profile, and the first page of posts and reels, of every target.
    expect((firstPages.get(run.id, id, '/v2/user/by/id', '/v1/user/medias/chunk', '/v1/user/clips/chunk') as { n: number }).n).toBe(3);
    shares.push((units.get(run.id, id) as { units: number }).units);
  }
  // The depth after that went round the targets: none spent more than a few units beyond the others.
  console.log(`fairness: units per target with ${budget} units for ${ids.length} targets: ${shares.join(', ')}`);
  expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(3);
  expect(shares.reduce((a, b) => a + b, 0)).toBe(run.unitsSpent);

  // Its report says, per target, what is left for the next run; the next run goes on from there.
  const detail = runner.table.detail(run.id)!;
  expect(detail.targets.map((t) => t.targetId)).toEqual(ids);
  expect(detail.targets.every((t) => t.left > 0)).toBe(true);
  const next = await finished(runner, runner.start({ trigger: 'manual', budget: 5000, options: {}, estimate: null }).id);
  expect(next.state).toBe('done');
  for (const [i, u] of users.entries()) expect(s.listIds(ids[i]!, 'posts').sort()).toEqual([...u.posts].sort());
  expect(runner.table.detail(next.id)!.targets.every((t) => t.left === 0)).toBe(true);
});
