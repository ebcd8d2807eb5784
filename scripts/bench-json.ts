// Lossless JSON (JSON.parse with a reviver reading each literal's source) next to plain JSON.parse, in the
// same run: on the real production answers (../shared/spec/recorded, when present) plus the test fixtures,
// and on 4.5 MB of the simulator's pages (the shapes of production) as the app asks for them. Every parse
// is checked against lossless-json's own parser (slow, but exact), so a fast wrong answer cannot pass.
// Goal (issue 39): any one answer parses in 5 ms or less, ids exact. Times are CPU times (bench/support.ts).
// Figures and the choice: docs/decisions/lossless-json.md.
// Run: npm run bench:json
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { isInteger, isSafeNumber, parse as oracleParse } from 'lossless-json';
import { createDepthScanner, MAX_ANSWER_DEPTH } from '../shared/api/answer-limits';
import { findEndpoint } from '../shared/api/catalog';
import { parseLossless } from '../shared/api/json';
import { queryToSend } from '../electron/api/client';
import { createSimulator } from '../electron/simulator/service';
import { ANCHORS, buildWorld } from '../electron/simulator/world/world';
import { goal, interleave, mb } from './bench/support';

const root = fileURLToPath(new URL('..', import.meta.url));
const answers: { name: string; text: string }[] = [];
for (const folder of [`${root}../shared/spec/recorded`, `${root}test/fixtures/answers`]) {
  if (!existsSync(folder)) {
    console.log(`(${folder} is absent: its answers are left out)`);
    continue;
  }
  for (const name of readdirSync(folder).filter((n) => n.endsWith('.json')).sort()) answers.push({ name, text: readFileSync(`${folder}/${name}`, 'utf8') });
}

// The 4.5 MB answers: pages as the simulator sends them (production's shapes), joined in one array.
// "As the app asks": the endpoints the screens page through, with safe_int=true where the client sends it
// (queryToSend), so big ids come as strings. "Bare literals": endpoints that take no safe_int, or v2 ones
// without it: hundreds of bare big integers per page, the worst case (printed, not a goal).
const world = buildWorld(7);
const sim = createSimulator({ seed: 7, world });
const big = world.userByName.get(ANCHORS.big);
const tag = [...world.hashtags].sort((a, b) => b.recent.length - a.recent.length)[0];
const post = big?.posts[0];
if (!big || !tag || !post) throw new Error('the simulator world lacks its anchors');

