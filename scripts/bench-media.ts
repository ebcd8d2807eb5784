// `npm run bench -- media`: media analysis on this machine. Pictures hashed per second and pictures read
// (OCR) per second with a pool of every core and with one thread (the pool must give at least 1.6x on two
// cores), and the process's memory over 10,000 pictures hashed after 10,000 more (it must stay flat).
// The pictures are the simulator's (1080 x 1080 PNGs, some with words), written to files as a study's
// saved media are.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eachLimited } from '../electron/storage/parallel';
import { createMediaPool } from '../electron/media-analysis/pool';
import { createOcr } from '../electron/media-analysis/ocr';
import { drawPng } from '../electron/simulator/pictures';

const CORES = availableParallelism();
const HASHED = 400;
const READ = 150;
const MEMORY_RUN = 10_000;
const WARM_UP = 10_000;
const dir = mkdtempSync(join(tmpdir(), 'feedlens-bench-media-'));

const MB = (bytes: number): number => Math.round(bytes / 1024 / 1024);
const goal = (name: string, figure: string, goalText: string, ok: boolean): void => console.log(`bench: ${name} ${figure} (goal ${goalText}) ${ok ? 'ok' : 'MISS'}`);

function pictures(n: number, size: number, words: (i: number) => string | null): string[] {
  return Array.from({ length: n }, (_, i) => {
    const file = join(dir, `${size}-${i}.png`);
    const w = words(i);
    writeFileSync(file, drawPng(w ? `${i}~${i}~words:${w}` : `bench-${i}`, size, size));
    return file;
  });
}

async function hashRate(files: string[], threads: number): Promise<number> {
  const pool = createMediaPool(threads);
  await pool.hash(files[0]!); // the threads started
  const started = performance.now();
  await eachLimited(files, threads + 1, async (f) => void (await pool.hash(f)));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return files.length / seconds;
}

async function ocrRate(files: string[], workers: number): Promise<number> {
  const ocr = await createOcr(['eng'], workers);
  await ocr.read(files[0]!);
  const started = performance.now();
  await eachLimited(files, workers + 1, async (f) => void (await ocr.read(f)));
  const seconds = (performance.now() - started) / 1000;
  await ocr.close();
  return files.length / seconds;
}

try {
  console.log(`media analysis on ${CORES} cores; the app's pool has ${Math.max(1, CORES - 1)} thread(s) (every core but one)`);
  const files = pictures(HASHED, 1080, () => null);
  const one = await hashRate(files, 1);
  const all = await hashRate(files, CORES);
  console.log(`hashing ${HASHED} pictures of 1080 x 1080: ${one.toFixed(1)}/s with 1 thread, ${all.toFixed(1)}/s with ${CORES}`);
  goal('media hashing pool speed-up', `${(all / one).toFixed(2)}x`, `>= 1.6x on ${CORES} cores`, CORES < 2 || all / one >= 1.6);

  const texts = pictures(READ, 1080, (i) => (i % 3 === 0 ? ['SUMMER SALE', 'FREE COFFEE', 'MARKET DAY'][i % 9 / 3]! : null));
  const ocrOne = await ocrRate(texts, 1);
  const ocrAll = await ocrRate(texts, CORES);
  console.log(`OCR (English) of ${READ} pictures of 1080 x 1080: ${ocrOne.toFixed(1)}/s with 1 worker, ${ocrAll.toFixed(1)}/s with ${CORES}`);
  goal('media OCR pool speed-up', `${(ocrAll / ocrOne).toFixed(2)}x`, `>= 1.6x on ${CORES} cores`, CORES < 2 || ocrAll / ocrOne >= 1.6);

  // Memory: 10,000 pictures hashed (500 different ones, over and over) by the pool after as many to warm
  // up, RSS sampled every 1,000. The process's allocator takes up memory over the first several thousand
  // (docs/decisions/media-analysis.md); a leak would go on growing after. One sample moves by some 20 MB,
  // so each end of the measure is the median of three.
  const small = pictures(500, 640, () => null);
  const pool = createMediaPool(CORES);
  const samples: number[] = [];
  let done = 0;
  await eachLimited(
    Array.from({ length: WARM_UP + MEMORY_RUN }, (_, i) => small[i % small.length]!),
    CORES + 1,
    async (f) => {
      await pool.hash(f);
      if (++done % 1000 === 0) {
        globalThis.gc?.();
        samples.push(process.memoryUsage().rss);
      }
    },
  );
  await pool.close();
  const median3 = (three: number[]): number => [...three].sort((a, b) => a - b)[1]!;
  const warm = samples.slice(0, WARM_UP / 1000);
  const measured = samples.slice(WARM_UP / 1000);
  const growth = median3(measured.slice(-3)) - median3(measured.slice(0, 3));
  console.log(`RSS every 1,000 pictures (MB), warming up: ${warm.map(MB).join(', ')}`);
  console.log(`RSS every 1,000 pictures (MB), measured: ${measured.map(MB).join(', ')}`);
  goal('media memory over 10,000 pictures', `${growth >= 0 ? '+' : ''}${MB(growth)} MB from the first 3,000 to the last (medians)`, '<= 30 MB', MB(growth) <= 30);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
