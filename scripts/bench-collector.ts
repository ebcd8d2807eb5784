// The collector benchmark. Its scheduler half: N requests at once as background work (what runs and jobs
// send) through the app's real call stack (request scheduler, api client, CallService) against the
// in-process simulator with a key of 15 requests a second. With 1,000 ms latency, the rate reached and
// the 429s received; with no latency, the most requests the service saw in any sliding second.
// Its run half: a study of 40 accounts (posts, reels, stories, highlights) run through the study runner
// (pages side by side) at 1,000 ms latency: pages a second and 429s (goal: 80 % of the rate, none).
// Run: node --import tsx scripts/bench-collector.ts [--requests 200]
import { parseArgs } from 'node:util';
import { createGrant } from '../electron/calls/cost-guard';
import { createSimulator } from '../electron/simulator/service';
import { callStack, newKey, tempDir } from '../test/unit/electron/jobs/support';
import { finished, studySetup } from '../test/unit/electron/studies/support';
import { goal } from './bench/support';

const { values } = parseArgs({ options: { requests: { type: 'string' } } });
const requests = Number(values.requests ?? 200);
const RATE = 15;

const sim = createSimulator({ seed: 7 });
const usernames = sim.world.users.filter((u) => u.tier === 'main').map((u) => u.username);

/** The most calls inside any one-second window (t - 1000, t], as the service counts them. */
function mostInOneSecond(times: number[]): number {
  let most = 0;
  let first = 0;
  for (let i = 0; i < times.length; i++) {
    while ((times[first] as number) <= (times[i] as number) - 1000) first++;
    most = Math.max(most, i - first + 1);
  }
  return most;
}

/** N background requests at once on a fresh key of RATE a second; what the service saw of them. */
async function drive(latencyMs: number, n: number): Promise<{ perSecond: number; mostInASecond: number; refused: number; failed: number }> {
  const key = newKey(sim);
  sim.keys.setRate(key, RATE);
  const admitted: number[] = [];
  const admit = sim.keys.admit.bind(sim.keys);
  sim.keys.admit = (k, nowMs) => {
    const ok = admit(k, nowMs);
    if (ok && k === key) admitted.push(nowMs);
    return ok;
  };
  const temp = await tempDir();
  try {
    const stack = await callStack(sim, key, temp.path);
    sim.faults.set({ latencyMs });
    const grant = createGrant('benchmark', n);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        stack.calls.call({ path: '/v1/user/by/username', params: { username: usernames[i % usernames.length] as string }, refresh: true }, { grant, priority: 'background' }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      perSecond: n / seconds,
      mostInASecond: mostInOneSecond(admitted),
      refused: stack.ledger.filter((e) => e.status === 429).length,
      failed: results.filter((r) => !r.ok).length,
    };
  } finally {
    sim.faults.clear();
    sim.keys.admit = admit;
    await temp.remove();
  }
}

const slow = await drive(1000, requests);
console.log(`scheduler: ${slow.perSecond.toFixed(1)} requests/s at 1000 ms latency (rate ${RATE}), 429s: ${slow.refused}${slow.failed ? `, ${slow.failed} failed` : ''}`);
const fast = await drive(0, Math.round(requests / 2));
console.log(`scheduler: at most ${fast.mostInASecond} requests in any second at 0 ms latency (rate ${RATE}), 429s: ${fast.refused}${fast.failed ? `, ${fast.failed} failed` : ''}`);

/** A first run of a study of 40 accounts: pages a second, the 429s it met, the most calls the service saw in a second. */
async function runStudy(latencyMs: number): Promise<{ pagesPerSecond: number; pages: number; refused: number; state: string; mostInASecond: number }> {
  const s = await studySetup(sim);
  sim.keys.setRate(s.key, RATE);
  const admitted: number[] = [];
  const admit = sim.keys.admit.bind(sim.keys);
  sim.keys.admit = (k, nowMs) => {
    const ok = admit(k, nowMs);
    if (ok && k === s.key) admitted.push(nowMs);
    return ok;
  };
  try {
    await s.stack.balance.refresh();
    // A list's pages go one after the other, so a run lasts at least its longest list's pages times the
    // latency (50 pages: 50 s, whatever the rate). The accounts here have lists of at most 4 pages, so the
    // figure is the run's pace, not one list's length.
    const users = sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.posts.length <= 48 && u.clips.length <= 48).slice(0, 40);
    for (const u of users) s.add({ kind: 'account', key: u.pk, label: `@${u.username}` }, ['posts', 'reels', 'stories', 'highlights']);
    sim.faults.set({ latencyMs });
    const runner = s.runner();
    const started = performance.now();
    const run = await finished(runner, runner.start({ trigger: 'manual', budget: 100_000, options: {}, estimate: null }).id);
    const seconds = (performance.now() - started) / 1000;
    return { pagesPerSecond: run.pages / seconds, pages: run.pages, refused: s.stack.ledger.filter((e) => e.status === 429).length, state: run.state, mostInASecond: mostInOneSecond(admitted) };
  } finally {
    sim.faults.clear();
    sim.keys.admit = admit;
    await s.close();
  }
}

const study = await runStudy(1000);
console.log(`collector: ${study.pagesPerSecond.toFixed(1)} pages/s at 1000 ms latency (rate ${RATE}), ${study.pages} pages, 429s: ${study.refused}, run ${study.state}`);
const quick = await runStudy(0);
console.log(`collector: at most ${quick.mostInASecond} requests in any second at 0 ms latency (rate ${RATE}), ${quick.pages} pages, 429s: ${quick.refused}, run ${quick.state}`);

const met = [
  goal('collector-run', `${study.pagesPerSecond.toFixed(1)} pages/s, ${study.refused} 429s`, `>= ${RATE * 0.8} pages/s, no 429`, study.pagesPerSecond >= RATE * 0.8 && study.refused === 0 && study.state === 'done'),
  goal('collector-ceiling', `${quick.mostInASecond} requests in a second, ${quick.refused} 429s`, `<= ${RATE}, no 429`, quick.mostInASecond <= RATE && quick.refused === 0 && quick.state === 'done'),
  goal('scheduler-rate', `${slow.perSecond.toFixed(1)} requests/s, ${slow.refused} 429s`, `>= ${RATE * 0.8} requests/s, no 429`, slow.perSecond >= RATE * 0.8 && slow.refused === 0 && slow.failed === 0),
  goal('scheduler-ceiling', `${fast.mostInASecond} requests in a second, ${fast.refused} 429s`, `<= ${RATE}, no 429`, fast.mostInASecond <= RATE && fast.refused === 0 && fast.failed === 0),
];
if (met.includes(false)) process.exitCode = 1;
