// Queueing saved items: their files planned (plan.ts), then each file becomes a task, unless it is saved already (the archive knows it, or
// the file is complete at its place) or in the queue; the item (one sidecar) becomes a group that keeps
// its record and provenance until the sidecar is written.
import type { DownloadState, SavedItemArg } from '../../shared/ipc';
import type { Archive } from './archive';
import { planItem, PlanError, type PlanOptions, type PlannedFile, type PlannedGroup } from './plan';
import type { Group, Task } from './queue-state';

export interface EnqueueContext {
  tasks: Map<string, Task>;
  groups: Map<string, Group>;
  archive: Archive;
  now: () => number;
  /** A failed or cancelled task queued again. */
  requeue: (task: Task) => void;
  exists: (path: string) => Promise<boolean>;
  /** The state of a new task ('paused' while the queue is paused). */
  state: () => DownloadState;
  /** A task was added. */
  added: (task: Task) => void;
}

function taskOf(file: PlannedFile, group: PlannedGroup, state: DownloadState, path: string | null): Task {
  return {
    id: file.key,
    group: group.id,
    kind: group.kind,
    label: file.label,
    url: file.url,
    ext: file.ext,
    fallbackExt: file.fallbackExt,
    base: file.base,
    index: file.index,
    role: file.role,
    mediaPk: file.mediaPk,
    takenAt: file.takenAt,
    refresh: file.refresh,
    state,
    attempts: 0,
    error: null,
    path,
    bytes: 0,
    totalBytes: null,
    contentType: null,
    refreshedBy: null,
    sha256: null,
  };
}

/** What an enqueue did: files queued (their task ids, to follow them) and files already saved or queued. */
export interface EnqueueCounts {
  queued: number;
  skipped: number;
  ids: string[];
}

export async function addPlannedGroup(planned: PlannedGroup, counts: EnqueueCounts, c: EnqueueContext): Promise<void> {
  const added: Task[] = [];
  for (const file of planned.files) {
    const existing = c.tasks.get(file.key);
    if (existing) {
      if (existing.state === 'failed' || existing.state === 'cancelled') {
        c.requeue(existing);
        counts.queued += 1;
        counts.ids.push(existing.id);
      } else counts.skipped += 1;
      continue;
    }
    const saved = await c.archive.savedFile(file.key);
    const final = file.ext !== null ? `${file.base}.${file.ext}` : null;
    if (saved !== null || (final !== null && (await c.exists(final)))) {
      const path = saved ?? (final as string);
      if (saved === null) await c.archive.add({ key: file.key, path, savedAt: c.now() });
      c.tasks.set(file.key, taskOf(file, planned, 'skipped', path));
      counts.skipped += 1;
      continue;
    }
    added.push(taskOf(file, planned, c.state(), null));
  }
  if (added.length === 0) return;
  const group: Group = c.groups.get(planned.id) ?? {
    id: planned.id,
    kind: planned.kind,
    username: planned.username,
    ownerId: planned.ownerId,
    takenAt: planned.takenAt,
    sidecarBase: planned.sidecarBase,
    highlight: planned.highlight,
    tasks: [],
  };
  group.record = planned.record;
  group.provenance = planned.provenance;
  // Files saved earlier belong to the item's sidecar as well.
  const all = planned.files.map((f) => f.key).filter((key) => c.tasks.has(key) || added.some((t) => t.id === key));
  group.tasks = [...new Set([...group.tasks, ...all])];
  c.groups.set(group.id, group);
  for (const t of added) {
    c.tasks.set(t.id, t);
    c.added(t);
    counts.queued += 1;
    counts.ids.push(t.id);
  }
  for (const key of group.tasks) {
    const t = c.tasks.get(key);
    if (t) t.group = group.id;
  }
}

/**
 * The files of the items, planned: the groups (one per item), how many items were planned, and why the
 * others could not be (an item that cannot be planned is skipped; the batch goes on).
 */
export function planItems(items: readonly SavedItemArg[], opts: PlanOptions, counts: EnqueueCounts): { planned: PlannedGroup[]; plannedItems: number; problems: Set<string> } {
  const problems = new Set<string>();
  const planned: PlannedGroup[] = [];
  let plannedItems = 0;
  for (const item of items) {
    try {
      planned.push(...planItem(item.record as Record<string, unknown>, item.provenance, opts));
    } catch (error) {
      if (!(error instanceof PlanError) && !(error instanceof RangeError)) throw error;
      problems.add(error.message);
      counts.skipped += 1;
      continue;
    }
    plannedItems += 1;
  }
  return { planned, plannedItems, problems };
}
