// The IPC contract between the renderer and main, typed once. Main validates every argument with these
// schemas; the preload (and the test harness) build `window.feedlens` from OPS with createBridge.
import { z } from 'zod';
import type { AppError } from './api/errors';
import { boundedJson } from './bounded-json';
import type { ExplorerAnswerInfo, ExplorerSaved } from './explorer';
import type { Settings } from './settings';
import { settingsPatchSchema } from './settings-schema';
import { STUDY_OPS, type StudyEvent, type StudyOpResults } from './studies';
import { ANALYSIS_OPS, ethicsSchema, type AnalysisOpResults } from './analysis';
import { STUDY_DATA_OPS, type StudyCheckEvent, type StudyDataOpResults } from './study-data';

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

const paramValue = z.union([z.string().max(4000), z.number().finite(), z.boolean(), z.array(z.string().max(200)).max(50)]);
/** A call's parameters: a few named values (no endpoint takes more than a dozen). */
const params = z.record(z.string().max(100), paramValue).refine((p) => Object.keys(p).length <= 40, 'too many parameters');
const requestId = z.string().min(1).max(100);

/** Where a record came from: the call that fetched it (main adds the answer's sha256 from its ledger). */
export const provenanceSchema = z.strictObject({
  path: z.string().startsWith('/').max(200),
  params,
  requestId: requestId.nullable(),
  /** When the answer was fetched from the service (epoch ms). */
  fetchedAt: z.number(),
});
export type Provenance = z.infer<typeof provenanceSchema>;

/** A record the user selected, as it crosses to main for saving or exporting. */
export const savedItemSchema = z.strictObject({
  /** An AppRecord of shared/records.ts (main checks `kind` and the fields it uses). */
  record: z
    .looseObject({ kind: z.enum(['user', 'profile', 'post', 'comment', 'story', 'highlight', 'location', 'hashtag', 'track']) })
    .superRefine(boundedJson({ maxDepth: 24, maxString: 20_000, maxKeys: 2_000, maxNodes: 50_000 })),
  provenance: provenanceSchema,
});
export type SavedItemArg = z.input<typeof savedItemSchema>;

const pseudonymiseSchema = z.strictObject({
  /** Pseudonyms are keyed per project: the same person gets the same pseudonym across its exports. */
  project: z.string().trim().min(1).max(100),
  dropNames: z.boolean().default(false),
  dropPictures: z.boolean().default(false),
  dropText: z.boolean().default(false),
});

/** Bulk collection: what to collect. */
export const jobSpecSchema = z.strictObject({
  kind: z.enum(['posts', 'reels', 'tagged', 'followers', 'following', 'comments', 'hashtag', 'location']),
  /** User id (account jobs), media id (comments), hashtag name or location pk. */
  target: z.string().min(1).max(200),
  /** For display: "@nasa", "#travel", ... */
  label: z.string().max(200),
  /** The list's size as the app showed it (profile follower_count...), for the estimate. */
  knownCount: z.number().int().min(0).optional(),
  /** Stop after this many items (hashtag and place jobs: "the latest N"). */
  limit: z.number().int().min(1).max(1_000_000).optional(),
  /** Stop before spending more than this many units. */
  budget: z.number().int().min(1).max(10_000_000),
  /** Where the items go when collected. */
  then: z.enum(['library', 'export', 'none']).default('none'),
  /** Include replies for comment jobs. */
  withReplies: z.boolean().default(true),
});
export type JobSpec = z.infer<typeof jobSpecSchema>;