async function pagesOf(sources: [string, Record<string, string>][], asTheAppAsks: boolean): Promise<{ text: string; pages: number }> {
  const pages: string[] = [];
  for (let size = 0, i = 0; size < 4.5 * 1024 * 1024; i++) {
    const [path, params] = sources[i % sources.length] as [string, Record<string, string>];
    const endpoint = findEndpoint(path);
    if (!endpoint) throw new Error(`${path} is not in the catalog`);
    const url = new URL(path, 'https://api.feedlens-sim.invalid');
    const query: [string, string][] = asTheAppAsks ? queryToSend(endpoint, Object.entries(params)) : Object.entries(params);
    for (const [k, v] of query) url.searchParams.append(k, v);
    const res = await sim.handle(new Request(url, { headers: { 'x-access-key': sim.demoKey, 'user-agent': 'feedlens-bench/1' } }));
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
    pages.push(text);
    size += text.length;
  }
  return { text: `[${pages.join(',')}]`, pages: pages.length };
}
const appLarge = await pagesOf(
  [
    ['/v1/user/medias/chunk', { user_id: big.pk }],
    ['/v2/hashtag/medias/recent', { name: tag.name }],
    ['/v1/user/clips/chunk', { user_id: big.pk }],
    ['/v2/media/comments', { id: post }],
    ['/v1/user/followers/chunk', { user_id: big.pk }],
  ],
  true,
);
const bareLarge = await pagesOf(
  [
    ['/g2/user/medias', { user_id: big.pk }],
    ['/v2/hashtag/medias/recent', { name: tag.name }],
    ['/v2/media/comments', { id: post }],
  ],
  false,
);
const literalsIn = (text: string) => (text.match(/[:,[]-?[1-9]\d{15,}/g) ?? []).length;

/** The exact reading: unsafe integers as strings of their digits, everything else as JSON.parse reads it. */
const oracle = (text: string): unknown =>
  oracleParse(text, null, (digits) => (isInteger(digits) && !isSafeNumber(digits) ? digits : Number(digits)));

let exact = true;
let needIt = 0;
for (const a of [...answers, { name: 'the 4.5 MB answer', text: appLarge.text }, { name: 'the bare-literal answer', text: bareLarge.text }]) {
  const mine = parseLossless(a.text);
  if (!isDeepStrictEqual(mine, oracle(a.text))) {
    exact = false;
    console.log(`NOT EXACT: ${a.name}`);
  }
  if (answers.includes(a) && !isDeepStrictEqual(mine, JSON.parse(a.text))) needIt += 1;
}
const anyRun = answers.filter((a) => /\d{16}/.test(a.text)).length;

// Each answer is timed on its own: REPEAT parses a round (so that a round lasts long enough to time),
// medians of interleaved rounds with JSON.parse.
const REPEAT = 20;
async function perParse(text: string): Promise<{ baseline: number; candidate: number; ratio: number }> {
  const r = await interleave(
    15,
    () => {
      for (let i = 0; i < REPEAT; i++) parseLossless(text);
    },
    () => {
      for (let i = 0; i < REPEAT; i++) JSON.parse(text);
    },
    { warmup: 2, clock: 'cpu' },
  );
  return { baseline: r.baseline / REPEAT, candidate: r.candidate / REPEAT, ratio: r.ratio };
}
const timings = [];
for (const a of answers) timings.push({ name: a.name, size: a.text.length, ...(await perParse(a.text)) });
const slowest = timings.reduce((s, t) => (t.candidate > s.candidate ? t : s));
const largest = timings.reduce((s, t) => (t.size > s.size ? t : s));
const one = await interleave(15, () => parseLossless(appLarge.text), () => JSON.parse(appLarge.text), { warmup: 2, clock: 'cpu' });
const worst = await interleave(15, () => parseLossless(bareLarge.text), () => JSON.parse(bareLarge.text), { warmup: 2, clock: 'cpu' });
// The client's nesting check runs on the bytes as they arrive, before the parse (electron/api/read-answer.ts).
const largeBytes = new TextEncoder().encode(appLarge.text);
const depthLarge = await interleave(15, () => createDepthScanner(MAX_ANSWER_DEPTH).feed(largeBytes), () => JSON.parse(appLarge.text), { warmup: 2, clock: 'cpu' });

const kb = (chars: number) => `${Math.round(chars / 1024)} K characters`;
const line = (t: { name: string; size: number; baseline: number; candidate: number; ratio: number }) =>
  `${t.name} (${kb(t.size)}): parseLossless ${t.candidate.toFixed(2)} ms, JSON.parse ${t.baseline.toFixed(2)} ms (${t.ratio.toFixed(2)}x)`;
console.log(`answers: ${answers.length}; ${anyRun} hold a run of 16 digits somewhere; ${needIt} hold an unsafe integer outside strings`);
console.log(`largest answer, per parse: ${line(largest)}`);
console.log(`slowest answer, per parse: ${line(slowest)}`);
const describe = (name: string, a: { text: string; pages: number }, r: { baseline: number; candidate: number; ratio: number }) =>
  console.log(
    `${name} (no goal): ${mb(a.text.length)}, ${a.pages} simulator pages, ${literalsIn(a.text)} bare big integers: ` +
      `parseLossless ${r.candidate.toFixed(1)} ms, JSON.parse ${r.baseline.toFixed(1)} ms (${r.ratio.toFixed(2)}x)`,
  );
describe('4.5 MB of pages as the app asks', appLarge, one);
describe('4.5 MB of pages of bare literals', bareLarge, worst);
console.log(`nesting check before the parse (no goal): 4.5 MB ${depthLarge.candidate.toFixed(1)} ms (${depthLarge.ratio.toFixed(2)}x JSON.parse)`);
console.log(`ids exact (checked against lossless-json's parser): ${exact ? 'yes' : 'NO'}`);
goal('json-largest-answer', `${largest.candidate.toFixed(2)} ms per parse${exact ? '' : ' (ids NOT exact)'}`, '<= 5 ms, ids exact', largest.candidate <= 5 && exact);
goal('json-slowest-answer', `${slowest.candidate.toFixed(2)} ms per parse${exact ? '' : ' (ids NOT exact)'}`, '<= 5 ms, ids exact', slowest.candidate <= 5 && exact);
