// Exports of 100,000 generated posts (scripts/bench/posts.ts) through the export operation as the app
// runs it (records checked, then written): CSV, NDJSON, ZIP and pseudonymised NDJSON, each beside the
// baseline of the issue, csv-stringify writing the same posts' CSV rows to a file. CPU time; every format
// run is paired with a baseline run of its own, right before or after it, and judged by the ratio of
// the pair (median over the rounds). Every run starts from a collected, quiet heap (bench/support.ts
// settle()) and its files are removed after the clock stops. Then the peak RSS of each format
// at 1,000,000 rows (bench/export-rss.ts), each in a process of its own, the posts generated as they are
// read (never all in memory): what grows with the row count shows there.
// The posts reach the export as the app's do: through structuredClone(), as Electron's IPC delivers the
// renderer's items (serialised with the Structured Clone Algorithm). Straight from the generator, their
// strings would be template-made (cons strings, flattened only when first read) and each constant value
// one string shared by every post (its hash made once); neither is so for a record that crossed IPC.
// Goals (issue 11), against the baseline's 51k rows/s: >= 50k / 50k / 25k / 30k rows/s, i.e. 0.98x /
// 0.98x / 0.49x / 0.59x of it; RSS < 200 MB at 1M rows.
// Run: node --expose-gc --import tsx scripts/bench-export.ts [count] [--cpu-only] [--only=<format>,...]   (or: npm run bench -- export)
// `--only=ndjson-pseudonymised,ndjson`: those formats alone (each still beside its baseline runs).
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify';
import { build } from 'esbuild';
import { COLUMNS } from '../electron/export/columns';
import { createRowMaker } from '../electron/export/row-maker';
import { createExportHandlers } from '../electron/export/handlers';
import type { ProjectKeys } from '../electron/export/pseudonymise';
import type { ExportFormat, SavedItem } from '../electron/export/run';
import { item } from './bench/posts';
import { goal, median, timed } from './bench/support';

interface Format {
  name: string;
  format: ExportFormat;
  pseudonymise?: boolean;
  /** The goal as a share of the baseline's rows/s: goal rows/s / 51k. */
  share: number;
  goalText: string;
}

const ALL_FORMATS: Format[] = [
  { name: 'csv', format: 'csv', share: 50 / 51, goalText: '>= 50k rows/s: 0.98x baseline' },
  { name: 'ndjson', format: 'ndjson', share: 50 / 51, goalText: '>= 50k rows/s: 0.98x baseline' },
  { name: 'zip', format: 'zip', share: 25 / 51, goalText: '>= 25k rows/s: 0.49x baseline' },
  { name: 'ndjson-pseudonymised', format: 'ndjson', pseudonymise: true, share: 30 / 51, goalText: '>= 30k rows/s: 0.59x baseline' },
];
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const FORMATS = only ? ALL_FORMATS.filter((f) => only.includes(f.name)) : ALL_FORMATS;
if (FORMATS.length === 0) throw new Error(`--only: none of ${ALL_FORMATS.map((f) => f.name).join(', ')}`);

const keys: ProjectKeys = async () => {
  let value: string | null = null;
  return { get: async () => value, set: async (v: string) => void (value = v), backendName: 'memory', degraded: true };
};

const pseudonymise = { project: 'bench', dropNames: false, dropPictures: false, dropText: false };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const COUNT = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 100_000);
const ROUNDS = 7;
/** Untimed runs of each before the rounds: csv-stringify's runs were still getting faster over the first few. */
const WARM_UP = 2;
const folder = mkdtempSync(join(tmpdir(), 'feedlens-bench-export-'));
/** As the export handler gets them from the renderer (see above). */
const items: SavedItem[] = structuredClone(Array.from({ length: COUNT }, (_, i) => item(i)));
const handlers = createExportHandlers({ downloadFolder: () => folder, version: 'bench', emit: () => undefined, projectKeys: keys });

/** The baseline: the posts' CSV rows through csv-stringify into a file, nothing else. Returns the file. */
async function baseline(): Promise<string[]> {
  const rows = createRowMaker('posts');
  const path = join(folder, 'baseline.csv');
  const source = Readable.from(
    (function* () {
      for (const it of items) yield* rows(it);
    })(),
  );
  await pipeline(source, stringify({ header: true, columns: [...COLUMNS.posts], delimiter: ',', record_delimiter: 'windows', quoted_match: /[\r\n]/ }), createWriteStream(path));
  return [path];
}

const sizes = new Map<string, number>();
/** One export as the app runs it (records checked, then written). Returns the files it wrote. */
async function candidate(f: Format): Promise<string[]> {
  const args = { items, format: f.format, delimiter: ',' as const, bom: false, includeMedia: false, label: 'bench', ...(f.pseudonymise ? { pseudonymise } : {}) };
  const result = await handlers.exportRun(args as never, { senderId: 1 });
  sizes.set(f.name, statSync(result.path).size);
  return result.manifestPath ? [result.path, result.manifestPath] : [result.path];
}

/** CPU time of one run, from a quiet process (bench/support.ts settle()); its files are removed after the clock stops. */
async function cpuTime(run: () => Promise<string[]>): Promise<number> {
  let files: string[] = [];
  const ms = await timed(async () => void (files = await run()), 'cpu', true);
  for (const file of files) rmSync(file);
  return ms;
}