/** Every operation the renderer may ask main for, with its argument schema. */
export const OPS = {
  /**
   * Calls a catalog endpoint. Where the call needs the user's confirmation (billed 2+ units, or past the
   * hourly ceiling), main asks the user itself before anything is sent; the renderer cannot answer for them.
   */
  call: z.strictObject({
    path: z.string().startsWith('/').max(200),
    params,
    /** Bypass the cache on purpose (an explicit Refresh). */
    refresh: z.boolean().optional(),
    requestId: requestId.optional(),
  }),
  /** What a call would cost and whether it needs a confirmation; sends nothing. */
  quote: z.strictObject({ path: z.string().startsWith('/').max(200), params }),
  cancel: z.strictObject({ requestId }),
  keySet: z.strictObject({ key: z.string().trim().min(8).max(300) }),
  keyClear: z.strictObject({}),
  keyStatus: z.strictObject({}),
  /** Tests the stored key (or the given one, before storing) with the free /sys/balance call. */
  keyTest: z.strictObject({ key: z.string().trim().min(8).max(300).optional() }),
  balanceGet: z.strictObject({ refresh: z.boolean().optional() }),
  ledgerQuery: z.strictObject({
    from: z.number().finite().optional(),
    to: z.number().finite().optional(),
    path: z.string().max(200).optional(),
    outcome: z.enum(['ok', 'error', 'cache']).optional(),
    status: z.number().int().min(0).max(999).optional(),
    limit: z.number().int().min(1).max(10_000).optional(),
  }),
  ledgerExport: z.strictObject({ format: z.enum(['csv', 'ndjson']) }),
  settingsGet: z.strictObject({}),
  settingsSet: z.strictObject({ patch: settingsPatchSchema }),
  modeGet: z.strictObject({}),
  /** Switch between demo mode and the live service (live needs a stored key). */
  modeSet: z.strictObject({ demo: z.boolean() }),
  /**
   * Asks to send requests to another service address (a proxy, a local simulator). Main shows its own
   * confirmation; https only (http for this computer); the stored key of the previous address is not sent
   * there: the new address needs its own key. The production address needs no confirmation.
   */
  serviceOriginSet: z.strictObject({ origin: z.string().max(300) }),
  /** Opens main's folder picker for the download folder; the folder chosen there (if any) is used. */
  downloadFolderChoose: z.strictObject({}),
  /** Back to the default download folder (<Downloads>/Feedlens). */
  downloadFolderReset: z.strictObject({}),
  /** Main's folder picker for exports (remembered as the export folder); cancelling changes nothing. */
  exportFolderChoose: z.strictObject({}),
  /** Version, platform and the base the renderer prefixes media URLs with (see shared/media-url.ts). */
  appInfo: z.strictObject({}),
  /** Turns a remote media URL from a record into an `app-media:` URL the renderer may load. */
  mediaUrl: z.strictObject({ url: z.string().max(4000) }),
  /** Opens a link in the system browser: only the platform's web pages and the service's site. */
  openExternal: z.strictObject({ url: z.string().max(4000) }),
  /** Shows a saved file or folder in the system file manager (only inside Feedlens' folders). */
  revealPath: z.strictObject({ path: z.string().max(4000) }),

  /** Queues the media of these items for download (skips what is already saved). */
  downloadsEnqueue: z.strictObject({ items: z.array(savedItemSchema).min(1).max(20_000) }),
  /** Pause/resume/cancel/retry some downloads (ids) or all; clear removes finished ones from the list. */
  downloadsControl: z.strictObject({ action: z.enum(['pause', 'resume', 'cancel', 'retry', 'clear']), ids: z.array(z.string().max(200)).max(20_000).optional() }),
  downloadsList: z.strictObject({}),

  libraryList: z.strictObject({ username: z.string().max(100).optional(), kind: z.enum(['post', 'story', 'highlight', 'profile']).optional(), offset: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(5000).optional() }),
  libraryAccounts: z.strictObject({}),
  /** Rebuilds the library's index from the JSON sidecars on disk. */
  libraryRebuild: z.strictObject({}),

  /** Exports items (a selection or all loaded items of a list) to a file in the export folder. */
  exportRun: z.strictObject({
    items: z.array(savedItemSchema).min(1).max(200_000),
    format: z.enum(['csv', 'ndjson', 'json', 'zip']),
    /** Which column set for CSV: posts use 4CAT's Instagram columns. Default: from the items' kind. */
    columns: z.enum(['posts', 'users', 'stories', 'comments']).optional(),
    delimiter: z.enum([',', ';', '\t']).default(','),
    bom: z.boolean().default(false),
    /** ZIP: also put each item's saved media files in the bundle (downloading what is missing). */
    includeMedia: z.boolean().default(false),
    pseudonymise: pseudonymiseSchema.optional(),
    /** A name for the export's folder/file, e.g. "followers of @nasa". */
    label: z.string().max(200).optional(),
    /** What was chosen at the ethics reminder (recorded in the manifest). */
    ethics: ethicsSchema.optional(),
    /**
     * What the export holds, for its file name `<target>_<list>_<date>`: e.g. skyward.atlas + following.
     * `person`: the target is an account (pseudonymised in the name when the export is).
     */
    name: z.strictObject({ target: z.string().min(1).max(200), list: z.string().min(1).max(60), person: z.boolean().default(false) }).optional(),
  }),

  /** Requests, units and money a bulk job would take, from known counts and page sizes. Sends nothing. */
  jobEstimate: z.strictObject({ spec: jobSpecSchema }),
  /** Starts a job once the user confirmed its budget in main's own question. */
  jobStart: z.strictObject({ spec: jobSpecSchema }),
  /** Raises a job's budget (main asks the user first); a job stopped at its budget continues. */
  jobBudgetRaise: z.strictObject({ id: z.string().max(100), budget: z.number().int().min(1).max(10_000_000) }),
  jobControl: z.strictObject({ id: z.string().max(100), action: z.enum(['pause', 'resume', 'cancel', 'remove']) }),
  jobList: z.strictObject({}),

  /** The API Explorer: where one of its answers held integers beyond 2^53 (shared/explorer.ts). */
  explorerAnswer: z.strictObject({ requestId }),
  /** The API Explorer: saves these answers of its own, in order, as one new JSON file with their provenance. */
  explorerSave: z.strictObject({ requestIds: z.array(requestId).min(1).max(1000) }),

  /** Studies: collections over time into a study's folder and database (shared/studies.ts). */
  ...STUDY_OPS,

  /** Analysis: charts, networks, Parquet, 4CAT, minimisation presets (shared/analysis.ts). */
  ...ANALYSIS_OPS,
  /** A study's data at hand: changes, history, re-checks, the data browser, coding (shared/study-data.ts). */
  ...STUDY_DATA_OPS,
} as const;

