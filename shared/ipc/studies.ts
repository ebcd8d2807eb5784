// Studies: what crosses IPC about them (argument schemas and the values main answers with). A study is
// a research project collected over time into its own folder and SQLite database (electron/studies/,
// docs/studies.md, docs/study-database.md).
import { z } from 'zod';
import { studyId } from './common';
import { ethicsSchema } from './analysis';
import { MAX_BUDGET } from '../study-values';

export { DEFAULT_LISTS, LISTS_OF } from '../study-values';

/** What a study follows. Accounts are followed by their user id, so a renamed account stays the same target. */
export const TARGET_KINDS = ['account', 'hashtag', 'place', 'post', 'music'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** What can be collected for a target, per run. */
export const COLLECT_LISTS = ['posts', 'reels', 'tagged', 'stories', 'highlights', 'comments', 'likers', 'followers', 'following'] as const;
export type CollectList = (typeof COLLECT_LISTS)[number];

export const collectSchema = z.strictObject({
  lists: z.array(z.enum(COLLECT_LISTS)).max(COLLECT_LISTS.length),
  /** Epoch seconds: posts and stories taken before are not collected (newest-first lists stop there). */
  since: z.number().int().min(0).max(4_102_444_800).nullable().default(null),
  /** Epoch seconds: posts and stories taken after are skipped. */
  until: z.number().int().min(0).max(4_102_444_800).nullable().default(null),
  /** Units this target may use in one run (null: only the run's budget bounds it). */
  maxUnitsPerRun: z.number().int().min(1).max(10_000_000).nullable().default(null),
  /**
   * Pages of comments and replies read per post of an account, hashtag, place or sound (null or absent:
   * every page). A watched post (a post target) reads its own comments whole.
   */
  commentPagesPerPost: z.number().int().min(1).max(10_000).nullable().optional(),
});
export type Collect = z.output<typeof collectSchema>;

const targetIds = z.array(z.number().int().min(1)).max(100_000);
const runId = z.number().int().min(1);
const budget = z.number().int().min(1).max(MAX_BUDGET);

/** The operations of studies, added to OPS in shared/ipc/index.ts. */
export const STUDY_OPS = {
  studyList: z.strictObject({}),
  /** Creates a study in the folder main's picker returns (default <Documents>/Feedlens/<name>). */
  studyCreate: z.strictObject({ name: z.string().trim().min(1).max(120), description: z.string().max(4000).default('') }),
  /** Opens an existing study folder (moved, archived, from a colleague), chosen in main's picker. */
  studyOpenFolder: z.strictObject({}),
  studyGet: z.strictObject({ id: studyId }),
  studyUpdate: z.strictObject({ id: studyId, name: z.string().trim().min(1).max(120).optional(), description: z.string().max(4000).optional() }),
  /** Removes the study from the list; its folder and data stay on disk. */
  studyForget: z.strictObject({ id: studyId }),
  /** Reads pasted or imported entries and says what each is; sends nothing. */
  studyTargetsPreview: z.strictObject({ id: studyId, text: z.string().max(2_000_000) }),
  /** Adds entries (main reads them again); usernames not known yet are looked up after main's question. */
  studyTargetsAdd: z.strictObject({ id: studyId, text: z.string().max(2_000_000), collect: collectSchema }),
  studyTargetsUpdate: z.strictObject({ id: studyId, targetIds: targetIds.min(1), collect: collectSchema }),
  /** Stops following these targets; what was collected stays in the database. */
  studyTargetsRemove: z.strictObject({ id: studyId, targetIds: targetIds.min(1) }),
  /** What a run would take (likely, upper bound, what dominates): only the pages it needs, from the last run and the cache. Sends nothing. */
  studyRunEstimate: z.strictObject({ id: studyId, targetIds: targetIds.optional() }),
  /** What a schedule every `everyHours` hours would take a day. Sends nothing. */
  studyScheduleEstimate: z.strictObject({ id: studyId, everyHours: z.number().min(1).max(24 * 30) }),
  /** Starts a run once the user confirmed its budget in main's own question. */
  studyRunStart: z.strictObject({ id: studyId, budget, targetIds: targetIds.optional() }),
  studyRunControl: z.strictObject({ id: studyId, runId, action: z.enum(['pause', 'resume', 'cancel']) }),
  /** Raises a run's budget (main asks first); a run stopped at its budget, or cancelled, goes on. */
  studyRunBudget: z.strictObject({ id: studyId, runId, budget }),
  studyRuns: z.strictObject({ id: studyId, limit: z.number().int().min(1).max(1000).optional() }),
  studyRunDetail: z.strictObject({ id: studyId, runId }),
  /** Writes what a run collected (or everything the study holds) to the study's exports folder. */
  studyExport: z.strictObject({
    id: studyId,
    runId: runId.optional(),
    /** new: records first seen in the run; seen: every record the run saw. */
    scope: z.enum(['new', 'seen']).default('seen'),
    format: z.enum(['zip', 'ndjson', 'json']),
    pseudonymise: z.strictObject({ dropNames: z.boolean().default(false), dropPictures: z.boolean().default(true), dropText: z.boolean().default(false) }).optional(),
    /** What was chosen at the ethics reminder (recorded in the manifest). */
    ethics: ethicsSchema.optional(),
  }),
  /** Saves the media files of what a run found new into the study's media folder. */
  studyRunMedia: z.strictObject({ id: studyId, runId }),
  /**
   * Runs the study on a schedule while the app is open, within a daily budget main asks the user for.
   * The first run comes one period later; `runNow` ("Run now as well") starts one at once.
   */
  studyScheduleSet: z.strictObject({
    id: studyId,
    everyHours: z.number().min(1).max(24 * 30),
    dailyBudget: budget,
    runNow: z.boolean().optional(),
  }),
  studyScheduleClear: z.strictObject({ id: studyId }),
} as const;

export type RunState = 'running' | 'paused' | 'done' | 'stopped_budget' | 'failed' | 'cancelled';
export type RunTrigger = 'manual' | 'schedule' | 'stories' | 'adhoc';

export interface RunInfo {
  id: number;
  studyId: string;
  trigger: RunTrigger;
  state: RunState;
  budget: number;
  unitsSpent: number;
  pages: number;
  /** Records this run saw for the first time. */
  newItems: number;
  /** Records this run saw (new or not). */
  items: number;
  errors: number;
  /** Why the run stopped or waits, in words (null when running or done without trouble). */
  message: string | null;
  mode: 'demo' | 'live';
  origin: string;
  sessionId: string;
  startedAt: number;
  updatedAt: number;
  finishedAt: number | null;
  /** Estimated units when it started (likely), and the upper bound. */
  estimate: number | null;
  estimateUpper: number | null;
}

export interface RunTargetInfo {
  targetId: number;
  label: string;
  pages: number;
  units: number;
  newItems: number;
  items: number;
  error: string | null;
  /** Reads of this target the run had not done when it stopped (the next run goes on with them). */
  left: number;
  /** Units estimated for it when the run started (likely, upper bound); null for runs without an estimate. */
  estimate: number | null;
  estimateUpper: number | null;
}

export interface RunError {
  targetId: number | null;
  label: string | null;
  list: string;
  time: number;
  kind: string;
  message: string;
}

export interface RunDetail {
  run: RunInfo;
  targets: RunTargetInfo[];
  errors: RunError[];
}

export interface TargetInfo {
  id: number;
  kind: TargetKind;
  /** User id, hashtag name, place pk, media pk or audio id. */
  key: string;
  label: string;
  username: string | null;
  collect: Collect;
  addedAt: number;
  /** Records collected for this target (distinct). */
  items: number;
  /** Records first seen in the last run that read this target. */
  newLastRun: number;
  lastRunAt: number | null;
  /** Units spent on it over every run. */
  units: number;
  /** Lists read to their end at least once; the rest continue where they stopped. */
  complete: boolean;
  lastError: string | null;
}

export interface ScheduleInfo {
  everyHours: number;
  /** Stories of watched accounts: at least twice per story lifetime seen (`expiring_at`), at most everyHours. */
  storiesEveryHours: number | null;
  dailyBudget: number;
  /** Units scheduled runs spent today (local day). */
  spentToday: number;
  nextRunAt: number;
  nextStoriesAt: number | null;
  lastRunAt: number | null;
  authorisedAt: number;
  mode: 'demo' | 'live';
  origin: string;
  /**
   * Main authorised this schedule on this computer with the key in use. A schedule read from a study made
   * elsewhere, with another key, or edited outside Feedlens runs nothing until the user confirms it.
   */
  confirmed: boolean;
  /** Why scheduled runs wait (not confirmed, another mode, the daily budget used up), or null. */
  waiting: string | null;
}

export interface StudyInfo {
  id: string;
  name: string;
  description: string;
  folder: string;
  /** The database file (for the sqlite3 command line, Python, R, DB Browser). */
  database: string;
  createdAt: number;
  targets: number;
  items: number;
  units: number;
  lastRun: RunInfo | null;
  schedule: ScheduleInfo | null;
  /** The one-off collections of the app ("Collect all…") live in this study. */
  adhoc: boolean;
  /** The folder or its database cannot be read (moved, deleted, a drive not mounted). */
  problem: string | null;
  /** Why it is open read-only here (another process collects it, a newer Feedlens wrote it), or null. */
  readOnly: string | null;
}

export interface StudyDetail {
  study: StudyInfo;
  targets: TargetInfo[];
  runs: RunInfo[];
}

export type EntryStatus = 'valid' | 'resolve' | 'duplicate' | 'invalid';

export interface PreviewEntry {
  /** 1-based line (row) of the text. */
  line: number;
  input: string;
  status: EntryStatus;
  kind: TargetKind | null;
  label: string | null;
  /** Why invalid, which entry it repeats, or what resolving does. */
  note: string | null;
}

export interface TargetsPreview {
  entries: PreviewEntry[];
  counts: Record<EntryStatus, number>;
  /** Units looking up the entries marked `resolve` costs (1 per username not known yet). */
  resolveUnits: number;
}

export interface TargetsAdded {
  added: number;
  duplicates: number;
  invalid: number;
  /** Usernames the service does not know (nothing added for them). */
  notFound: string[];
  unitsSpent: number;
}

/**
 * Where a figure of the estimate comes from: a count the service reported (a profile, a hashtag, a post),
 * the study's history (its earlier runs, the posts and comments it holds, similar targets), a prior (the
 * size is not known: Feedlens' default), a page already in the cache, or the plan itself (one call).
 */
export type EstimateBasis = 'reported' | 'history' | 'prior' | 'cache' | 'plan';

export interface EstimateLine {
  targetId: number;
  label: string;
  /** What is read: 'profile', 'stories', 'highlights', 'highlight', 'posts', 'reels', 'comments', 'replies', 'likers'... */
  list: string;
  /** "posts (new since the last run: about 2)", "replies in the comments of new posts"... */
  what: string;
  /** Likely pages and units. */
  pages: number;
  units: number;
  /** What it may take at most, short of a surprise. */
  upperPages: number;
  upperUnits: number;
  basis: EstimateBasis;
  /** The list's size is not known: a prior stands in for it. */
  open: boolean;
}

/** What takes the largest share of an estimate: "replies of #vegan: about 60 %". */
export interface EstimateShare {
  /** "replies of #vegan" */
  what: string;
  units: number;
  /** 0..1 of the likely units. */
  share: number;
}

/** One target's likely units and upper bound (recorded with the run, next to what it spent). */
export interface TargetEstimate {
  targetId: number;
  label: string;
  units: number;
  upperUnits: number;
}

export interface RunEstimate {
  lines: EstimateLine[];
  targets: TargetEstimate[];
  /** Likely pages and units. */
  pages: number;
  units: number;
  upperPages: number;
  upperUnits: number;
  /** The largest shares of the likely units, largest first (at most three). */
  dominant: EstimateShare[];
  /** Some sizes are not known: priors stand in for them. */
  open: boolean;
  money: number | null;
  upperMoney: number | null;
  currency: string | null;
  basis: string;
  /** Budget offered by default: the upper bound. */
  suggestedBudget: number;
}

/** What a schedule would take a day (studyScheduleEstimate). Sends nothing. */
export interface ScheduleEstimate {
  everyHours: number;
  /** Full runs a day, and stories-only runs between them. */
  runsPerDay: number;
  storiesRunsPerDay: number;
  /** The first run when some targets were never read (it reads them whole), else null. */
  firstRun: { units: number; upperUnits: number } | null;
  /** A day of runs once every target was read. */
  perDay: { units: number; upperUnits: number };
  dominant: EstimateShare[];
  open: boolean;
  /** The daily budget offered: the upper bound of a day. */
  suggestedDailyBudget: number;
  basis: string;
}

/** Progress of a study's run (after each page and each change of state). */
export interface StudyEvent {
  studyId: string;
  run: RunInfo | null;
}

export interface StudyOpResults {
  studyList: StudyInfo[];
  studyCreate: StudyInfo;
  studyOpenFolder: StudyInfo;
  studyGet: StudyDetail;
  studyUpdate: StudyInfo;
  studyForget: boolean;
  studyTargetsPreview: TargetsPreview;
  studyTargetsAdd: TargetsAdded;
  studyTargetsUpdate: TargetInfo[];
  studyTargetsRemove: number;
  studyRunEstimate: RunEstimate;
  studyScheduleEstimate: ScheduleEstimate;
  studyRunStart: RunInfo;
  studyRunControl: RunInfo;
  studyRunBudget: RunInfo;
  studyRuns: RunInfo[];
  studyRunDetail: RunDetail;
  studyExport: { path: string; rows: number; files: number; manifestPath: string | null };
  studyRunMedia: { queued: number; skipped: number; folder: string };
  studyScheduleSet: ScheduleInfo;
  studyScheduleClear: boolean;
}
