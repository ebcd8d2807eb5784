// The request ledger: every attempt (sent, failed or answered from the cache) as one NDJSON line in the
// app's data folder, one file per month (`ledger-YYYY-MM.ndjson`, then `.1`, `.2`… past maxFileBytes).
// Queried newest first with totals, exported as CSV or NDJSON. The access key never gets in: entries are
// rebuilt field by field and secret-looking parameter names are dropped.
import { stringify } from 'csv-stringify';
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, open, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { LedgerEntry, LedgerPage, LedgerTotals } from '../../shared/ipc';
import { describeFileError } from '../storage/file-errors';
import { writeFileAtomic } from '../storage/fs-atomic';
import { parseLossless } from '../../shared/api/json';

export interface LedgerQuery {
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, inclusive. */
  to?: number;
  path?: string;
  /** ok: answered by the service without error; error: any error; cache: answered from the cache. */
  outcome?: 'ok' | 'error' | 'cache';
  status?: number;
  /** How many entries to return (newest first); totals always cover every match. */
  limit?: number;
}

/** What the ledger knows of one request: units billed (all attempts), the answer's sha256, its session. */
export interface RequestFacts {
  units: number;
  sha256: string | null;
  /** The mode the request ran in: 'demo' answers are the simulator's (simulated, nothing billed). */
  mode: 'demo' | 'live';
  /** The service's origin it went to; null in entries written before origins were recorded. */
  origin: string | null;
}

export interface Ledger {
  /** Appends one attempt. Appends are written one after another, in call order. */
  append(entry: LedgerEntry): Promise<void>;
  query(q?: LedgerQuery): Promise<LedgerPage>;
  /** Totals of the attempts appended since this ledger was created (this app session). */
  session(): LedgerTotals;
  /** Writes every matching entry, oldest first, to `file` (atomically); returns the row count. */
  exportTo(file: string, format: 'csv' | 'ndjson', q?: Omit<LedgerQuery, 'limit'>): Promise<number>;
  /**
   * Units and answer sha256 of these requests, scanning only the time window they were fetched in
   * (an entry is written when its attempt starts, a little before the answer arrives).
   */
  requests(requestIds: ReadonlySet<string>, window: { from: number; to: number }): Promise<Map<string, RequestFacts>>;
  /** Every entry, oldest first, once the appends made so far are on disk (for indexes kept elsewhere). */
  history(): AsyncIterable<LedgerEntry>;
  /** Resolves once every append made so far is on disk. */
  flush(): Promise<void>;
  /**
   * Null when the ledger can be written, else why not (in words). After a failed append it tries a probe
   * write, so the ledger recovers once the disk has room again. Paid calls wait for this and do not run
   * while it says no: a request that cannot be recorded is not sent.
   */
  problem(): Promise<string | null>;
}

/** Folds ledger entries into facts per request id. */
async function requestFactsOf(entries: AsyncIterable<LedgerEntry>, requestIds: ReadonlySet<string>): Promise<Map<string, RequestFacts>> {
  const out = new Map<string, RequestFacts>();
  for await (const e of entries) {
    if (!requestIds.has(e.requestId)) continue;
    const facts = out.get(e.requestId) ?? { units: 0, sha256: null, mode: e.mode, origin: e.origin ?? null };
    facts.units += e.units;
    // The answer the records came from: the attempt that succeeded (a failed retry has another body).
    if (e.errorKind === null && !e.cacheHit && e.bodySha256) facts.sha256 = e.bodySha256;
    out.set(e.requestId, facts);
  }
  return out;
}

export interface LedgerOptions {
  dir: string;
  now?: () => number;
  /** Start a new file for the month past this size. Default 50 MB. */
  maxFileBytes?: number;
}

export const DEFAULT_QUERY_LIMIT = 1000;
const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;
const FILE_NAME = /^ledger-(\d{4})-(\d{2})(?:\.(\d+))?\.ndjson$/;

// Cursor parameters that are named "token" but are not secrets.
const CURSOR_TOKENS = new Set(['page_token', 'rank_token']);
const SECRET_NAME = /key|access|secret|passw|auth|credential|token|bearer|cookie|session/i;

