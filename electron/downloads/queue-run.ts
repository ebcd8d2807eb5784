// The download queue's scheduling (queue.ts keeps it): which queued task starts next, within the
// concurrency setting; expired links sent for renewal (renewals.ts) instead of a transfer; a task ended
// without a file; and the idle moment, when what the journal lists is made durable. The state it works
// on is the QueueRun, explicit.
import type { Progress } from './progress';
import { RefreshError } from './refresh';
import { expiryOf, type Renewals } from './renewals';
import type { Saving } from './saving';
import type { Task } from './queue-state';
import { transfer, type TransferDeps } from './transfer';

/** While every slot is taken, how often the queued tasks are looked through for expired links. */
const RENEWAL_LOOK_MS = 1000;

export interface QueueRun {
  tasks: Map<string, Task>;
  /** The transfers under way, by task id. */
  running: Map<string, AbortController>;
  workers: Set<Promise<void>>;
  /** Tasks waiting for a link renewal (queued, but not started until it comes). */
  renewing: Set<string>;
  /** Tasks whose link was renewed in this session: a second refusal fails them. */
  renewed: Set<string>;
  closing: boolean;
  idleWaiters: (() => void)[];
  /** The tasks in queue order (null: to be read again) and the first place a queued one may be: a pump starts there (quadratic else). */
  order: Task[] | null;
  cursor: number;
  lastFullLook: number;
  concurrency: () => number;
  now: () => number;
  log: (message: string) => void;
  saving: Saving;
  renewals: Renewals;
  progress: Pick<Progress, 'forget'>;
  transferDeps: TransferDeps;
  emitSoon: () => void;
  persistSoon: () => void;
  saveSoon: () => void;
}

/** Nothing queued, running or being saved: the idle waiters go on, and the journal is checkpointed. */
export function checkIdle(q: QueueRun): void {
  if (q.workers.size > 0 || q.renewing.size > 0 || !q.saving.quiet()) return;
  for (const t of q.tasks.values()) if (t.state === 'queued' || t.state === 'running') return;
  void q.saving.checkpoint(); // a quiet moment: what the journal lists is made durable
  const waiters = q.idleWaiters;
  q.idleWaiters = [];
  for (const w of waiters) w();
}

/** Sends the task's link for renewal; it waits (queued, no transfer slot) until the batch is decided. */
export function renew(q: QueueRun, task: Task): void {
  lookAgain(q); // queued again (from a transfer whose link was refused)
  if (!task.refresh) return void finish(q, task, 'failed', { error: new RefreshError('The media link expired and this item cannot be renewed.').message });
  q.renewing.add(task.id);
  task.error = null;
  q.renewals
    .renew({ ref: task.refresh, staleUrl: task.url })
    .then(
      (fresh) => {
        task.url = fresh.url;
        task.refreshedBy = fresh.by;
        q.renewed.add(task.id);
      },
      (error: unknown) => {
        if (task.state === 'queued') finish(q, task, 'failed', { error: error instanceof Error ? error.message : String(error) });
      },
    )
    .finally(() => {
      q.renewing.delete(task.id);
      q.persistSoon();
      q.emitSoon();
      pump(q);
    });
}

/** A task may be queued again anywhere in the list (retry, resume, renewal); `added`: tasks came or went. */
export function lookAgain(q: QueueRun, added = false): void {
  q.cursor = 0;
  if (added) q.order = null;
}

/** Starts queued tasks while slots are free; sends the expired links met on the way for renewal. */
export function pump(q: QueueRun): void {
  if (q.closing) return;
  const limit = Math.max(1, Math.floor(q.concurrency()));
  const at = q.now();
  // Once all slots are taken, later tasks are looked at only for expired links (renewed in one batch), once a second.
  const fullLook = at - q.lastFullLook >= RENEWAL_LOOK_MS;
  if (fullLook) q.lastFullLook = at;
  q.order ??= [...q.tasks.values()];
  for (let i = q.cursor; i < q.order.length; i++) {
    const task = q.order[i] as Task;
    if (task.state !== 'queued') {
      if (i === q.cursor) q.cursor += 1;
      continue;
    }
    if (q.running.has(task.id) || q.renewing.has(task.id)) continue;
    const expiry = task.refresh ? expiryOf(task) : null;
    if (expiry !== null && expiry <= at && !q.renewed.has(task.id)) renew(q, task);
    else if (q.running.size < limit) begin(q, task);
    else if (!fullLook) break;
  }
  // Nothing runs that could still find an expired link: the renewal batch holds all there is.
  if (q.running.size === 0) q.renewals.flush();
  checkIdle(q);
}

function begin(q: QueueRun, task: Task): void {
  const controller = new AbortController();
  q.running.set(task.id, controller);
  task.state = 'running';
  task.error = null;
  q.progress.forget(task.id);
  const worker = transfer(task, controller, q.transferDeps)
    .catch((error: unknown) => q.log(`downloads: ${task.id}: ${String(error)}`))
    .finally(() => {
      q.running.delete(task.id);
      q.progress.forget(task.id);
      q.workers.delete(worker);
      q.emitSoon();
      if (q.saving.waiting() > 0) q.saveSoon();
      pump(q);
    });
  q.workers.add(worker);
  q.emitSoon();
}

/** A task ends without a transfer of its own (skipped, failed): its item may be complete. */
export function finish(q: QueueRun, task: Task, state: 'skipped' | 'failed', detail: { path?: string; error?: string }): void {
  task.state = state;
  task.path = detail.path ?? task.path;
  task.error = detail.error ?? null;
  q.saving.touch(task.group);
  q.persistSoon();
  q.emitSoon();
  q.saveSoon();
}