const rate = (ms: number) => COUNT / (ms / 1000);
const k = (rows: number) => `${(rows / 1000).toFixed(1)}k`;
const base: number[] = [];
const ratios = new Map<string, number[]>(FORMATS.map((f) => [f.name, []]));
const rates = new Map<string, number[]>(FORMATS.map((f) => [f.name, []]));
console.log(`${COUNT.toLocaleString('en')} posts in memory (as the export operation gets them); ${ROUNDS} rounds, CPU time, each format beside a baseline run of its own`);
try {
  // Warm-up (JIT): every format and the baseline, not counted.
  for (let i = 0; i < WARM_UP; i++) {
    for (const f of FORMATS) await cpuTime(() => candidate(f));
    await cpuTime(baseline);
  }
  for (let round = 0; round < ROUNDS; round++) {
    // Each format is timed right before or right after a baseline run (the two swapping every round, the
    // formats' order rotating): a busy moment of this shared machine weighs on both of a pair.
    const order = [...FORMATS.slice(round % FORMATS.length), ...FORMATS.slice(0, round % FORMATS.length)];
    const parts: string[] = [];
    for (const f of order) {
      let b: number;
      let t: number;
      if (round % 2 === 0) {
        b = await cpuTime(baseline);
        t = await cpuTime(() => candidate(f));
      } else {
        t = await cpuTime(() => candidate(f));
        b = await cpuTime(baseline);
      }
      base.push(rate(b));
      rates.get(f.name)?.push(rate(t));
      ratios.get(f.name)?.push(b / t);
      parts.push(`${f.name} ${k(rate(t))} (baseline ${k(rate(b))}, ${(b / t).toFixed(2)}x)`);
    }
    console.log(`round ${round + 1}: ${parts.join('; ')}`);
  }
  const sorted = [...base].sort((a, b) => a - b);
  console.log(
    `baseline (csv-stringify over the same rows): median ${k(median(base))} rows/s over ${base.length} runs, from ${k(sorted[0] ?? NaN)} to ${k(sorted.at(-1) ?? NaN)} (max/min ${((sorted.at(-1) ?? NaN) / (sorted[0] ?? NaN)).toFixed(2)})`,
  );
  for (const f of FORMATS) {
    const r = [...(ratios.get(f.name) ?? [])].sort((a, b) => a - b);
    console.log(`${f.name.padEnd(22)} median ${k(median(rates.get(f.name) ?? []))} rows/s, ${mb(sizes.get(f.name) ?? 0)} file; ratio median ${median(r).toFixed(2)}x (${r.map((x) => x.toFixed(2)).join(' ')})`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

// Peak RSS at 1M rows (250k pseudonymised: its rows are six times slower to make, and its memory grows
// with the people of the export, not the rows), one process per format, from a bundle as the app runs.
async function peakRss(): Promise<Map<string, { peak: number; rows: number }>> {
  const rss = new Map<string, { peak: number; rows: number }>();
  const bundleDir = mkdtempSync(join(tmpdir(), 'feedlens-bench-export-bundle-'));
  const bundle = join(bundleDir, 'export-rss.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./bench/export-rss.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    logLevel: 'error',
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  for (const f of FORMATS) {
    const rows = f.pseudonymise ? 250_000 : 1_000_000;
    const started = performance.now();
    const child = spawnSync(process.execPath, [bundle, f.format, String(rows), f.pseudonymise ? 'pseudonymise' : ''], { encoding: 'utf8', maxBuffer: 1 << 20 });
    const line = child.stdout.trim().split('\n').at(-1) ?? '';
    try {
      const out = JSON.parse(line) as { rows: number; startRssBytes: number; maxRssBytes: number; bytes: number };
      rss.set(f.name, { peak: out.maxRssBytes, rows: out.rows });
      console.log(`${f.name.padEnd(22)} ${out.rows.toLocaleString('en')} rows, ${mb(out.bytes)} file: RSS ${mb(out.startRssBytes)} at start, ${mb(out.maxRssBytes)} peak (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    } catch {
      console.log(`${f.name}: the RSS run failed: ${child.stderr.slice(-500)}`);
    }
  }
  rmSync(bundleDir, { recursive: true, force: true });
  return rss;
}

// `--cpu-only`: the rates alone (the RSS runs take some minutes).
const rss = process.argv.includes('--cpu-only') ? null : await peakRss();

for (const f of FORMATS) {
  const ratio = median(ratios.get(f.name) ?? []);
  goal(`export-${f.name}`, `${ratio.toFixed(2)}x baseline (${(median(rates.get(f.name) ?? []) / 1000).toFixed(1)}k vs ${(median(base) / 1000).toFixed(1)}k rows/s)`, f.goalText, ratio >= f.share);
}
for (const f of rss ? FORMATS : []) {
  const run = rss?.get(f.name);
  const label = `export-${f.name}-rss-${run?.rows === 250_000 ? '250k' : '1M'}`;
  goal(label, run === undefined ? 'failed' : `${mb(run.peak)} peak`, '< 200 MB', run !== undefined && run.peak < 200 * 1024 * 1024);
}