/** True for a parameter name that might carry a credential (defence in depth: params never should). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !CURSOR_TOKENS.has(name.toLowerCase());
}

function withoutSecrets<T>(record: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [name, value] of Object.entries(record)) if (!isSecretName(name)) out[name] = value;
  return out;
}

/** Rebuilds the entry from its known fields only, so nothing else (headers, keys) can ride along. */
export function sanitizeEntry(e: LedgerEntry): LedgerEntry {
  return {
    time: e.time,
    requestId: e.requestId,
    attempt: e.attempt,
    mode: e.mode,
    ...(e.origin !== undefined ? { origin: e.origin } : {}),
    ...(e.sessionId !== undefined ? { sessionId: e.sessionId } : {}),
    path: e.path,
    params: withoutSecrets(e.params),
    cursorSent: e.cursorSent === null ? null : withoutSecrets(e.cursorSent),
    cursorReceived: e.cursorReceived === null ? null : withoutSecrets(e.cursorReceived),
    status: e.status,
    units: e.units,
    durationMs: e.durationMs,
    cacheHit: e.cacheHit,
    errorKind: e.errorKind,
    bodySha256: e.bodySha256,
    ...(e.studyId !== undefined ? { studyId: e.studyId } : {}),
    ...(e.runId !== undefined ? { runId: e.runId } : {}),
  };
}

export function outcomeOf(e: LedgerEntry): 'ok' | 'error' | 'cache' {
  if (e.errorKind !== null) return 'error';
  return e.cacheHit ? 'cache' : 'ok';
}

function emptyTotals(): LedgerTotals {
  return { calls: 0, units: 0, cacheHits: 0, errors: 0 };
}

function addTo(t: LedgerTotals, e: LedgerEntry): void {
  t.calls += 1;
  t.units += e.units;
  if (e.cacheHit) t.cacheHits += 1;
  if (e.errorKind !== null) t.errors += 1;
}

function matches(e: LedgerEntry, q: LedgerQuery): boolean {
  return (
    (q.from === undefined || e.time >= q.from) &&
    (q.to === undefined || e.time <= q.to) &&
    (q.path === undefined || e.path === q.path) &&
    (q.status === undefined || e.status === q.status) &&
    (q.outcome === undefined || outcomeOf(e) === q.outcome)
  );
}

/** A line written by this module; anything else (a line torn by a crash, a hand edit) is skipped. */
function parseLine(line: string): LedgerEntry | null {
  if (line.trim() === '') return null;
  try {
    const e = parseLossless(line) as Partial<LedgerEntry> | null;
    if (typeof e !== 'object' || e === null || typeof e.time !== 'number' || typeof e.path !== 'string' || typeof e.units !== 'number') return null;
    return e as LedgerEntry;
  } catch {
    return null;
  }
}

interface LedgerFile {
  name: string;
  year: number;
  month: number;
  part: number;
}

function monthName(time: number): string {
  const d = new Date(time);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

function fileName(month: string, part: number): string {
  return part === 0 ? `ledger-${month}.ndjson` : `ledger-${month}.${part}.ndjson`;
}

/** Ledger files, oldest first. */
async function listFiles(dir: string): Promise<LedgerFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: LedgerFile[] = [];
  for (const name of names) {
    const m = FILE_NAME.exec(name);
    if (m) files.push({ name, year: Number(m[1]), month: Number(m[2]), part: Number(m[3] ?? 0) });
  }
  return files.sort((a, b) => a.year - b.year || a.month - b.month || a.part - b.part);
}

/** False when the file's month lies wholly outside [from, to]: no need to read it. */
function monthMayMatch(f: LedgerFile, q: LedgerQuery): boolean {
  const start = Date.UTC(f.year, f.month - 1, 1);
  const end = Date.UTC(f.year, f.month, 1);
  return (q.from === undefined || end > q.from) && (q.to === undefined || start <= q.to);
}

async function* readEntries(dir: string, q: LedgerQuery): AsyncGenerator<LedgerEntry> {
  for (const f of await listFiles(dir)) {
    if (!monthMayMatch(f, q)) continue;
    const lines = createInterface({ input: createReadStream(join(dir, f.name), 'utf8'), crlfDelay: Infinity });
    for await (const line of lines) {
      const e = parseLine(line);
      if (e && matches(e, q)) yield e;
    }
  }
}

const CSV_COLUMNS = [
  'time', 'requestId', 'attempt', 'mode', 'origin', 'path', 'params', 'cursorSent', 'cursorReceived',
  'status', 'units', 'durationMs', 'cacheHit', 'errorKind', 'bodySha256', 'studyId', 'runId',
] as const;

function csvRow(e: LedgerEntry): Record<(typeof CSV_COLUMNS)[number], string | number | boolean | null> {
  return {
    time: new Date(e.time).toISOString(),
    requestId: e.requestId,
    attempt: e.attempt,
    mode: e.mode,
    origin: e.origin ?? null,
    path: e.path,
    params: JSON.stringify(e.params),
    cursorSent: e.cursorSent === null ? null : JSON.stringify(e.cursorSent),
    cursorReceived: e.cursorReceived === null ? null : JSON.stringify(e.cursorReceived),
    status: e.status,
    units: e.units,
    durationMs: e.durationMs,
    cacheHit: e.cacheHit,
    errorKind: e.errorKind,
    bodySha256: e.bodySha256,
    studyId: e.studyId ?? null,
    runId: e.runId ?? null,
  };
}

