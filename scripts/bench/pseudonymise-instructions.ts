// Machine instructions per item of the pseudonymiser (the learning walk, then the rewrite of record, raw
// and parameters), counted by valgrind instead of timed. On this shared 2-core machine, CPU times of the
// same code differ by 5-20 % from run to run; V8 in --predictable mode (no background compiling or
// collecting) under valgrind gives the same count to within 0.1 %, so a change worth 1 % shows. The count
// is the difference between runs of 6,000 and 12,000 items (the startup and the compiling cancel out),
// two rounds each. With fewer (2,000 and 4,000), the compiled walks of pseudonym-compile.ts were still
// being made and optimised inside the counted items: their first version counted 14 % more than the
// generic walks (234.8k against 206.3k) although it is 18 % less at 6,000 and 12,000 (157.0k against 192.5k). Not a goal of its own: bench-export.ts judges; this tells whether a change helps.
// Instructions are not time (a cache miss or a long string hashed weighs more in time than in count):
// confirm a gain found here with bench-export.ts. Needs valgrind (`apt-get install -y valgrind`); about
// eight minutes.
// The counted posts are by 250 accounts, each coming back every 250 posts, as the export benchmark's 5,000
// accounts come back over its 100,000 posts: the items counted are then by people already met, as nearly
// all of a large export's are. With the generator's posts in order instead (a new account on nearly every
// post), first meetings (a pseudonym's HMAC, a missed memo, a profile picture's link scrubbed for the
// first time) made a fifth of the count (at 2,000 and 4,000 items: 261k instructions per item against 206k).
// Run: node --import tsx scripts/bench/pseudonymise-instructions.ts
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, item } from './posts';
import { learnt, rewriteAll } from './pseudonymise-run';

const SMALL = 6000;
const LARGE = 12000;
const ROUNDS = 2;

/** Accounts of the counted posts (see above). */
const COUNTED_ACCOUNTS = 250;

/**
 * The generator's post index of the i-th counted post: by account i % COUNTED_ACCOUNTS (the generator's
 * post n is by account n % ACCOUNTS), with its own caption and ids, and a carousel every fifth post as
 * the generator's (ACCOUNTS is a multiple of 5).
 */
function countedPost(i: number): number {
  return (i % COUNTED_ACCOUNTS) + ACCOUNTS * Math.floor(i / COUNTED_ACCOUNTS);
}

/**
 * In the counted process: learn and rewrite `count` generated posts, ROUNDS times. LARGE posts are made in
 * every run, so that making them cancels out too.
 */
function drive(count: number): void {
  const items = Array.from({ length: LARGE }, (_, i) => item(countedPost(i))).slice(0, count);
  let kept = 0;
  for (let round = 0; round < ROUNDS; round++) kept += rewriteAll(learnt(items), items);
  console.log(`rewrote ${kept} records`);
}

/** Instructions of one bundled run of `count` items under valgrind. */
function instructions(bundle: string, count: number): number {
  const run = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--predictable', bundle, `--items=${count}`], { encoding: 'utf8' });
  if (run.error) throw new Error(`valgrind could not be started (${run.error.message}): install it, e.g. apt-get install -y valgrind`);
  const refs = /I\s+refs:\s+([\d,]+)/.exec(run.stderr);
  if (run.status !== 0 || !refs?.[1]) throw new Error(`valgrind run failed:\n${run.stderr.slice(-2000)}`);
  return Number(refs[1].replace(/,/g, ''));
}

const itemsArg = process.argv.find((a) => a.startsWith('--items='));
if (itemsArg) {
  drive(Number(itemsArg.slice('--items='.length)));
} else {
  const folder = mkdtempSync(join(tmpdir(), 'feedlens-pz-instructions-'));
  try {
    // One plain-JavaScript bundle: under valgrind, tsx's loader would be counted (and be slow) too. Imported
    // here only: the bundle, run from a temporary folder, does not import esbuild.
    const { build } = await import('esbuild');
    const bundle = join(folder, 'run.mjs');
    await build({ entryPoints: [fileURLToPath(import.meta.url)], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: bundle, logLevel: 'warning' });
    const small = instructions(bundle, SMALL);
    const large = instructions(bundle, LARGE);
    const perItem = (large - small) / ((LARGE - SMALL) * ROUNDS);
    console.log(`pseudonymiser: ${Math.round(perItem).toLocaleString('en')} instructions per item (learn + rewrite; valgrind, node --predictable; ${SMALL.toLocaleString('en')} vs ${LARGE.toLocaleString('en')} items, ${ROUNDS} rounds)`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
