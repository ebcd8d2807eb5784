// Fairness of a run's budget: a study of accounts of very different sizes and hashtags (comments and
// replies on for some) is run once to its end to learn what it needs, then the same study, made afresh,
// is run with half of that. Prints each target's share of the units and whether it got its newest page
// (its profile or first feed page, and the first page of each of its lists); the goal: every target did.
// Run: npm run bench:fairness
import { createSimulator } from '../electron/simulator/service';
import type { CollectList } from '../shared/ipc/studies';
import { finished, studySetup, type StudySetup } from '../test/unit/electron/studies/support';
import { goal } from './bench/support';

const ACCOUNT: CollectList[] = ['posts', 'reels', 'stories', 'highlights'];

/** The study: 12 accounts (the 4 largest with comments) and 4 hashtags (2 with comments). */
async function study(): Promise<{ s: StudySetup; ids: number[]; labels: string[] }> {
  const sim = createSimulator({ seed: 7 });
  const s = await studySetup(sim, 10_000_000);
  const accounts = sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate).sort((a, b) => b.posts.length - a.posts.length || a.pk.localeCompare(b.pk));
  const picked = [...accounts.slice(0, 4), ...accounts.slice(-8)];
  const tags = [...sim.world.hashtags].sort((a, b) => b.recent.length - a.recent.length).slice(0, 4);
  const ids: number[] = [];
  const labels: string[] = [];
  for (const [i, u] of picked.entries()) {
    ids.push(s.add({ kind: 'account', key: u.pk, label: `@${u.username}` }, i < 4 ? [...ACCOUNT, 'comments'] : ACCOUNT));
    labels.push(`@${u.username} (${u.posts.length} posts)`);
  }
  for (const [i, t] of tags.entries()) {
    ids.push(s.add({ kind: 'hashtag', key: t.name.toLowerCase(), label: `#${t.name}` }, i < 2 ? ['posts', 'comments'] : ['posts']));
    labels.push(`#${t.name}`);
  }
  return { s, ids, labels };
}

const full = await study();
const fullRunner = full.s.runner();
const whole = await finished(fullRunner, fullRunner.start({ trigger: 'manual', budget: 1_000_000, options: {}, estimate: null }).id);
await full.s.close();
const budget = Math.floor(whole.unitsSpent / 2);

const half = await study();
const runner = half.s.runner();
const run = await finished(runner, runner.start({ trigger: 'manual', budget, options: {}, estimate: null }).id);
const newest = half.s.db.prepare(
  `SELECT count(*) AS n FROM requests WHERE run_id = ? AND target_id = ? AND params NOT LIKE '%max_id%' AND params NOT LIKE '%end_cursor%' AND params NOT LIKE '%page_id%'
     AND path IN ('/v2/user/by/id', '/v1/user/medias/chunk', '/v2/hashtag/medias/recent')`,
);
const spent = half.s.db.prepare('SELECT units FROM run_targets WHERE run_id = ? AND target_id = ?');
let served = 0;
console.log(`fairness: the study needs ${whole.unitsSpent} units; run with ${budget}: ${run.state}, ${run.unitsSpent} spent`);
for (const [i, id] of half.ids.entries()) {
  const got = (newest.get(run.id, id) as { n: number }).n;
  const units = (spent.get(run.id, id) as { units: number } | undefined)?.units ?? 0;
  const isAccount = half.labels[i]!.startsWith('@');
  const ok = isAccount ? got >= 2 : got >= 1; // an account: its profile and the first page of its grid
  if (ok) served += 1;
  console.log(`  ${half.labels[i]!.padEnd(34)} ${String(units).padStart(5)} units  ${((units / Math.max(1, run.unitsSpent)) * 100).toFixed(1).padStart(5)} %  newest page: ${ok ? 'yes' : 'NO'}`);
}
await half.s.close();
const met = goal('fairness', `${served} of ${half.ids.length} targets got their newest page with half the budget`, 'every target', served === half.ids.length);
if (!met) process.exitCode = 1;
