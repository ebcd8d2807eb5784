// The download queue in main: files of the saved items, fetched a few at a time (concurrency from the
// settings), with pause, resume, cancel, retry and clear, retries with backoff for network errors and
// 5xx, expired links renewed through the service, and progress pushed to the renderer a few times a
// second. Its state lives in <dataDir>/downloads/queue.json (written atomically), so after a crash or
// a restart the queue picks up where it was and `.part` files continue with a Range request.
import { createHash } from 'node:crypto';
import { readFile, stat, unlink, utimes } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { validationError } from '../../shared/api/errors';
import { parseLossless, stringifyLossless } from '../../shared/api/json';
import type { DownloadItem, DownloadsSnapshot, DownloadState, Provenance, SavedItemArg } from '../../shared/ipc';
import { writeFileAtomic } from '../fs-atomic';
import { createArchive } from './archive';
import { DownloadError, fetchFile, removePart, type FetchMedia } from './fetch-file';
import { parseTemplate } from './naming';
import { planItem, PlanError, type FileRole, type GroupKind, type PlannedFile, type PlannedGroup, type RefreshRef } from './plan';
import { refreshUrl, RefreshError, urlExpired, type CallFn, type RefreshedBy } from './refresh';
import { fileSha256, withoutRaw, writeSidecar, SIDECAR_FORMAT, SIDECAR_VERSION, type Sidecar, type SidecarFile } from './sidecar';

export interface DownloadQueueOptions {
  /** The app's data folder: the queue keeps its state, archive and pending records under downloads/. */
  dataDir: string;
  /** The absolute download folder (settings.downloadFolder, or <Downloads>/Feedlens). */
  folder: () => string;
  /** settings.filenameTemplate. */
  template: () => string;
  /** settings.downloadConcurrency. */
  concurrency: () => number;
  /** Media bytes: the app-media handler's logic in the app (allow-listed hosts, the simulator in demo mode). */
  fetchMedia: FetchMedia;
  /** The call service's call(): renews expired links (cost guard, cache, ledger, balance apply). */
  call: CallFn;
  emit: (snapshot: DownloadsSnapshot) => void;
  /** App version, written into each sidecar. */
  version: string;
  /** The sha256 of the answer a record came from (see ledgerAnswerSha256). */
  answerSha256?: (p: Provenance) => Promise<string | null>;
  /** Called after each sidecar is written (the library adds the item). */
  onSaved?: (sidecarPath: string, sidecar: Sidecar) => Promise<void> | void;
  now?: () => number;
  /** Attempts per file for network errors, 5xx and broken connections. Default 4. */
  maxAttempts?: number;
  /** Wait before attempt n+1. Default 1 s, 2 s, 4 s… (max 30 s) plus a little jitter. */
  retryDelayMs?: (attempt: number) => number;
  /** Least time between two progress events. Default 250 ms (more for very long queues). */
  emitIntervalMs?: number;
  /** Units a link renewal may cost without asking. Default 1. */
  refreshMaxUnits?: number;
  /** Also save the cover image of videos. Default false. */
  videoCovers?: boolean;
  log?: (message: string) => void;
}

export interface DownloadQueue {
  /** Loads the saved state and archive, and resumes what was queued. */
  start(): Promise<void>;
  enqueue(items: SavedItemArg[]): Promise<{ queued: number; skipped: number }>;
  control(action: 'pause' | 'resume' | 'cancel' | 'retry' | 'clear', ids?: string[]): Promise<DownloadsSnapshot>;
  snapshot(): DownloadsSnapshot;
  /** Resolves when nothing is queued or running (paused items do not count). */
  idle(): Promise<void>;
  /** Stops every transfer (their `.part` files stay) and writes the state. */
  close(): Promise<void>;
}

/** One file to download, as persisted. */
interface Task {
  id: string;
  group: string;
  kind: GroupKind;
  label: string;
  url: string;
  ext: string | null;
  fallbackExt: string;
  base: string;
  index: number | null;
  role: FileRole;
  mediaPk: string;
  takenAt: number | null;
  refresh: RefreshRef | null;
  state: DownloadState;
  attempts: number;
  error: string | null;
  path: string | null;
  bytes: number;
  totalBytes: number | null;
  contentType: string | null;
  refreshedBy: RefreshedBy | null;
}

/** One saved item (one sidecar); its record and provenance wait in a pending file until it is saved. */
interface Group extends Pick<PlannedGroup, 'id' | 'kind' | 'username' | 'ownerId' | 'takenAt' | 'sidecarBase' | 'highlight'> {
  pending: string;
  tasks: string[];
}

