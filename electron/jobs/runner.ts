// Runs bulk collection jobs in main: page after page through the CallService (cache, cost guard, ledger,
// balance), each page committed to disk before the next is asked for, so a job survives a crash or a
// restart and resumes from its last cursor. A job stops at the end of its lists, at its item limit, before
// a page would take it past its budget, on an error, or when the user pauses or cancels it.
//
// One page, in order: budget check -> reserve the page's cost in state.json -> call -> append the new items
// (de-duplicated by kind:id) -> state.json with the next cursor -> `job` event.
import { randomBytes } from 'node:crypto';
import { costOf } from '../../shared/api/catalog';
import type { AppError } from '../../shared/api/errors';
import { stringifyLossless } from '../../shared/api/json';
import { normalizeItems } from '../../shared/api/normalize';
import { PAGE_STOP_MESSAGES, readPage, withCursor } from '../../shared/api/pager';
import type { JobInfo, JobSpec, Provenance } from '../../shared/ipc';
import type { AppRecord } from '../../shared/records';
import type { CallService } from '../calls';
import type { SpendGrant } from '../cost-guard';
import { endpointOf, firstList, followUps, itemKey, type ListCursor } from './plan';
import { createJobStore, type JobState, type JobStore, type SavedItem } from './store';

export type JobAction = 'pause' | 'resume' | 'cancel' | 'remove';

export interface JobSinks {
  /** `then: 'library'`: hands the items to the download queue; returns the library folder, if any. */
  toLibrary?: (items: SavedItem[]) => Promise<string | null>;
  /** `then: 'export'`: writes the items as an export; returns the export file's path. */
  toExport?: (items: SavedItem[], spec: JobSpec) => Promise<string>;
}

export interface JobRunnerOptions extends JobSinks {
  calls: Pick<CallService, 'call'>;
  /** The jobs folder (one sub-folder per job), e.g. `<data folder>/jobs`. */
  dir: string;
  emit: (event: 'job', info: JobInfo) => void;
  now?: () => number;
  log?: (message: string) => void;
}

export interface JobRunner {
  /** Loads the jobs on disk and resumes those that were running. Call once, before anything else. */
  open(): Promise<void>;
  start(spec: JobSpec): Promise<JobInfo>;
  /** The job after the action; null once removed. Throws for an unknown id. */
  control(id: string, action: JobAction): Promise<JobInfo | null>;
  /** Raises the budget (the caller asked the user); a job stopped at its budget runs on. */
  raiseBudget(id: string, budget: number): Promise<JobInfo>;
  /** Newest first. */
  list(): JobInfo[];
  get(id: string): JobInfo | null;
  /** Resolves once the job's current run has stopped (finished, paused, failed...). */
  settled(id: string): Promise<JobInfo | null>;
  /** Stops as a quitting app would: nothing more is written; a new runner resumes from disk. */
  close(): Promise<void>;
}

interface Job {
  state: JobState;
  seen: Set<string>;
  /** What the user wants: the loop checks it between pages. */
  want: 'run' | 'pause' | 'cancel';
  looping: boolean;
  loop: Promise<void>;
  /** Disk work for this job, one operation after another. */
  writing: Promise<void>;
}

/** The service found nothing at all here (e.g. a post without comments): an empty list, not a failure. */
function isEmptyList(error: AppError): boolean {
  return error.kind === 'not_found' && error.excType === 'NotFoundError';
}

function newJobId(now: number): string {
  return `job-${now.toString(36)}-${randomBytes(4).toString('hex')}`;
}

