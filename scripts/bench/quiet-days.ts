// A tool for docs/decisions/quiet-runs.md, not a goal of its own: 20 accounts of the simulator with the
// lists a new account target gets, a first run, then runs every EVERY hours (default 6) for DAYS days
// (default 3) while the world's clock moves (accounts publish posts, reels and stories; some delete
// posts). Prints the units spent after the first run, per endpoint, and what the study misses of what
// the world shows at the end (posts, reels, highlights).
// Run: EVERY=24 DAYS=4 node --import tsx scripts/bench/quiet-days.ts
import { createSimulator } from '../../electron/simulator/service';
import { DEFAULT_LISTS } from '../../shared/study-values';
import { studySetup } from '../../test/unit/electron/studies/support';

const every = Number(process.env.EVERY ?? 6);
const days = Number(process.env.DAYS ?? 3);
const sim = createSimulator();
sim.clock.advance(0);
const users = sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.posts.length > 0 && u.posts.length <= 80).slice(0, 20);
const s = await studySetup(sim, 10_000_000);
try {
  const ids = users.map((u) => s.add({ kind: 'account', key: u.pk, label: `@${u.username}` }, [...DEFAULT_LISTS.account]));
  const runner = s.runner();
  let first = 0;
  let later = 0;
  const perPath = new Map<string, number>();
  for (let i = 0; i <= (days * 24) / every; i++) {
    if (i > 0) sim.clock.advance(every * 3_600_000);
    const run = await runner.settled(runner.start({ trigger: 'manual', budget: 100_000, options: {}, estimate: null }).id);
    if (run?.state !== 'done') throw new Error(`run ${i} ended ${run?.state}`);
    if (i === 0) {
      first = run.unitsSpent;
      continue;
    }
    later += run.unitsSpent;
    for (const row of s.db.prepare('SELECT path, sum(units) AS units FROM requests WHERE run_id = ? GROUP BY path').all(run.id) as { path: string; units: number }[]) {
      perPath.set(row.path, (perPath.get(row.path) ?? 0) + row.units);
    }
  }
  const missing = { posts: 0, reels: 0, highlights: 0 };
  for (const [i, u] of users.entries()) {
    const held = (list: string) => new Set(s.listIds(ids[i]!, list));
    const [posts, reels, highlights] = [held('posts'), held('reels'), held('highlights')];
    missing.posts += u.posts.filter((pk) => !posts.has(pk)).length;
    missing.reels += u.clips.filter((pk) => !reels.has(pk)).length;
    missing.highlights += u.highlights.filter((pk) => !highlights.has(pk)).length;
  }
  console.log(`${users.length} accounts, a run every ${every} h for ${days} days: first run ${first} units; later runs ${later} units (${(later / users.length / days).toFixed(2)} per account a day)`);
  console.log(`  by endpoint: ${[...perPath].map(([path, units]) => `${path} ${units}`).join(', ')}`);
  console.log(`  missing at the end: ${missing.posts} posts, ${missing.reels} reels, ${missing.highlights} highlights`);
} finally {
  await s.close();
}