export function createLedger(options: LedgerOptions): Ledger {
  const { dir } = options;
  const now = options.now ?? Date.now;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const sessionTotals = emptyTotals();
  // The file appends go to, and its size as far as we know.
  let current: { month: string; part: number; size: number } | null = null;
  let tail: Promise<void> = Promise.resolve();
  /** The last append's failure, until a later write succeeds. */
  let failure: unknown = null;

  /** Finds the month's last file; a torn last line (crash mid-write) is closed so the next line stays whole. */
  async function openMonth(month: string): Promise<{ month: string; part: number; size: number }> {
    await mkdir(dir, { recursive: true });
    const parts = (await listFiles(dir)).filter((f) => `${f.year}-${String(f.month).padStart(2, '0')}` === month);
    const part = parts.at(-1)?.part ?? 0;
    const file = join(dir, fileName(month, part));
    let size = 0;
    try {
      size = (await stat(file)).size;
    } catch {
      return { month, part, size: 0 };
    }
    if (size > 0) {
      const handle = await open(file, 'r');
      try {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) {
          await appendFile(file, '\n');
          size += 1;
        }
      } finally {
        await handle.close();
      }
    }
    return { month, part, size };
  }

  async function write(line: string, time: number): Promise<void> {
    const month = monthName(time);
    if (current === null || current.month !== month) current = await openMonth(month);
    if (current.size > 0 && current.size + Buffer.byteLength(line) > maxFileBytes) {
      current = { month, part: current.part + 1, size: 0 };
    }
    await appendFile(join(dir, fileName(month, current.part)), line, { mode: 0o600 });
    current.size += Buffer.byteLength(line);
  }

  const ledger: Ledger = {
    append(entry) {
      const clean = sanitizeEntry(entry);
      addTo(sessionTotals, clean);
      const line = `${JSON.stringify(clean)}\n`;
      // Appends queue up behind each other so lines never interleave; one failure does not stop the next.
      const done = tail.then(() => write(line, clean.time || now())).then(
        () => void (failure = null),
        (error: unknown) => {
          failure = error;
          throw error;
        },
      );
      tail = done.catch(() => undefined);
      return done;
    },

    async query(q = {}) {
      await ledger.flush();
      const found: LedgerEntry[] = [];
      const totals = emptyTotals();
      for await (const e of readEntries(dir, q)) {
        found.push(e);
        addTo(totals, e);
      }
      // Files and lines are oldest first: reversed, then a stable sort keeps same-time entries newest first.
      found.reverse().sort((a, b) => b.time - a.time);
      return { entries: found.slice(0, q.limit ?? DEFAULT_QUERY_LIMIT), totals, session: { ...sessionTotals } };
    },

    session: () => ({ ...sessionTotals }),

    async requests(requestIds, window) {
      if (requestIds.size === 0) return new Map();
      await ledger.flush();
      return requestFactsOf(readEntries(dir, { from: window.from - 10 * 60_000, to: window.to + 60_000 }), requestIds);
    },

    async exportTo(file, format, q = {}) {
      await ledger.flush();
      let rows = 0;
      const counted = async function* (): AsyncGenerator<LedgerEntry> {
        for await (const e of readEntries(dir, q)) {
          rows += 1;
          yield e;
        }
      };
      if (format === 'ndjson') {
        await writeFileAtomic(
          file,
          (async function* () {
            for await (const e of counted()) yield `${JSON.stringify(e)}\n`;
          })(),
        );
        return rows;
      }
      const source = Readable.from((async function* () {
        for await (const e of counted()) yield csvRow(e);
      })());
      const csv = stringify({
        header: true,
        columns: [...CSV_COLUMNS],
        // A cell starting with = + - @ would run as a formula in a spreadsheet.
        escape_formulas: true,
        cast: { boolean: (v) => (v ? 'true' : 'false') },
      });
      source.on('error', (error) => csv.destroy(error));
      await writeFileAtomic(file, source.pipe(csv));
      return rows;
    },

    async *history() {
      await ledger.flush();
      yield* readEntries(dir, {});
    },

    flush: () => tail,

    async problem() {
      await tail;
      if (failure === null) return null;
      // Probe with a small write beside the log: if it goes through, the disk has recovered.
      const probe = join(dir, '.write-probe');
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(probe, 'feedlens ledger probe\n'.repeat(64), { mode: 0o600 });
        await unlink(probe);
        failure = null;
        return null;
      } catch (error) {
        await unlink(probe).catch(() => undefined);
        return describeFileError(error, dir);
      }
    },
  };
  return ledger;
}