export function createJobRunner(o: JobRunnerOptions): JobRunner {
  const now = o.now ?? Date.now;
  const log = o.log ?? console.error;
  const store: JobStore = createJobStore(o.dir);
  const jobs = new Map<string, Job>();
  let closed = false;

  const snapshot = (job: Job): JobInfo => structuredClone(job.state.info);
  /** Removed jobs say nothing more. */
  const emit = (job: Job): void => {
    if (jobs.get(job.state.info.id) === job) o.emit('job', snapshot(job));
  };

  /** Runs `change` (and writes `lines` first) as the job's next disk operation; false once closed. */
  function commit(job: Job, change: (s: JobState) => void, lines: readonly string[] = []): Promise<boolean> {
    const op = job.writing.then(async () => {
      if (closed) return false;
      await store.append(job.state.info.id, lines);
      change(job.state);
      job.state.info.updatedAt = now();
      await store.save(job.state);
      return true;
    });
    job.writing = op.then(
      () => undefined,
      () => undefined,
    );
    return op;
  }

  async function readAllItems(id: string): Promise<SavedItem[]> {
    const items: SavedItem[] = [];
    for await (const item of store.readItems(id)) items.push(item);
    return items;
  }

  /** The end of a run that collected what it could: hand the items over, once. */
  async function finish(job: Job, state: 'done' | 'stopped_budget'): Promise<void> {
    const { info } = job.state;
    let output = store.itemsFile(info.id);
    let error: string | null = null;
    if (!job.state.delivered && info.spec.then !== 'none') {
      try {
        const items = await readAllItems(info.id);
        if (info.spec.then === 'library') {
          if (!o.toLibrary) throw new Error('saving to the library is not available');
          output = (await o.toLibrary(items)) ?? output;
        } else {
          if (!o.toExport) throw new Error('exporting is not available');
          output = await o.toExport(items, info.spec);
        }
      } catch (e) {
        error = `The items were collected (${store.itemsFile(info.id)}), but handing them over failed: ${e instanceof Error ? e.message : String(e)}`;
      }
    } else if (job.state.delivered) {
      output = info.output ?? output;
    }
    await commit(job, (s) => {
      s.info.state = error === null ? state : 'failed';
      s.info.error = error;
      s.info.output = output;
      s.delivered = error === null;
    });
  }

  async function fail(job: Job, message: string, extra: (s: JobState) => void = () => undefined): Promise<void> {
    await commit(job, (s) => {
      extra(s);
      // A call that was under way may have been billed.
      s.info.unitsSpent += s.reserved;
      s.reserved = 0;
      s.info.state = 'failed';
      s.info.error = message;
      s.info.output = store.itemsFile(s.info.id);
    });
  }

  /** One page of the list at the head of the queue. Returns false when the run must stop. */
  async function step(job: Job): Promise<boolean> {
    const { info } = job.state;
    const { spec } = info;
    const list = job.state.queue[0];
    if (!list || (spec.limit !== undefined && info.items >= spec.limit)) {
      await finish(job, 'done');
      return false;
    }
    const endpoint = endpointOf(list.path);
    const params = withCursor(list.params, list.cursor) as Record<string, string>;
    const cost = costOf(endpoint, params);
    if (info.unitsSpent + cost > spec.budget) {
      await finish(job, 'stopped_budget');
      return false;
    }
    if (!(await commit(job, (s) => void (s.reserved = cost)))) return false;

    const result = await o.calls.call({ path: list.path, params }, { grant: grantOf(job) });
    if (closed) return false;

    if (!result.ok) {
      const billed = result.error.billed ? cost : 0;
      if (!isEmptyList(result.error)) {
        await fail(job, result.error.message, (s) => {
          s.reserved = 0;
          s.info.unitsSpent += billed;
        });
        return false;
      }
      await commit(job, (s) => {
        s.reserved = 0;
        s.info.unitsSpent += billed;
        s.info.pages += 1;
        s.queue.shift();
      });
      return true;
    }

    const { data, units, requestId, fetchedAt } = result.value;
    const page = readPage(endpoint, data, list.cursor ?? undefined);
    // An empty page that names a next one ends this list (readPage drops the cursor): say why in the log.
    if (page.stop) log(`jobs: ${job.state.info.id}: ${list.path}: ${PAGE_STOP_MESSAGES[page.stop]}`);
    const records = normalizeItems(endpoint, page.items);
    const provenance: Provenance = { path: list.path, params, requestId, fetchedAt };
    const room = spec.limit === undefined ? Infinity : spec.limit - info.items;
    const fresh: AppRecord[] = [];
    const keys = new Set<string>();
    for (const record of records) {
      const key = itemKey(record);
      if (key === null || job.seen.has(key) || keys.has(key) || fresh.length >= room) continue;
      fresh.push(record);
      keys.add(key);
    }
    const lines = fresh.map((record) => stringifyLossless({ record, provenance }));
    const opened = followUps(spec, list, records);
    return commit(
      job,
      (s) => {
        for (const key of keys) job.seen.add(key);
        const rest = s.queue.slice(1);
        const same: ListCursor[] = page.nextCursor ? [{ ...list, cursor: page.nextCursor }] : [];
        // Replies come before the next page of comments, so the queue stays short.
        s.queue = [...opened, ...same, ...rest];
        s.reserved = 0;
        s.info.unitsSpent += units;
        s.info.pages += 1;
        s.info.items += fresh.length;
      },
      lines,
    );
  }

  async function loop(job: Job): Promise<void> {
    try {
      while (!closed && job.want === 'run' && job.state.info.state === 'running') {
        if (!(await step(job))) break;
        if (!closed) emit(job);
      }
    } catch (error) {
      // Disk trouble or a bug: the job stops with a message instead of vanishing.
      const message = `Feedlens could not continue this job: ${error instanceof Error ? error.message : String(error)}`;
      log(`jobs: ${job.state.info.id}: ${message}`);
      await fail(job, message).catch(() => undefined);
    } finally {
      job.looping = false;
    }
    if (!closed) emit(job);
  }

  /**
   * The job's confirmed budget as a spending grant: calls fit while the units spent so far plus the next
   * call stay within it (the user authorised the budget in main's question when the job started).
   */
  function grantOf(job: Job): SpendGrant {
    const { info } = job.state;
    return {
      label: `The job collecting ${info.spec.kind} of ${info.spec.label || info.spec.target}`,
      allows: (units) => info.unitsSpent + units <= info.spec.budget,
      spent: () => undefined, // counted in the job's own state when the page is committed
    };
  }

  function ensureRunning(job: Job): void {
    if (job.looping || closed) return;
    job.looping = true;
    job.loop = loop(job);
  }

  function jobOf(id: string): Job {
    const job = jobs.get(id);
    if (!job) throw new Error(`jobs: no job ${id.slice(0, 40)}`);
    return job;
  }

  function add(state: JobState, seen: Set<string>): Job {
    const job: Job = { state, seen, want: 'run', looping: false, loop: Promise.resolve(), writing: Promise.resolve() };
    jobs.set(state.info.id, job);
    return job;
  }

  return {
    async open() {
      for (const { state, seen } of await store.loadAll(log)) {
        const job = add(state, seen);
        if (state.info.state === 'running') ensureRunning(job);
      }
    },

    async start(spec) {
      const t = now();
      const id = newJobId(t);
      const info: JobInfo = { id, spec, state: 'running', items: 0, pages: 0, unitsSpent: 0, error: null, startedAt: t, updatedAt: t, output: null };
      const job = add({ version: 1, info, queue: [firstList(spec)], reserved: 0, delivered: false }, new Set());
      await commit(job, () => undefined);
      emit(job);
      ensureRunning(job);
      return snapshot(job);
    },

    async control(id, action) {
      const job = jobOf(id);
      const { info } = job.state;
      if (action === 'remove') {
        job.want = 'cancel';
        jobs.delete(id);
        await job.loop; // the page under way is committed, then the folder goes
        await job.writing;
        await store.remove(id);
        return null;
      }
      if (action === 'pause' && info.state === 'running') {
        job.want = 'pause';
        await commit(job, (s) => void (s.info.state = 'paused'));
      } else if (action === 'resume' && (info.state === 'paused' || info.state === 'failed')) {
        job.want = 'run';
        await commit(job, (s) => {
          s.info.state = 'running';
          s.info.error = null;
        });
        ensureRunning(job);
      } else if (action === 'cancel' && (info.state === 'running' || info.state === 'paused' || info.state === 'failed')) {
        job.want = 'cancel';
        await commit(job, (s) => {
          s.info.state = 'cancelled';
          s.info.output = store.itemsFile(id);
        });
      } else {
        return snapshot(job); // nothing to do in this state
      }
      emit(job);
      return snapshot(job);
    },

    async raiseBudget(id, budget) {
      const job = jobOf(id);
      const resume = job.state.info.state === 'stopped_budget';
      await commit(job, (s) => {
        s.info.spec = { ...s.info.spec, budget };
        if (resume) {
          s.info.state = 'running';
          s.info.error = null;
          s.delivered = false;
        }
      });
      if (resume) {
        job.want = 'run';
        ensureRunning(job);
      }
      emit(job);
      return snapshot(job);
    },

    list: () => [...jobs.values()].map(snapshot).sort((a, b) => b.startedAt - a.startedAt || (a.id < b.id ? 1 : -1)),

    get: (id) => {
      const job = jobs.get(id);
      return job ? snapshot(job) : null;
    },

    async settled(id) {
      const job = jobs.get(id);
      if (!job) return null;
      await job.loop;
      await job.writing;
      return snapshot(job);
    },

    async close() {
      closed = true;
      await Promise.all([...jobs.values()].map((job) => job.writing));
    },
  };
}
