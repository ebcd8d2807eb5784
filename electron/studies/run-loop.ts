// The pages of one run read side by side (runner.ts starts and stops this loop): each worker takes the
// next task no other is on (never a list under way, nor a post's thread where the target caps threads),
// until the run must stop; then the pages still under way finish and are committed, and the stop a page
// asked for is applied.
import { threadOf } from './comment-cap';
import type { RunStop } from './fetch';
import type { RunRecord } from './runs';
import type { Task, TaskQueue } from './tasks';

/** A page under way: its target, list and the cost reserved for it. */
export type PageUnderWay = Pick<Task, 'targetId' | 'list' | 'contextId'> & { cost: number };

/** Per run: the pages under way, and why it stops, once a page said so. */
export interface RunWork {
  busy: Map<number, PageUnderWay>;
  stop: RunStop | null;
}

/** The work of every run, the state the page step and the loop share. */
export function createRunWork() {
  const work = new Map<number, RunWork>();
  const of = (id: number): RunWork => work.get(id) ?? work.set(id, { busy: new Map(), stop: null }).get(id)!;
  return {
    of,
    /** The cost reserved by the pages under way of a target. */
    inFlightFor: (id: number, targetId: number) => [...of(id).busy.values()].filter((f) => f.targetId === targetId).reduce((n, f) => n + f.cost, 0),
    /** A page asks the run to stop (the first reason holds). */
    stop: (id: number, how: RunStop) => void (of(id).stop ??= how),
  };
}

/** Two reads of one post's comments and replies (where the target caps them per post, one at a time so the cap counts exactly). */
function sameThread(a: Pick<Task, 'list' | 'contextId'>, b: Pick<Task, 'list' | 'contextId'>): boolean {
  const post = threadOf(a);
  return post !== null && post === threadOf(b);
}

export interface RunLoopDeps {
  tasks: Pick<TaskQueue, 'next' | 'count'>;
  /** Reads one page of a task: 'next' when the run's figures moved (emitted then). */
  step: (id: number, task: Task, slot: PageUnderWay) => Promise<unknown>;
  concurrency: number;
  capsThreads: (targetId: number) => boolean;
  /** Whether the user still wants the run to go on (not paused or cancelled meanwhile). */
  wanted: (id: number) => boolean;
  state: (id: number) => RunRecord['state'] | undefined;
  closed: () => boolean;
  emit: (id: number) => void;
  end: (id: number, state: 'done' | 'stopped_budget' | 'failed', message: string | null) => void;
  pause: (id: number, message: string) => void;
  /** A failure of the database (runner.ts decides: stopped or paused). */
  stopOn: (id: number, error: unknown) => Promise<void>;
}

export async function runLoop(id: number, work: RunWork, d: RunLoopDeps): Promise<void> {
  work.stop = null;
  const busy = work.busy;
  const working = new Set<Promise<void>>();
  let failure: unknown = null;
  const goesOn = () => work.stop === null && failure === null && !d.closed() && d.wanted(id) && d.state(id) === 'running';
  while (goesOn()) {
    while (goesOn() && busy.size < d.concurrency) {
      const task = d.tasks.next(
        id,
        (t) => busy.has(t.pos) || [...busy.values()].some((f) => f.targetId === t.targetId && ((f.list === t.list && f.contextId === t.contextId) || (sameThread(f, t) && d.capsThreads(t.targetId)))),
      );
      if (!task) break;
      const slot: PageUnderWay = { targetId: task.targetId, list: task.list, contextId: task.contextId, cost: 0 };
      busy.set(task.pos, slot);
      const page: Promise<void> = d
        .step(id, task, slot)
        .then((result) => void (result === 'next' && d.emit(id)))
        .catch((error: unknown) => void (failure ??= error))
        .finally(() => {
          busy.delete(task.pos);
          working.delete(page);
        });
      working.add(page);
    }
    if (working.size === 0) {
      if (goesOn() && d.tasks.count(id) === 0) d.end(id, 'done', null);
      break;
    }
    await Promise.race(working);
  }
  await Promise.all(working);
  if (failure !== null && !d.closed()) return d.stopOn(id, failure);
  // The stop a page asked for, now that the pages under way are committed (unless the user acted meanwhile).
  const wanted = work.stop as RunStop | null; // set by the pages' steps, meanwhile
  if (wanted && !d.closed() && d.state(id) === 'running') {
    if (wanted.state === 'paused') d.pause(id, wanted.message);
    else d.end(id, wanted.state, wanted.message);
  } else if (!wanted && !d.closed() && d.wanted(id) && d.state(id) === 'running') {
    // Paused by the user and resumed while the pages under way were finishing: it goes on.
    return runLoop(id, work, d);
  }
}
