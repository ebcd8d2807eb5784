// The IPC contract between the renderer and main, typed once. Main validates every argument with these
// schemas; the preload (and the test harness) build `window.feedlens` with createBridge (ipc/bridge.ts),
// from the operations' names only.
// Each domain's operations, argument schemas and answers are in ipc/ (studies, analysis and study data
// included); this index joins them into OPS, OpResults and the events, and is what others import.
import type { z } from 'zod';
import { STUDY_OPS, type StudyEvent, type StudyOpResults } from './studies';
import { ANALYSIS_OPS, type AnalysisOpResults } from './analysis';
import { STUDY_DATA_OPS, type StudyCheckEvent, type StudyDataOpResults } from './study-data';
import { APP_OPS, type AppOpResults } from './app';
import type { EVENTS, OP_NAMES } from './bridge';
import type { Result } from './common';
import { CALL_OPS, type CallOpResults } from './calls';
import { DOWNLOAD_OPS, type DownloadOpResults, type DownloadsSnapshot } from './downloads';
import { EXPLORER_OPS, type ExplorerOpResults } from './explorer';
import { EXPORT_OPS, type ExportOpResults } from './exports';
import { MEDIA_OPS, type MediaOpResults, type MediaStatus } from './media';
import { JOB_OPS, type JobInfo, type JobOpResults } from './jobs';
import { SESSION_OPS, type BalanceState, type KeyStatus, type ModeInfo, type SessionOpResults } from './session';

export { channelOf, createBridge, eventChannelOf, EVENTS, OP_NAMES } from './bridge';
export { provenanceSchema, savedItemSchema, type Provenance, type Result, type SavedItemArg } from './common';
export type { AppInfo } from './app';
export type { CallValue, LedgerEntry, LedgerPage, LedgerTotals, Quote } from './calls';
export type { DownloadItem, DownloadState, DownloadsSnapshot, LibraryItem } from './downloads';
export type { ExportResult } from './exports';
export { jobSpecSchema, type JobEstimate, type JobInfo, type JobSpec, type JobState } from './jobs';
export type { BalanceState, KeyBackend, KeyStatus, ModeInfo, SessionInfo } from './session';

/** Every operation the renderer may ask main for, with its argument schema. */
export const OPS = {
  ...CALL_OPS,
  ...SESSION_OPS,
  ...APP_OPS,
  ...DOWNLOAD_OPS,
  ...EXPORT_OPS,
  ...JOB_OPS,
  ...EXPLORER_OPS,
  /** Studies: collections over time into a study's folder and database (shared/ipc/studies.ts). */
  ...STUDY_OPS,
  /** Analysis: charts, networks, Parquet, 4CAT, minimisation presets (shared/ipc/analysis.ts). */
  ...ANALYSIS_OPS,
  /** A study's data at hand: changes, history, re-checks, the data browser, coding (shared/ipc/study-data.ts). */
  ...STUDY_DATA_OPS,
  /** A study's media analysis and its reuse groups (shared/ipc/media.ts). */
  ...MEDIA_OPS,
} as const;

export type OpName = keyof typeof OPS;
export type OpArgs<K extends OpName> = z.input<(typeof OPS)[K]>;

/** What each operation answers with (inside Result). */
export interface OpResults
  extends CallOpResults,
    SessionOpResults,
    AppOpResults,
    DownloadOpResults,
    ExportOpResults,
    JobOpResults,
    ExplorerOpResults,
    StudyOpResults,
    AnalysisOpResults,
    StudyDataOpResults,
    MediaOpResults {}

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
  /** A study's media analysis moved on (an item, a change of state). */
  studyMedia: MediaStatus;
}
export type EventName = keyof EventPayloads;

/** Both lists of names in ipc/bridge.ts are exactly these operations and events: a missing or extra name fails to compile. */
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type _NamesMatch = [Assert<SameNames<(typeof OP_NAMES)[number], OpName>>, Assert<SameNames<(typeof EVENTS)[number], EventName>>];

export type FeedlensApi = {
  [K in OpName]: (args: OpArgs<K>) => Promise<Result<OpResults[K]>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
};