export type OpName = keyof typeof OPS;
export type OpArgs<K extends OpName> = z.input<(typeof OPS)[K]>;

export interface AppInfo {
  version: string;
  platform: string;
  /** Media URLs the renderer may load are `${mediaBase}?u=<encoded remote URL>`. */
  mediaBase: string;
  /** Where downloads go (the setting, or its default resolved). */
  downloadFolder: string;
  /** Where exports go (the folder last chosen, or `<download folder>/exports`). */
  exportFolder: string;
  /** The production service's origin (the only address offered in the normal UI). */
  productionOrigin: string;
  /** Things the user should know from start-up (a damaged settings file reset...). */
  notices: string[];
}

export type DownloadState = 'queued' | 'running' | 'paused' | 'done' | 'skipped' | 'failed' | 'cancelled';

export interface DownloadItem {
  id: string;
  /** "@nasa · 2024-05-01 · 2/7" */
  label: string;
  kind: 'post' | 'story' | 'highlight' | 'profile';
  state: DownloadState;
  bytes: number;
  totalBytes: number | null;
  /** Bytes per second over the last seconds, while running. */
  speed: number | null;
  path: string | null;
  error: string | null;
  attempts: number;
}

export interface DownloadsSnapshot {
  items: DownloadItem[];
  totals: { queued: number; running: number; done: number; skipped: number; failed: number; bytes: number; totalBytes: number | null; speed: number; etaSeconds: number | null };
  paused: boolean;
}

