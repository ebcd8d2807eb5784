// The download queue in main: files of the saved items, fetched a few at a time (concurrency from the
// settings), with pause, resume, cancel, retry and clear, retries with backoff for network errors and
// 5xx, expired links renewed through the service in confirmed batches (renewals.ts), and progress pushed
// to the renderer a few times a second. Files are made durable in batches with their sidecars
// (saving.ts); the state lives in memory and in <dataDir>/downloads/queue.json (queue-state.ts), so after
// a crash or a restart the queue picks up where it was and `.part` files continue with a Range request.
// This module builds the queue and its public API; the scheduling (which task starts next, renewals, the
// idle moment) is in queue-run.ts, one file's transfer in transfer.ts, the control actions in control.ts,
// progress events in progress.ts.
import { resolve } from 'node:path';
import { validationError } from '../../shared/api/errors';
import { backoffMs } from '../../shared/timing';
import type { DownloadsSnapshot, Provenance, SavedItemArg } from '../../shared/ipc';
import { createArchive } from './archive';
import { applyControl, type ControlAction } from './control';
import type { FetchMedia } from './fetch-file';
import { parseTemplate } from './naming';
import { createProgress } from './progress';
import { diskThread, type DiskThread } from './disk-thread';
import { queueFolders } from './folders';
import { addPlannedGroup, planItems, type EnqueueCounts } from './enqueue';
import { existsByListing } from './folder-listing';
import type { PlannedGroup } from './plan';
import { dropLegacyPending, loadState, createStatePersister, type Group, type Task } from './queue-state';
import type { CallFn } from './refresh';
import { createRenewals, type ConfirmRenewal } from './renewals';
import { checkIdle, finish, lookAgain, pump, renew, type QueueRun } from './queue-run';
import { createJournal } from './journal';
import { syncFileSystems } from '../storage/sync-fs';
import { requeueLost } from './recovery';
import { createSaving } from './saving';
import type { AnswerFacts, Sidecar } from './sidecar';
import { isFile } from '../storage/is-file';
import type { TransferDeps } from './transfer';

export interface DownloadQueueOptions {
  /** The app's data folder: the queue keeps its state and archive under downloads/. */
  dataDir: string;
  /** The absolute download folder (settings.downloadFolder, or <Downloads>/Feedlens). */
  folder: () => string;
  /** A folder from someone else (a study's) holding `folder` and `dataDir`: nothing written through a link out of it. */
  confineTo?: string;
  /** settings.filenameTemplate. */
  template: () => string;
  /** settings.downloadConcurrency. */
  concurrency: () => number;
  /** Media bytes: the app-media handler's logic in the app (allow-listed hosts, the simulator in demo mode). */
  fetchMedia: FetchMedia;
  /** The call service's call(): renews expired links (cost guard, cache, ledger, balance apply). */
  call: CallFn;
  /** Main's question for a batch of link renewals: a grant, or null when declined (see renewals.ts). */
  confirmRenewal: ConfirmRenewal;
  emit: (snapshot: DownloadsSnapshot) => void;
  /** App version, written into each sidecar. */
  version: string;
  /** What the request ledger says of the answer a record came from (see ledgerAnswerFacts). */
  answerFacts?: (p: Provenance) => Promise<AnswerFacts>;
  /** Called after each sidecar is written (the library adds the item). */
  onSaved?: (sidecarPath: string, sidecar: Sidecar) => Promise<void> | void;
  now?: () => number;
  /** Attempts per file for network errors, 5xx and broken connections. Default 4. */
  maxAttempts?: number;
  /** Wait before attempt n+1. Default 1 s, 2 s, 4 s… (max 30 s) plus a little jitter. */
  retryDelayMs?: (attempt: number) => number;
  /** Least time between two progress events. Default 250 ms (more for very long queues). */
  emitIntervalMs?: number;
  /** How long expired links are gathered into one renewal batch. Default 1 s. */
  renewalGatherMs?: number;
  /** Also save the cover image of videos. Default false. */
  videoCovers?: boolean;
  /** Where files are written, named and sidecars created. Default the process's disk thread. */
  disk?: DiskThread;
  log?: (message: string) => void;
}

