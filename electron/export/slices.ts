// Loops of main over every item of an export (the survey, the pseudonymiser's learning walk) run in
// slices: after a few milliseconds each hands the event loop a turn, so the page's requests and events
// are answered while 50,000 records go by. The writing passes yield at each file write already.
import { setImmediate } from 'node:timers/promises';

/** How long a loop runs before it lets the event loop have a turn. */
const SLICE_MS = 15;
/** Items between two looks at the clock (a look costs more than most items' own work). */
const CHECK_EVERY = 32;

export interface Slicer {
  /** True once the slice's time is up; cheap enough to ask per item (it reads the clock every CHECK_EVERY asks). */
  due: () => boolean;
  /** True when the slice's time is up (reads the clock). */
  late(): boolean;
  /** Gives the event loop a turn, then starts the next slice. */
  pause(): Promise<void>;
}

export function createSlicer(sliceMs = SLICE_MS): Slicer {
  let until = performance.now() + sliceMs;
  let count = 0;
  return {
    due: () => {
      count += 1;
      return count % CHECK_EVERY === 0 && performance.now() >= until;
    },
    late: () => performance.now() >= until,
    async pause() {
      await setImmediate();
      until = performance.now() + sliceMs;
    },
  };
}
