// The threads that analyse media (Piscina): cores - 1 by default, so one core stays for main and the
// window. Each thread runs worker-script.ts; run from the sources (tests, scripts, the collector under
// tsx) the thread loads the TypeScript module through tsx, in the app's bundle the built file beside main.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { HashResult, HashTask } from './worker-script';

const FROM_SOURCES = import.meta.url.endsWith('.ts');
const SCRIPT = new URL(FROM_SOURCES ? './worker-script.ts' : './media-worker.js', import.meta.url);

export interface MediaPool {
  hash(input: Uint8Array | string, signal?: AbortSignal): Promise<HashResult>;
  readonly threads: number;
  close(): Promise<void>;
}

/** Threads the app uses: every core but one, at least one. */
export function defaultThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

export function createMediaPool(threads = defaultThreads()): MediaPool {
  const piscina = new Piscina<HashTask, HashResult>({
    filename: SCRIPT.href,
    minThreads: threads,
    maxThreads: threads,
    // One picture per thread at a time: a queue of waiting pictures stays in main, not in memory of the threads.
    concurrentTasksPerWorker: 1,
    ...(FROM_SOURCES ? { execArgv: ['--import', 'tsx'] } : {}),
  });
  return {
    threads,
    hash: (input, signal) => piscina.run({ op: 'hash', input }, signal ? { signal } : {}),
    close: () => piscina.destroy(),
  };
}
