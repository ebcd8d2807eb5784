// A quiet day: what a run costs when nothing changed. A study of accounts of the simulator's world with
// the lists a new account target gets (posts, reels, stories, highlights), a first run, then a second run
// with the world as it was: the world's clock is moved by 0 ms first, which fixes the stories' dates
// (until the world first moves they keep ages relative to "now", so they would look newer at every
// answer) and publishes nothing. Prints the second run's units per account target, and per list.
// Run: node --import tsx scripts/bench-quiet-day.ts
import { createSimulator } from '../electron/simulator/service';
import { DEFAULT_LISTS } from '../shared/study-values';
import { studySetup } from '../test/unit/electron/studies/support';
import { goal } from './bench/support';

const ACCOUNTS = 20;
const GOAL = 2;

const sim = createSimulator();
sim.clock.advance(0);
// Public accounts with a bit of everything (posts, reels, stories, highlights), as a study would follow.
const users = sim.world.users
  .filter((u) => u.tier === 'main' && !u.isPrivate && u.posts.length > 0 && u.posts.length <= 80)
  .sort((a, b) => Number(b.highlights.length > 0) - Number(a.highlights.length > 0) || Number(b.stories.length > 0) - Number(a.stories.length > 0))
  .slice(0, ACCOUNTS);
const s = await studySetup(sim, 10_000_000);
try {
  for (const u of users) s.add({ kind: 'account', key: u.pk, label: `@${u.username}` }, [...DEFAULT_LISTS.account]);
  const runner = s.runner();
  const first = await runner.settled(runner.start({ trigger: 'manual', budget: 100_000, options: {}, estimate: null }).id);
  const steps = sim.clock.advance(0);
  const before = sim.keys.spent(s.key);
  const quiet = await runner.settled(runner.start({ trigger: 'manual', budget: 100_000, options: {}, estimate: null }).id);
  if (!first || !quiet || first.state !== 'done' || quiet.state !== 'done') throw new Error(`runs did not finish: ${first?.state}, ${quiet?.state}`);
  const billed = sim.keys.spent(s.key) - before;
  const perList = s.db
    .prepare('SELECT path, count(*) AS pages, sum(units) AS units FROM requests WHERE run_id = ? GROUP BY path ORDER BY units DESC')
    .all(quiet.id) as { path: string; pages: number; units: number }[];
  const withStories = users.filter((u) => u.stories.length > 0).length;
  const withHighlights = users.filter((u) => u.highlights.length > 0).length;
  console.log(`study: ${users.length} accounts (${withStories} with stories, ${withHighlights} with highlights), lists: ${DEFAULT_LISTS.account.join(', ')}`);
  console.log(`first run: ${first.pages} pages, ${first.unitsSpent} units, ${first.newItems} new records`);
  console.log(`quiet run (world moved ${steps} steps): ${quiet.pages} pages, ${quiet.unitsSpent} units (the simulator billed ${billed}), ${quiet.newItems} new records`);
  for (const l of perList) console.log(`  ${l.path}: ${l.pages} pages, ${l.units} units`);
  const perAccount = quiet.unitsSpent / users.length;
  console.log(`quiet-day: ${perAccount.toFixed(2)} units per account target (goal ≤ ${GOAL})`);
  goal('quiet-day', `${perAccount.toFixed(2)} units per account target`, `<= ${GOAL}`, perAccount <= GOAL && quiet.newItems === 0 && billed === quiet.unitsSpent);
} finally {
  await s.close();
}
