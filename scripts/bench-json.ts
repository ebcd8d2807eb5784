// Lossless JSON next to JSON.parse, in the same run: on the real production answers (../shared/spec/
// recorded, when present) plus the test fixtures, and on a 4.5 MB answer of the simulator's pages (the
// shapes of production) as the app asks for them. Every parse is checked
// against lossless-json's own parser (slow, but exact), so a fast wrong answer cannot pass.
// Goal (issue 11): <= 1.3x JSON.parse on both, ids exact. Times are CPU times (see bench/support.ts).
// Run: node --import tsx scripts/bench-json.ts
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

// Each round parses every answer (a few times, so that a round lasts long enough to time) with each parser.
const REPEAT = 20;
const real = await interleave(
  31,
  () => {
    for (let i = 0; i < REPEAT; i++) for (const a of answers) parseLossless(a.text);
  },
  () => {
    for (let i = 0; i < REPEAT; i++) for (const a of answers) JSON.parse(a.text);
  },
  { warmup: 3, clock: 'cpu' },
);
const one = await interleave(31, () => parseLossless(appLarge.text), () => JSON.parse(appLarge.text), { warmup: 3, clock: 'cpu' });
const worst = await interleave(31, () => parseLossless(bareLarge.text), () => JSON.parse(bareLarge.text), { warmup: 3, clock: 'cpu' });
// The client's nesting check runs on the bytes as they arrive, before the parse (electron/api/read-answer.ts).
const answerBytes = answers.map((a) => new TextEncoder().encode(a.text));
const largeBytes = new TextEncoder().encode(appLarge.text);
const depthReal = await interleave(
  31,
  () => {
    for (let i = 0; i < REPEAT; i++) for (const b of answerBytes) createDepthScanner(MAX_ANSWER_DEPTH).feed(b);
  },
  () => {
    for (let i = 0; i < REPEAT; i++) for (const a of answers) JSON.parse(a.text);
  },
  { warmup: 3, clock: 'cpu' },
);
const depthLarge = await interleave(31, () => createDepthScanner(MAX_ANSWER_DEPTH).feed(largeBytes), () => JSON.parse(appLarge.text), { warmup: 3, clock: 'cpu' });

console.log(`answers: ${answers.length}; ${anyRun} hold a run of 16 digits somewhere; ${needIt} hold an unsafe integer outside strings`);
console.log(`answers, ${REPEAT}x each:  JSON.parse ${real.baseline.toFixed(1)} ms, parseLossless ${real.candidate.toFixed(1)} ms (CPU, medians of 31 interleaved rounds)`);
const describe = (name: string, a: { text: string; pages: number }, r: { baseline: number; candidate: number; ratio: number }) =>
  console.log(
    `${name}: ${mb(a.text.length)}, ${a.pages} simulator pages, ${literalsIn(a.text)} bare big integers: ` +
      `JSON.parse ${r.baseline.toFixed(1)} ms, parseLossless ${r.candidate.toFixed(1)} ms (${r.ratio.toFixed(2)}x)`,
  );
describe('4.5 MB answer as the app asks', appLarge, one);
describe('4.5 MB answer of bare literals (worst case, no goal)', bareLarge, worst);
console.log(
  `nesting check before the parse (no goal): answers ${depthReal.candidate.toFixed(1)} ms (${depthReal.ratio.toFixed(2)}x JSON.parse), ` +
    `4.5 MB answer ${depthLarge.candidate.toFixed(1)} ms (${depthLarge.ratio.toFixed(2)}x JSON.parse)`,
);
console.log(`ids exact (checked against lossless-json's parser): ${exact ? 'yes' : 'NO'}`);
goal('json-real-answers', `${real.ratio.toFixed(2)}x JSON.parse${exact ? '' : ' (ids NOT exact)'}`, '<= 1.3x, ids exact', real.ratio <= 1.3 && exact);
goal('json-4.5MB-answer', `${one.ratio.toFixed(2)}x JSON.parse${exact ? '' : ' (ids NOT exact)'}`, '<= 1.3x, ids exact', one.ratio <= 1.3 && exact);