export interface DownloadQueue {
  /** Loads the saved state and archive, settles what a crash left unfinished, and resumes what was queued. */
  start(): Promise<void>;
  enqueue(items: SavedItemArg[]): Promise<EnqueueCounts>;
  control(action: ControlAction, ids?: string[]): Promise<DownloadsSnapshot>;
  snapshot(): DownloadsSnapshot;
  /** Resolves when nothing is queued, running or being saved (paused items do not count). */
  idle(): Promise<void>;
  /** Stops every transfer (their `.part` files stay), saves what is downloaded, and writes the state. */
  close(): Promise<void>;
}

const DEFAULT_MAX_ATTEMPTS = 4;
/** Files per durable batch; a smaller batch is saved after a short wait, or at once when nothing runs. */
const SAVE_BATCH = 64;
const SAVE_DELAY_MS = 200;

function defaultRetryDelay(attempt: number): number {
  return backoffMs(attempt - 1, { baseMs: 1000, maxMs: 30_000, jitterMs: 250 });
}

export function createDownloadQueue(o: DownloadQueueOptions): DownloadQueue {
  const now = o.now ?? Date.now;
  const log = o.log ?? ((m: string) => console.warn(m));
  const maxAttempts = o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const retryDelay = o.retryDelayMs ?? defaultRetryDelay;
  const home = `${o.dataDir}/downloads`;
  const archive = createArchive(`${home}/archive.ndjson`);
  const journal = createJournal(home, syncFileSystems, now);
  const places = queueFolders(o.disk ?? diskThread(), o.confineTo);
  const disk = places.disk;

  const tasks = new Map<string, Task>();
  const groups = new Map<string, Group>();
  const running = new Map<string, AbortController>();
  const workers = new Set<Promise<void>>();
  /** Tasks waiting for a link renewal (queued, but not started until it comes). */
  const renewing = new Set<string>();
  /** Tasks whose link was renewed in this session: a second refusal fails them. */
  const renewed = new Set<string>();
  /** Tasks queued in this session and not tried yet: enqueue looked for their file, no `.part` can exist. */
  const fresh = new Set<string>();
  let paused = false;
  let enqueueTail: Promise<unknown> = Promise.resolve();

  // ---- persistence ----

  const state = createStatePersister(`${home}/queue.json`, log, () => ({ paused, groups: [...groups.values()], tasks: [...tasks.values()] }));
  const flush = state.flush;
  const persistSoon = state.soon;

  // ---- progress events ----

  const progress = createProgress({ tasks, emit: o.emit, paused: () => paused, closing: () => q.closing, ...(o.emitIntervalMs !== undefined ? { emitIntervalMs: o.emitIntervalMs } : {}) });
  const { emitSoon, sample, snapshot } = progress;

  // ---- saving ----

  const saving = createSaving({ tasks, groups, archive, journal, disk, version: o.version, now, log, answerFacts: o.answerFacts, onSaved: o.onSaved, changed: emitSoon, persistSoon });
  let saveTimer: NodeJS.Timeout | null = null;

  /** Saves a batch when it is full or nothing else runs; else soon. */
  function saveSoon(): void {
    if (saving.waiting() >= SAVE_BATCH || running.size === 0) return void saveNow();
    saveTimer ??= setTimeout(() => void saveNow(), SAVE_DELAY_MS);
  }

  function saveNow(): Promise<void> {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    return saving.commit().then(() => {
      checkIdle(q);
      pump(q);
    });
  }

  const renewals = createRenewals({ confirm: o.confirmRenewal, call: o.call, now, ...(o.renewalGatherMs !== undefined ? { gatherMs: o.renewalGatherMs } : {}) });

  const transferDeps: TransferDeps = {
    archive,
    fetchMedia: o.fetchMedia,
    maxAttempts,
    retryDelay,
    fresh,
    renewed,
    isCurrent: (task, controller) => running.get(task.id) === controller && task.state === 'running' && !controller.signal.aborted,
    ensureFolder: places.ensure,
    disk,
    finish: (task, state, detail) => finish(q, task, state, detail),
    renew: (task) => renew(q, task),
    downloaded: (task, ino) => saving.add(task, ino),
    sample,
    emitSoon,
    persistSoon,
    log,
  };

  // ---- scheduling (queue-run.ts) ----

  const q: QueueRun = {
    tasks, running, workers, renewing, renewed, closing: false, idleWaiters: [], order: null, cursor: 0, lastFullLook: -Infinity,
    concurrency: o.concurrency, now, log, saving, renewals, progress, transferDeps, emitSoon, persistSoon, saveSoon,
  };

  // ---- enqueue ----

  function requeue(task: Task): void {
    lookAgain(q);
    task.state = paused ? 'paused' : 'queued';
    task.attempts = 0;
    task.error = null;
    renewed.delete(task.id);
  }

  const addGroup = (planned: PlannedGroup, counts: EnqueueCounts, isThere: (path: string) => Promise<boolean>) =>
    addPlannedGroup(planned, counts, { tasks, groups, archive, now, requeue, exists: isThere, state: () => (paused ? 'paused' : 'queued'), added: (t) => fresh.add(t.id) });

  async function enqueueNow(items: SavedItemArg[]): Promise<EnqueueCounts> {
    const parsed = parseTemplate(o.template());
    if (!parsed.ok) throw validationError([{ param: 'filenameTemplate', message: parsed.message }]);
    const opts = { template: parsed.template, folder: resolve(o.folder()), videoCovers: o.videoCovers ?? false };
    await places.check(opts.folder, 'The media could not be saved');
    const counts: EnqueueCounts = { queued: 0, skipped: 0, ids: [] };
    const { planned, plannedItems, problems } = planItems(items, opts, counts);
    const finals = planned.flatMap((g) => g.files.flatMap((f) => (f.ext !== null && !tasks.has(f.key) ? [`${f.base}.${f.ext}`] : [])));
    const isThere = await existsByListing(finals, isFile);
    for (const g of planned) await addGroup(g, counts, isThere);
    if (plannedItems === 0) {
      throw validationError([{ param: 'items', message: `nothing to download: ${[...problems].join('; ')}` }]);
    }
    await flush(); // what was queued survives a crash from here on
    lookAgain(q, true);
    emitSoon();
    pump(q);
    return counts;
  }

  // ---- control ----

  async function control(action: ControlAction, ids?: string[]): Promise<DownloadsSnapshot> {
    const applied = applyControl(action, ids, { tasks, groups, running, paused, requeue, touch: (g) => saving.touch(g) });
    paused = applied.paused;
    lookAgain(q, true); // resumed or retried tasks, cleared ones gone
    const stopping = applied.stopping;
    await Promise.all(stopping);
    await flush();
    emitSoon();
    saveSoon();
    pump(q);
    return snapshot();
  }

  return {
    async start() {
      await places.check(home, 'The download queue could not start');
      await archive.load();
      const state = await loadState(`${home}/queue.json`, log);
      if (state) {
        paused = state.paused;
        for (const g of state.groups) groups.set(g.id, g);
        for (const t of state.tasks) tasks.set(t.id, t.state === 'running' ? { ...t, state: 'queued' } : t);
        await dropLegacyPending(groups.values());
      }
      // What the last run saved without a checkpoint after it is checked; a file a power cut took is fetched again.
      const lost = requeueLost(await journal.recover(log), tasks, groups, requeue, log);
      if (lost > 0) log(`downloads: ${lost} files were incomplete after the last run and are fetched again`);
      lookAgain(q, true);
      // Items a crash left between their files and their sidecar are settled now.
      for (const g of groups.values()) saving.touch(g.id);
      await saveNow();
      await flush();
      emitSoon();
      pump(q);
    },
    enqueue(items) {
      const run = enqueueTail.then(() => enqueueNow(items));
      enqueueTail = run.catch(() => undefined);
      return run;
    },
    control,
    snapshot,
    async idle() {
      await new Promise<void>((done) => {
        q.idleWaiters.push(done);
        checkIdle(q);
      });
      await saving.settled(); // sidecars of the last files
    },
    async close() {
      q.closing = true;
      for (const controller of running.values()) controller.abort();
      await Promise.all([...workers]);
      renewals.flush();
      await saveNow(); // what is downloaded is kept
      await saving.checkpoint();
      progress.stop();
      await flush();
    },
  };
}