export interface LibraryItem {
  id: string;
  kind: 'post' | 'story' | 'highlight' | 'profile';
  username: string | null;
  takenAt: number | null;
  /** Saved media files of the item (absolute paths), and the sidecar. */
  files: string[];
  sidecar: string;
  /** The normalised record from the sidecar. */
  record: unknown;
  /** Where it came from, as the sidecar records it. */
  provenance: {
    endpoint: string;
    params: Record<string, unknown>;
    requestId: string | null;
    /** ISO 8601, UTC. */
    fetchedAt: string;
    savedAt: string;
    appVersion: string;
    answerSha256: string | null;
    /** True for demo mode's invented data (absent in sidecars written before Feedlens recorded it). */
    simulated?: boolean | null;
    origin?: string | null;
  } | null;
  /** file:// is not loadable: the renderer shows files through the media protocol with this URL. */
  previewUrl: string | null;
}

export interface ExportResult {
  path: string;
  rows: number;
  files: number;
  manifestPath: string | null;
}

export interface JobEstimate {
  items: number | null;
  pages: number;
  units: number;
  money: number | null;
  currency: string | null;
  /** How the figures were found, in words. */
  basis: string;
}

export type JobState = 'running' | 'paused' | 'done' | 'stopped_budget' | 'failed' | 'cancelled';

export interface JobInfo {
  id: string;
  spec: JobSpec;
  state: JobState;
  items: number;
  pages: number;
  unitsSpent: number;
  error: string | null;
  startedAt: number;
  updatedAt: number;
  /** Where the result went (export file or library folder). */
  output: string | null;
}

export interface BalanceState {
  requests: number;
  rate: number;
  currency: string;
  amount: number;
  /** When the service last reported it (epoch ms); lowered locally after each answer since. */
  checkedAt: number;
  updatedAt: number;
}

export interface CallValue {
  data: unknown;
  /** Units billed for this call (0 for a cache hit). */
  units: number;
  cacheHit: boolean;
  requestId: string;
  /** When the data was fetched from the service (epoch ms); older than now for a cache hit. */
  fetchedAt: number;
  /** The session the call ran in (demo answers are simulated). */
  session: SessionInfo;
}

export interface Quote {
  cost: number;
  needsConfirmation: boolean;
  /** The user chose "don't ask again this session" for this endpoint. */
  remembered: boolean;
  balance: number | null;
  cached: boolean;
}

export type KeyBackend = 'keychain' | 'memory' | 'none';

export interface KeyStatus {
  present: boolean;
  backend: KeyBackend;
  /** Human name of the store, e.g. "macOS Keychain", "Secret Service (GNOME Keyring)". */
  backendName: string;
  /** The keychain is not a real one (e.g. Linux kernel keyring fallback, lost on reboot). */
  degraded: boolean;
  degradedReason: string | null;
  last4: string | null;
  /** The service address the key is stored for (a key is sent to that address only). */
  origin: string;
}

/** The session main talks to the service in (see electron/calls/session.ts): changes with mode, address or key. */
export interface SessionInfo {
  /** New on every switch: the renderer keys its caches by it. */
  id: string;
  mode: 'demo' | 'live';
  /** Why: no key stored, chosen in settings, or a key is stored. */
  reason: 'no_key' | 'chosen' | 'key';
  /** The service's origin (the simulator's in demo mode). */
  origin: string;
  /** Answers come from the built-in simulator: invented data, nothing billed. */
  simulated: boolean;
  /** A one-way identity of the key in use (never the key). */
  keyId: string | null;
}

export interface ModeInfo {
  mode: 'demo' | 'live';
  /** Why: no key stored, chosen in settings, or a key is stored. */
  reason: 'no_key' | 'chosen' | 'key';
  /** The service's origin in use. */
  baseUrl: string;
  session: SessionInfo;
}

export interface LedgerEntry {
  time: number;
  requestId: string;
  attempt: number;
  mode: 'demo' | 'live';
  /** The service's origin the request went to (absent in entries written before it was recorded). */
  origin?: string;
  sessionId?: string;
  path: string;
  params: Record<string, unknown>;
  cursorSent: Record<string, string> | null;
  cursorReceived: Record<string, string> | null;
  status: number | null;
  units: number;
  durationMs: number;
  cacheHit: boolean;
  errorKind: string | null;
  bodySha256: string | null;
  /** The study (and run) the request was for, when it was made by a study's run. */
  studyId?: string;
  runId?: number;
}

