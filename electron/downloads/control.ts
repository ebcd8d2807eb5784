// The queue's control actions (pause, resume, cancel, retry, clear) as changes to its tasks; the queue
// (queue.ts) then writes its state, emits and schedules.
import type { DownloadState } from '../../shared/ipc';
import { removePart } from './fetch-file';
import type { Group, Task } from './queue-state';

export type ControlAction = 'pause' | 'resume' | 'cancel' | 'retry' | 'clear';

const FINISHED: ReadonlySet<DownloadState> = new Set(['done', 'skipped', 'failed', 'cancelled']);

export interface ControlTarget {
  tasks: Map<string, Task>;
  groups: Map<string, Group>;
  running: Map<string, AbortController>;
  paused: boolean;
  requeue: (task: Task) => void;
  /** An item may be complete now: the saver looks at it in its next batch. */
  touch: (groupId: string) => void;
}

function targets(tasks: Map<string, Task>, ids: string[] | undefined): Task[] {
  if (!ids) return [...tasks.values()];
  return ids.map((id) => tasks.get(id)).filter((t): t is Task => t !== undefined);
}

/** Applies an action to the chosen tasks (all when `ids` is absent): the queue's paused flag after it, and the `.part` removals under way. */
export function applyControl(action: ControlAction, ids: string[] | undefined, q: ControlTarget): { paused: boolean; stopping: Promise<void>[] } {
  const { tasks, groups, running } = q;
  const chosen = targets(tasks, ids);
  const stopping: Promise<void>[] = [];
  let paused = q.paused;
  switch (action) {
    case 'pause':
      if (!ids) paused = true;
      for (const t of chosen) {
        if (t.state !== 'queued' && t.state !== 'running') continue;
        t.state = 'paused';
        running.get(t.id)?.abort();
      }
      break;
    case 'resume':
      if (!ids) paused = false;
      for (const t of chosen) if (t.state === 'paused') t.state = 'queued';
      if (![...tasks.values()].some((t) => t.state === 'paused')) paused = false;
      break;
    case 'cancel':
      for (const t of chosen) {
        if (t.state === 'done' || t.state === 'skipped' || t.state === 'cancelled') continue;
        const wasRunning = running.has(t.id);
        t.state = 'cancelled';
        t.error = null;
        if (wasRunning) running.get(t.id)?.abort();
        else stopping.push(removePart(t.base, t.ext));
        q.touch(t.group);
      }
      break;
    case 'retry':
      for (const t of chosen) if (t.state === 'failed' || t.state === 'cancelled') q.requeue(t);
      break;
    case 'clear':
      for (const t of chosen) {
        if (!FINISHED.has(t.state)) continue;
        tasks.delete(t.id);
        if (t.state === 'failed') stopping.push(removePart(t.base, t.ext));
      }
      for (const g of [...groups.values()]) if (!g.tasks.some((id) => tasks.has(id))) groups.delete(g.id);
      break;
  }
  return { paused, stopping };
}
