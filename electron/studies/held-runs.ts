// A run stopped by a database that could not take the stop itself (the disk is full, another program
// holds the lock): main holds the new state in memory and every read of the run table shows it, so the
// run does not look "running" for ever: resume works, and so does a new run once this one stopped. The
// held state (with the units reserved for the page that was lost) is written before the next write to
// the run table, outside a transaction: a write that succeeds there is committed, so nothing is dropped
// from memory that a rollback could undo.
import type { RunState } from '../../shared/ipc/studies';
import type { Db } from './db';
import type { RunRecord, RunTable } from './runs';

export interface HeldState {
  state: RunState;
  message: string;
  finishedAt: number | null;
}

export interface HoldingRunTable extends RunTable {
  /**
   * Stops the run: its state written with the units reserved for its page counted as spent (the page may
   * have been billed, as after a crash), or held in memory when the database refuses the write.
   */
  stop(id: number, state: HeldState): void;
}

const isActive = (state: RunState) => state === 'running' || state === 'paused';

export function holdingRunTable(db: Db, table: RunTable, now: () => number): HoldingRunTable {
  const held = new Map<number, HeldState>();

  const over = <R extends RunRecord | null>(r: R): R => {
    const h = r ? held.get(r.id) : undefined;
    return h ? { ...r, ...h } : r;
  };

  /** Writes the held states; throws (and keeps them) while the database still refuses. */
  function flush(): void {
    if (held.size === 0 || db.isTransaction) return;
    for (const [id, h] of held) {
      const at = now();
      table.settleReserved(id, at);
      table.set(id, h, at);
      held.delete(id);
    }
  }

  return {
    stop(id, state) {
      try {
        flush();
        const at = now();
        table.settleReserved(id, at);
        table.set(id, state, at);
      } catch {
        held.set(id, state);
      }
    },
    get: (id) => over(table.get(id)),
    list: (limit) => table.list(limit).map(over),
    active() {
      // Written first where it can be: a new run folds what stopped runs left unread, read from the rows.
      flush();
      const r = over(table.active());
      return r && isActive(r.state) ? r : null;
    },
    insert: (r) => table.insert(r),
    set(id, change, at) {
      flush();
      table.set(id, change, at);
    },
    settleReserved(id, at) {
      flush();
      return table.settleReserved(id, at);
    },
    reserve(id, units) {
      flush();
      table.reserve(id, units);
    },
    release: (id, units) => table.release(id, units),
    error(id, e, at) {
      flush();
      table.error(id, e, at);
    },
    detail(id) {
      const d = table.detail(id);
      const h = held.get(id);
      return d && h ? { ...d, run: { ...d.run, ...h } } : d;
    },
  };
}