interface StateFile {
  version: 1;
  paused: boolean;
  groups: Group[];
  tasks: Task[];
}

const FINISHED: ReadonlySet<DownloadState> = new Set(['done', 'skipped', 'failed', 'cancelled']);
const DEFAULT_MAX_ATTEMPTS = 4;
const PERSIST_DELAY_MS = 500;
const SPEED_WINDOW_MS = 3000;

function defaultRetryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** (attempt - 1)) + Math.floor(Math.random() * 250);
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Waits `ms`, or less if the signal aborts (never rejects: the caller checks the signal). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    if (signal.aborted) return done();
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      done();
    }
    signal.addEventListener('abort', finish, { once: true });
  });
}

export function createDownloadQueue(o: DownloadQueueOptions): DownloadQueue {
  const now = o.now ?? Date.now;
  const log = o.log ?? ((m: string) => console.warn(m));
  const maxAttempts = o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const retryDelay = o.retryDelayMs ?? defaultRetryDelay;
  const home = join(o.dataDir, 'downloads');
  const stateFile = join(home, 'queue.json');
  const pendingDir = join(home, 'pending');
  const archive = createArchive(join(home, 'archive.ndjson'));

  const tasks = new Map<string, Task>();
  const groups = new Map<string, Group>();
  const running = new Map<string, AbortController>();
  const workers = new Set<Promise<void>>();
  const samples = new Map<string, [number, number][]>();
  const settling = new Map<string, Promise<void>>();
  let paused = false;
  let closing = false;
  let idleWaiters: (() => void)[] = [];
  let enqueueTail: Promise<unknown> = Promise.resolve();

  // ---- persistence ----

  let persistTimer: NodeJS.Timeout | null = null;
  let writeTail: Promise<void> = Promise.resolve();

  function stateNow(): StateFile {
    // A running transfer is queued again on the next start; its `.part` says how far it got.
    const list = [...tasks.values()].map((t) => (t.state === 'running' ? { ...t, state: 'queued' as const } : t));
    return { version: 1, paused, groups: [...groups.values()], tasks: list };
  }

  function flush(): Promise<void> {
    if (persistTimer) clearTimeout(persistTimer);
    persistTimer = null;
    const text = JSON.stringify(stateNow());
    writeTail = writeTail.then(() => writeFileAtomic(stateFile, text)).catch((error: unknown) => log(`downloads: could not save the queue: ${String(error)}`));
    return writeTail;
  }

  function persistSoon(): void {
    persistTimer ??= setTimeout(() => void flush(), PERSIST_DELAY_MS);
  }

  async function load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(stateFile, 'utf8');
    } catch {
      return; // first start
    }
    try {
      const state = parseLossless(text) as Partial<StateFile>;
      paused = state.paused === true;
      for (const g of state.groups ?? []) groups.set(g.id, g);
      for (const t of state.tasks ?? []) tasks.set(t.id, t.state === 'running' ? { ...t, state: 'queued' } : t);
    } catch (error) {
      log(`downloads: the saved queue could not be read, starting empty: ${String(error)}`);
    }
  }

  // ---- progress events ----

  let emitTimer: NodeJS.Timeout | null = null;
  let lastEmit = 0;

  function emitInterval(): number {
    // A snapshot carries every item: long lists go out less often.
    return Math.max(o.emitIntervalMs ?? 250, Math.min(2000, tasks.size / 20));
  }

  function emitSoon(): void {
    if (emitTimer || closing) return;
    const wait = Math.max(0, lastEmit + emitInterval() - Date.now());
    emitTimer = setTimeout(() => {
      emitTimer = null;
      lastEmit = Date.now();
      o.emit(snapshot());
    }, wait);
  }

  function speedOf(id: string): number {
    const s = samples.get(id);
    if (!s || s.length < 2) return 0;
    const [t0, b0] = s[0] as [number, number];
    const [t1, b1] = s[s.length - 1] as [number, number];
    return t1 > t0 ? ((b1 - b0) * 1000) / (t1 - t0) : 0;
  }

  function sample(id: string, bytes: number): void {
    const t = performance.now();
    const s = samples.get(id) ?? [];
    s.push([t, bytes]);
    while (s.length > 2 && (s[0] as [number, number])[0] < t - SPEED_WINDOW_MS) s.shift();
    samples.set(id, s);
  }

  function snapshot(): DownloadsSnapshot {
    const items: DownloadItem[] = [];
    const totals = { queued: 0, running: 0, done: 0, skipped: 0, failed: 0, bytes: 0, totalBytes: 0 as number | null, speed: 0, etaSeconds: null as number | null };
    for (const t of tasks.values()) {
      const speed = t.state === 'running' ? speedOf(t.id) : null;
      items.push({ id: t.id, label: t.label, kind: t.kind, state: t.state, bytes: t.bytes, totalBytes: t.totalBytes, speed, path: t.path, error: t.error, attempts: t.attempts });
      if (t.state === 'queued' || t.state === 'paused') totals.queued += 1;
      else if (t.state === 'running') totals.running += 1;
      else if (t.state === 'done') totals.done += 1;
      else if (t.state === 'skipped') totals.skipped += 1;
      else if (t.state === 'failed') totals.failed += 1;
      if (t.state === 'skipped' || t.state === 'cancelled') continue;
      totals.bytes += t.bytes;
      totals.totalBytes = totals.totalBytes === null || t.totalBytes === null ? null : totals.totalBytes + t.totalBytes;
      totals.speed += speed ?? 0;
    }
    if (totals.totalBytes !== null && totals.speed > 0) totals.etaSeconds = Math.max(0, (totals.totalBytes - totals.bytes) / totals.speed);
    return { items, totals, paused };
  }

  function changed(): void {
    persistSoon();
    emitSoon();
  }

  // ---- scheduling ----

  function checkIdle(): void {
    if (workers.size > 0 || [...tasks.values()].some((t) => t.state === 'queued' || t.state === 'running')) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  }

  function pump(): void {
    if (closing) return;
    const limit = Math.max(1, Math.floor(o.concurrency()));
    for (const task of tasks.values()) {
      if (running.size >= limit) break;
      if (task.state === 'queued' && !running.has(task.id)) begin(task);
    }
    checkIdle();
  }

  function begin(task: Task): void {
    const controller = new AbortController();
    running.set(task.id, controller);
    task.state = 'running';
    task.error = null;
    samples.delete(task.id);
    const worker = work(task, controller)
      .catch((error: unknown) => log(`downloads: ${task.id}: ${String(error)}`))
      .finally(() => {
        running.delete(task.id);
        samples.delete(task.id);
        workers.delete(worker);
        changed();
        pump();
      });
    workers.add(worker);
    changed();
  }

  function finish(task: Task, state: 'done' | 'skipped' | 'failed', detail: { path?: string; error?: string }): void {
    task.state = state;
    task.path = detail.path ?? task.path;
    task.error = detail.error ?? null;
    changed();
    void settle(task.group);
  }

  async function renew(task: Task): Promise<void> {
    if (!task.refresh) throw new RefreshError('The media link expired and this item cannot be renewed.');
    const fresh = await refreshUrl(task.refresh, task.url, { call: o.call, maxUnits: o.refreshMaxUnits ?? 1, now });
    task.url = fresh.url;
    task.refreshedBy = fresh.by;
    persistSoon();
  }

  async function work(task: Task, controller: AbortController): Promise<void> {
    const { signal } = controller;
    // Still this run's task: not paused, cancelled or cleared meanwhile, and the queue is not closing.
    const mine = () => running.get(task.id) === controller && task.state === 'running' && !signal.aborted;
    const stopped = async () => {
      if (task.state === 'cancelled') await removePart(task.base, task.ext);
    };
    try {
      const saved = await archive.savedFile(task.id);
      if (saved !== null) return finish(task, 'skipped', { path: saved });
      if (task.ext !== null && (await exists(`${task.base}.${task.ext}`))) {
        const path = `${task.base}.${task.ext}`;
        await archive.add({ key: task.id, path, savedAt: now() });
        return finish(task, 'skipped', { path });
      }
      let renewed = false;
      if (task.refresh && urlExpired(task.url, now())) {
        await renew(task);
        renewed = true;
      }
      for (;;) {
        if (!mine()) return await stopped();
        task.attempts += 1;
        try {
          const result = await fetchFile({
            url: task.url,
            base: task.base,
            ext: task.ext,
            fallbackExt: task.fallbackExt,
            fetchMedia: o.fetchMedia,
            signal,
            expectedTotal: task.totalBytes,
            onStart: (info) => {
              task.ext = info.ext;
              task.totalBytes = info.total;
              task.bytes = info.offset;
              task.contentType = info.contentType ?? task.contentType;
              changed();
            },
            onProgress: (bytes) => {
              task.bytes = bytes;
              sample(task.id, bytes);
              emitSoon();
            },
          });
          // The file's time is the post's time, as Instaloader does; access time is now.
          if (task.takenAt !== null) await utimes(result.path, now() / 1000, task.takenAt).catch((e: unknown) => log(`downloads: mtime: ${String(e)}`));
          await archive.add({ key: task.id, path: result.path, savedAt: now() });
          task.bytes = result.bytes;
          task.totalBytes = result.bytes;
          return finish(task, 'done', { path: result.path });
        } catch (error) {
          if (!mine()) return await stopped();
          const e = error instanceof DownloadError ? error : new DownloadError('io', error instanceof Error ? error.message : String(error), false);
          if (e.kind === 'expired' && task.refresh && !renewed) {
            renewed = true;
            await renew(task);
            continue;
          }
          if (e.retryable && task.attempts < maxAttempts) {
            task.error = `${e.message} Trying again (attempt ${task.attempts + 1} of ${maxAttempts}).`;
            changed();
            await pause(retryDelay(task.attempts), signal);
            continue;
          }
          return finish(task, 'failed', { error: e.message });
        }
      }
    } catch (error) {
      if (!mine()) return await stopped();
      const message = error instanceof RefreshError || error instanceof DownloadError ? error.message : `Could not save the file: ${String(error)}`;
      finish(task, 'failed', { error: message });
    }
  }

  // ---- sidecars ----

  function pendingPath(groupId: string): string {
    return join(pendingDir, `${createHash('sha256').update(groupId).digest('hex').slice(0, 32)}.json`);
  }

  /** Writes the sidecar once every file of the item has finished, and hands it to the library. */
  function settle(groupId: string): Promise<void> {
    const next = (settling.get(groupId) ?? Promise.resolve()).then(() => writeGroup(groupId)).catch((error: unknown) => log(`downloads: sidecar of ${groupId}: ${String(error)}`));
    settling.set(groupId, next);
    void next.then(() => {
      if (settling.get(groupId) === next) settling.delete(groupId);
    });
    return next;
  }

  async function writeGroup(groupId: string): Promise<void> {
    const group = groups.get(groupId);
    if (!group) return;
    const members = group.tasks.map((id) => tasks.get(id)).filter((t): t is Task => t !== undefined);
    if (members.some((t) => !FINISHED.has(t.state)) || !members.some((t) => t.state === 'done')) return;
    const pending = parseLossless(await readFile(group.pending, 'utf8')) as { record: Record<string, unknown>; provenance: Provenance };
    const sidecarPath = `${group.sidecarBase}.json`;
    const files: SidecarFile[] = [];
    for (const t of members) {
      if ((t.state !== 'done' && t.state !== 'skipped') || t.path === null || !(await exists(t.path))) continue;
      files.push({
        name: relative(dirname(sidecarPath), t.path).split('\\').join('/'),
        index: t.index,
        role: t.role,
        mediaPk: t.mediaPk,
        url: t.url,
        bytes: (await stat(t.path)).size,
        sha256: await fileSha256(t.path),
        contentType: t.contentType,
        refreshedBy: t.refreshedBy,
      });
    }
    const p = pending.provenance;
    const sidecar: Sidecar = {
      format: SIDECAR_FORMAT,
      version: SIDECAR_VERSION,
      id: group.id,
      kind: group.kind,
      username: group.username,
      ownerId: group.ownerId,
      takenAt: group.takenAt,
      highlight: group.highlight,
      files,
      record: withoutRaw(pending.record),
      raw: pending.record.raw ?? null,
      provenance: {
        endpoint: p.path,
        params: p.params,
        requestId: p.requestId,
        fetchedAt: new Date(p.fetchedAt).toISOString(),
        savedAt: new Date(now()).toISOString(),
        appVersion: o.version,
        answerSha256: o.answerSha256 ? await o.answerSha256(p).catch(() => null) : null,
      },
    };
    await writeSidecar(sidecarPath, sidecar);
    await o.onSaved?.(sidecarPath, sidecar);
    if (members.every((t) => t.state === 'done' || t.state === 'skipped')) {
      await unlink(group.pending).catch(() => undefined);
      for (const id of group.tasks) {
        const t = tasks.get(id);
        if (t) t.group = '';
      }
      groups.delete(group.id);
      persistSoon();
    }
  }

  // ---- enqueue ----

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
    };
  }

  function requeue(task: Task): void {
    task.state = paused ? 'paused' : 'queued';
    task.attempts = 0;
    task.error = null;
  }

  async function addGroup(planned: PlannedGroup, counts: { queued: number; skipped: number }): Promise<void> {
    const fresh: Task[] = [];
    for (const file of planned.files) {
      const existing = tasks.get(file.key);
      if (existing) {
        if (existing.state === 'failed' || existing.state === 'cancelled') {
          requeue(existing);
          counts.queued += 1;
        } else counts.skipped += 1;
        continue;
      }
      const saved = await archive.savedFile(file.key);
      const final = file.ext !== null ? `${file.base}.${file.ext}` : null;
      if (saved !== null || (final !== null && (await exists(final)))) {
        const path = saved ?? (final as string);
        if (saved === null) await archive.add({ key: file.key, path, savedAt: now() });
        tasks.set(file.key, taskOf(file, planned, 'skipped', path));
        counts.skipped += 1;
        continue;
      }
      fresh.push(taskOf(file, planned, paused ? 'paused' : 'queued', null));
    }
    if (fresh.length === 0) return;
    const group: Group = groups.get(planned.id) ?? {
      id: planned.id,
      kind: planned.kind,
      username: planned.username,
      ownerId: planned.ownerId,
      takenAt: planned.takenAt,
      sidecarBase: planned.sidecarBase,
      highlight: planned.highlight,
      pending: pendingPath(planned.id),
      tasks: [],
    };
    // Files saved earlier belong to the item's sidecar as well.
    const all = planned.files.map((f) => f.key).filter((key) => tasks.has(key) || fresh.some((t) => t.id === key));
    group.tasks = [...new Set([...group.tasks, ...all])];
    await writeFileAtomic(group.pending, stringifyLossless({ record: planned.record, provenance: planned.provenance }));
    groups.set(group.id, group);
    for (const t of fresh) {
      tasks.set(t.id, t);
      counts.queued += 1;
    }
    for (const key of group.tasks) {
      const t = tasks.get(key);
      if (t) t.group = group.id;
    }
  }

  async function enqueueNow(items: SavedItemArg[]): Promise<{ queued: number; skipped: number }> {
    const parsed = parseTemplate(o.template());
    if (!parsed.ok) throw validationError([{ param: 'filenameTemplate', message: parsed.message }]);
    const opts = { template: parsed.template, folder: resolve(o.folder()), videoCovers: o.videoCovers ?? false };
    const counts = { queued: 0, skipped: 0 };
    const problems = new Set<string>();
    let plannedItems = 0;
    for (const item of items) {
      let planned: PlannedGroup[];
      try {
        planned = planItem(item.record as Record<string, unknown>, item.provenance, opts);
      } catch (error) {
        if (!(error instanceof PlanError) && !(error instanceof RangeError)) throw error;
        problems.add(error.message);
        counts.skipped += 1;
        continue;
      }
      plannedItems += 1;
      for (const g of planned) await addGroup(g, counts);
    }
    if (plannedItems === 0) {
      throw validationError([{ param: 'items', message: `nothing to download: ${[...problems].join('; ')}` }]);
    }
    changed();
    pump();
    return counts;
  }

  // ---- control ----

  function targets(ids: string[] | undefined): Task[] {
    if (!ids) return [...tasks.values()];
    return ids.map((id) => tasks.get(id)).filter((t): t is Task => t !== undefined);
  }

  async function control(action: 'pause' | 'resume' | 'cancel' | 'retry' | 'clear', ids?: string[]): Promise<DownloadsSnapshot> {
    const chosen = targets(ids);
    const stopping: Promise<void>[] = [];
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
          void settle(t.group);
        }
        break;
      case 'retry':
        for (const t of chosen) if (t.state === 'failed' || t.state === 'cancelled') requeue(t);
        break;
      case 'clear':
        for (const t of chosen) {
          if (!FINISHED.has(t.state)) continue;
          tasks.delete(t.id);
          if (t.state === 'failed') stopping.push(removePart(t.base, t.ext));
        }
        for (const g of [...groups.values()]) {
          if (g.tasks.some((id) => tasks.has(id))) continue;
          groups.delete(g.id);
          stopping.push(unlink(g.pending).catch(() => undefined));
        }
        break;
    }
    await Promise.all(stopping);
    changed();
    pump();
    return snapshot();
  }

  return {
    async start() {
      await archive.load();
      await load();
      changed();
      pump();
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
        idleWaiters.push(done);
        checkIdle();
      });
      await Promise.all([...settling.values()]); // sidecars of the last files
    },
    async close() {
      closing = true;
      for (const controller of running.values()) controller.abort();
      await Promise.all([...workers]);
      await Promise.all([...settling.values()]);
      if (emitTimer) clearTimeout(emitTimer);
      emitTimer = null;
      await flush();
    },
  };
}
