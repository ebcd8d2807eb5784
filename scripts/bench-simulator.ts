// Benchmark of the simulator: time to build the world, and median time to answer one page in-process
// (handle() plus reading the body, as demo mode does), over several list endpoints paged with the app's
// own pager. Targets: world < 1 s, median page < 5 ms. Exit code 1 when a target is missed.
// Run: node --import tsx scripts/bench-simulator.ts [--seed 7] [--calls 200]
import { parseArgs } from 'node:util';
import { findEndpoint } from '../shared/api/catalog';
import { parseLossless } from '../shared/api/json';
import { readPage, withCursor } from '../shared/api/pager';
import { createSimulator } from '../electron/simulator/service';
import { drawPng } from '../electron/simulator/pictures';
import { ANCHORS, buildWorld, commentCountOf, type WorldMedia } from '../electron/simulator/world/world';

const { values } = parseArgs({ options: { seed: { type: 'string' }, calls: { type: 'string' } } });
const seed = Number(values.seed ?? 7);
const callsPerList = Number(values.calls ?? 200);

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

const ms = (n: number): string => `${n.toFixed(2)} ms`;

// --- world -----------------------------------------------------------------------------------------
const builds: number[] = [];
let world = buildWorld(seed);
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  world = buildWorld(seed);
  builds.push(performance.now() - started);
}
const worldMs = median(builds);

// --- pages -----------------------------------------------------------------------------------------
const sim = createSimulator({ seed, world });
const headers = { 'x-access-key': sim.demoKey, 'user-agent': 'feedlens-bench/1' };
const big = world.userByName.get(ANCHORS.big);
if (!big) throw new Error(`anchor ${ANCHORS.big} missing from the world`);
// The big account's most commented recent post, and the most used hashtag: the longest lists.
const busiest = big.posts
  .slice(0, 40)
  .map((pk) => world.mediaByPk.get(pk))
  .filter((m): m is WorldMedia => m !== undefined && !m.commentsDisabled)
  .sort((a, b) => commentCountOf(world, b) - commentCountOf(world, a))[0];
const hashtag = [...world.hashtags].sort((a, b) => b.recent.length - a.recent.length)[0];

const lists: [string, Record<string, string>][] = [
  ['/g1/user/followers', { user_id: big.pk }],
  ['/v1/user/followers/chunk', { user_id: big.pk }],
  ['/g2/user/medias', { user_id: big.pk }],
  ['/v1/user/medias/chunk', { user_id: big.pk }],
  ['/v1/user/clips/chunk', { user_id: big.pk }],
  ['/v2/user/clips', { user_id: big.pk }],
  ['/v2/media/comments', { id: busiest?.pk ?? '' }],
  ['/v1/media/comments/chunk', { id: busiest?.pk ?? '' }],
  ['/v2/hashtag/medias/recent', { name: hashtag?.name ?? '' }],
];

async function get(path: string, params: Record<string, unknown>): Promise<{ status: number; text: string; elapsed: number }> {
  const url = new URL(path, 'https://api.feedlens-sim.invalid');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  const started = performance.now();
  const res = await sim.handle(new Request(url, { headers }));
  const text = await res.text();
  return { status: res.status, text, elapsed: performance.now() - started };
}

// Warm-up (JIT, lazily built comment threads) so the figures describe steady use, as in the app.
for (const [path, first] of lists) for (let i = 0; i < 20; i++) await get(path, first);

const all: number[] = [];
const rows: string[] = [];
for (const [path, first] of lists) {
  const endpoint = findEndpoint(path);
  if (!endpoint) throw new Error(`${path} is not in the catalog`);
  const samples: number[] = [];
  let params: Record<string, unknown> = first;
  let bytes = 0;
  let pages = 0;
  let status = 200;
  while (samples.length < callsPerList) {
    const answer = await get(path, params);
    status = answer.status;
    if (status !== 200) break;
    samples.push(answer.elapsed);
    bytes += answer.text.length;
    pages++;
    const next = readPage(endpoint, parseLossless(answer.text), params).nextCursor;
    params = next ? withCursor(params, next) : first; // at the end, start over
  }
  all.push(...samples);
  rows.push(
    samples.length === 0
      ? `  ${path.padEnd(30)} status ${status}: not measured`
      : `  ${path.padEnd(30)} median ${ms(median(samples)).padStart(9)}  p95 ${ms(percentile(samples, 0.95)).padStart(9)}  ${(bytes / pages / 1024).toFixed(1).padStart(6)} KB/page`,
  );
}

// --- media -----------------------------------------------------------------------------------------
const pngSamples: number[] = [];
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  drawPng(`bench-${i}`, 1080, 1350);
  pngSamples.push(performance.now() - started);
}

const pageMs = median(all);
console.log(`Simulator benchmark (seed ${seed}, Node ${process.version})`);
console.log(`World build: ${ms(worldMs)} median of 3 (${world.users.length} users, ${world.media.length} posts)  target < 1000 ms`);
console.log(`Page answer in-process, ${callsPerList} calls per list:`);
for (const row of rows) console.log(row);
console.log(`All pages: median ${ms(pageMs)}, p95 ${ms(percentile(all, 0.95))}  target < 5 ms`);
console.log(`PNG 1080x1350 draw + encode: median ${ms(median(pngSamples))} (cached after the first request)`);
if (worldMs >= 1000 || pageMs >= 5 || all.length === 0) process.exitCode = 1;
