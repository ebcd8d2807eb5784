// Helpers shared by the benchmark scripts (scripts/bench-*.ts). A benchmark prints its figures and, for
// each goal it owns, one line `bench: <name> <figure> (goal <goal>) ok|MISS`, which `npm run bench`
// (scripts/bench.mjs) gathers into its summary. Figures are medians of interleaved runs: the candidate
// and its baseline take turns, so a slow moment of this shared machine weighs on both alike.

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export type Clock = 'wall' | 'cpu';

/**
 * Collects the garbage (node --expose-gc), then waits until the process is quiet: V8 sweeps and frees
 * what the collection left on helper threads, and process CPU time counts those threads; a run started at
 * once would pay for them (some 50-80 ms with 100,000 records in the heap). Quiet: a 20 ms window with
 * under 1 ms of CPU, or 1 s at most.
 */
export async function settle(): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  const deadline = performance.now() + 1000;
  while (performance.now() < deadline) {
    const start = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const used = process.cpuUsage(start);
    if (used.user + used.system < 1000) return;
  }
}

/**
 * Time of one run in ms: wall time, or the process's CPU time (user + system). CPU time suits work
 * that only computes (parsing, exporting): on this shared 2-core machine it does not count the time
 * the process waited for a core; waiting for the network or the disk is work too, so those use wall time.
 * `quiet`: settle() first, instead of a bare collection.
 */
export async function timed(run: () => unknown, clock: Clock = 'wall', quiet = false): Promise<number> {
  // Collect the garbage of earlier runs first (node --expose-gc, as npm run bench runs): each run then
  // pays for its own garbage, not for its neighbour's.
  if (quiet) await settle();
  else (globalThis as { gc?: () => void }).gc?.();
  if (clock === 'cpu') {
    const start = process.cpuUsage();
    await run();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  }
  const start = performance.now();
  await run();
  return performance.now() - start;
}

export interface Interleaved {
  /** Median ms of the candidate and of the baseline. */
  candidate: number;
  baseline: number;
  /** Median of the per-round ratios candidate / baseline. */
  ratio: number;
}

export interface InterleaveOptions {
  /** Rounds run first and not counted (JIT warm-up). Default 1. */
  warmup?: number;
  clock?: Clock;
}

/**
 * Runs `candidate` and `baseline` in turns for `rounds` rounds (the order swapping every round) and
 * returns the medians and the median ratio.
 */
export async function interleave(rounds: number, candidate: () => unknown, baseline: () => unknown, options: InterleaveOptions = {}): Promise<Interleaved> {
  const warmup = options.warmup ?? 1;
  const clock = options.clock ?? 'wall';
  const c: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let round = -warmup; round < rounds; round++) {
    let tc: number;
    let tb: number;
    if (round % 2 === 0) {
      tc = await timed(candidate, clock);
      tb = await timed(baseline, clock);
    } else {
      tb = await timed(baseline, clock);
      tc = await timed(candidate, clock);
    }
    if (round < 0) continue;
    c.push(tc);
    b.push(tb);
    ratios.push(tc / tb);
  }
  return { candidate: median(c), baseline: median(b), ratio: median(ratios) };
}

/**
 * Prints the goal line and returns whether the goal was met. `figure` is what is printed (e.g.
 * "1.12x JSON.parse"), `goal` the goal as the issue states it (e.g. "<= 1.3x").
 */
export function goal(name: string, figure: string, goalText: string, met: boolean): boolean {
  console.log(`bench: ${name} ${figure} (goal ${goalText}) ${met ? 'ok' : 'MISS'}`);
  return met;
}

export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
