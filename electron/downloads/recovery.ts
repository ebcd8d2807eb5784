// After a run that ended without its last checkpoint (a crash, a power cut): the files the journal found
// lost (journal.ts) are not saved, whatever the queue's state says. Their tasks are queued again; an item
// that was done already (its record gone from the state) takes its record back from the sidecar the
// journal holds, which has all of it (record, raw record, provenance), so the sidecar written after the
// new download is the same.
import { dirname, resolve } from 'node:path';
import { parseLossless } from '../../shared/api/json';
import type { Recovery } from './journal';
import type { Group, Task } from './queue-state';
import { isSidecar, type Sidecar } from './sidecar';

/** The item a sidecar describes, as the queue keeps it until its sidecar is written. */
export function groupFromSidecar(path: string, sidecar: Sidecar): Group {
  const p = sidecar.provenance;
  return {
    id: sidecar.id,
    kind: sidecar.kind,
    username: sidecar.username,
    ownerId: sidecar.ownerId,
    takenAt: sidecar.takenAt,
    sidecarBase: path.replace(/\.json$/, ''),
    highlight: sidecar.highlight,
    // The sidecar keeps the record without its `raw` copies and the raw record apart: writing it again gives the same.
    record: { ...(sidecar.record as Record<string, unknown>), raw: sidecar.raw },
    provenance: { path: p.endpoint, params: p.params, requestId: p.requestId, fetchedAt: Date.parse(p.fetchedAt) },
    tasks: [],
  };
}

/** The sidecars of the recovery by the files they list: path of a file -> its sidecar. */
function sidecarsByFile(recovery: Recovery): Map<string, { path: string; sidecar: Sidecar }> {
  const byFile = new Map<string, { path: string; sidecar: Sidecar }>();
  for (const [path, text] of recovery.sidecars) {
    let sidecar: unknown;
    try {
      sidecar = parseLossless(text);
    } catch {
      continue;
    }
    if (!isSidecar(sidecar)) continue;
    for (const f of sidecar.files) byFile.set(resolve(dirname(path), f.name), { path, sidecar });
  }
  return byFile;
}

/** Queues again the done tasks whose files were lost; returns how many. */
export function requeueLost(recovery: Recovery, tasks: Map<string, Task>, groups: Map<string, Group>, requeue: (task: Task) => void, log: (message: string) => void): number {
  if (recovery.lost.size === 0) return 0;
  const byFile = sidecarsByFile(recovery);
  const byPath = new Map<string, Task>();
  for (const t of tasks.values()) if (t.path !== null) byPath.set(t.path, t);
  let count = 0;
  for (const path of recovery.lost) {
    const task = byPath.get(path);
    if (!task || task.state !== 'done') {
      if (!task) log(`downloads: ${path} was lost and is no longer in the queue: save the item again to fetch it`);
      continue;
    }
    let group = groups.get(task.group);
    if (!group) {
      const found = byFile.get(path);
      if (!found) {
        log(`downloads: ${path} was lost and its record is unknown: save the item again to fetch it`);
        continue;
      }
      group = groups.get(found.sidecar.id) ?? groupFromSidecar(found.path, found.sidecar);
      groups.set(group.id, group);
      // Its other files, saved and still there, stay in the sidecar.
      const members = new Set(found.sidecar.files.map((f) => resolve(dirname(found.path), f.name)));
      for (const t of tasks.values()) if (t.path !== null && members.has(t.path) && !group.tasks.includes(t.id)) group.tasks.push(t.id);
      for (const id of group.tasks) {
        const member = tasks.get(id);
        if (member) member.group = group.id;
      }
    }
    requeue(task);
    task.path = null;
    task.sha256 = null;
    task.bytes = 0;
    count += 1;
  }
  return count;
}