export interface LedgerTotals {
  calls: number;
  units: number;
  cacheHits: number;
  errors: number;
}

export interface LedgerPage {
  entries: LedgerEntry[];
  totals: LedgerTotals;
  session: LedgerTotals;
}

/** What each operation answers with (inside Result). */
export interface OpResults extends StudyOpResults, AnalysisOpResults, StudyDataOpResults {
  call: CallValue;
  quote: Quote;
  cancel: boolean;
  keySet: KeyStatus;
  keyClear: KeyStatus;
  keyStatus: KeyStatus;
  keyTest: BalanceState;
  balanceGet: BalanceState | null;
  ledgerQuery: LedgerPage;
  ledgerExport: { path: string; rows: number };
  settingsGet: Settings;
  settingsSet: Settings;
  modeGet: ModeInfo;
  modeSet: ModeInfo;
  serviceOriginSet: ModeInfo;
  downloadFolderChoose: AppInfo;
  downloadFolderReset: AppInfo;
  exportFolderChoose: AppInfo;
  appInfo: AppInfo;
  mediaUrl: string;
  openExternal: boolean;
  revealPath: boolean;
  downloadsEnqueue: { queued: number; skipped: number };
  downloadsControl: DownloadsSnapshot;
  downloadsList: DownloadsSnapshot;
  libraryList: { items: LibraryItem[]; total: number };
  libraryAccounts: { username: string; items: number; lastSaved: number | null }[];
  libraryRebuild: { items: number };
  exportRun: ExportResult;
  jobEstimate: JobEstimate;
  jobStart: JobInfo;
  jobBudgetRaise: JobInfo;
  jobControl: JobInfo | null;
  jobList: JobInfo[];
  explorerAnswer: ExplorerAnswerInfo;
  explorerSave: ExplorerSaved;
}

/** Events main pushes to the renderer. */
export interface EventPayloads {
  balance: BalanceState;
  mode: ModeInfo;
  key: KeyStatus;
  downloads: DownloadsSnapshot;
  job: JobInfo;
  /** Progress of a long export (rows written so far). */
  export: { label: string; rows: number; total: number; done: boolean };
  /** An item entered the library (its sidecar is written): the number of items now. */
  library: { items: number };
  /** A study's run moved on (a page, a change of state). */
  study: StudyEvent;
  /** A study's re-check ("Still there?") moved on. */
  studyCheck: StudyCheckEvent;
}
export type EventName = keyof EventPayloads;
export const EVENTS: readonly EventName[] = ['balance', 'mode', 'key', 'downloads', 'job', 'export', 'library', 'study', 'studyCheck'];

export const channelOf = (op: OpName): string => `feedlens:${op}`;
export const eventChannelOf = (event: EventName): string => `feedlens-event:${event}`;

export type FeedlensApi = {
  [K in OpName]: (args: OpArgs<K>) => Promise<Result<OpResults[K]>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
};

/**
 * Builds the window.feedlens object from two primitives: invoke an operation, subscribe to an event.
 * The preload passes ipcRenderer-based ones; the browser test harness passes exposeBinding-based ones.
 */
export function createBridge(
  invoke: (channel: string, args: unknown) => Promise<unknown>,
  subscribe: (channel: string, listener: (payload: unknown) => void) => () => void,
): FeedlensApi {
  const api: Record<string, unknown> = {};
  for (const op of Object.keys(OPS) as OpName[]) {
    api[op] = (args: unknown) => invoke(channelOf(op), args ?? {});
  }
  api.on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!EVENTS.includes(event)) throw new Error(`Unknown Feedlens event: ${String(event)}`);
    return subscribe(eventChannelOf(event), listener);
  };
  return Object.freeze(api) as FeedlensApi;
}
