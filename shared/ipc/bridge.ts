// What the preload needs to build window.feedlens: the names of the operations and events, their
// channels, and createBridge. No schemas here: main validates every argument (shared/ipc/index.ts's OPS), and
// this module stays free of zod so that the sandboxed preload bundle stays small. shared/ipc/index.ts checks at
// compile time that OP_NAMES names exactly the operations of OPS.
import type { EventName, FeedlensApi, OpName } from '../ipc';

/** Every operation the renderer may ask main for: the preload exposes these and nothing else. */
export const OP_NAMES = [
  // calls (ipc/calls.ts)
  'call', 'quote', 'cancel', 'ledgerQuery', 'ledgerExport',
  // session (ipc/session.ts)
  'keySet', 'keyClear', 'keyStatus', 'keyTest', 'balanceGet', 'modeGet', 'modeSet', 'serviceOriginSet',
  // app (ipc/app.ts)
  'settingsGet', 'settingsSet', 'downloadFolderChoose', 'downloadFolderReset', 'exportFolderChoose', 'appInfo',
  'mediaUrl', 'openExternal', 'revealPath',
  // downloads (ipc/downloads.ts)
  'downloadsEnqueue', 'downloadsControl', 'downloadsList', 'libraryList', 'libraryAccounts', 'libraryRebuild',
  // exports and jobs (ipc/exports.ts, ipc/jobs.ts)
  'exportRun', 'jobEstimate', 'jobStart', 'jobBudgetRaise', 'jobControl', 'jobList',
  // explorer (ipc/explorer.ts)
  'explorerAnswer', 'explorerSave',
  // studies (studies.ts)
  'studyList', 'studyCreate', 'studyOpenFolder', 'studyGet', 'studyUpdate', 'studyForget', 'studyTargetsPreview',
  'studyTargetsAdd', 'studyTargetsUpdate', 'studyTargetsRemove', 'studyRunEstimate', 'studyScheduleEstimate',
  'studyRunStart', 'studyRunControl', 'studyRunBudget', 'studyRuns', 'studyRunDetail', 'studyExport', 'studyRunMedia',
  'studyScheduleSet', 'studyScheduleClear',
  // analysis (analysis.ts)
  'studyCharts', 'studyAnalysisExport', 'studyMinimisationGet', 'studyMinimisationSet', 'chartSave',
  // a study's data (study-data.ts)
  'studyAccounts', 'studyTimeline', 'studyBrowse', 'studyRecord', 'studyRecordFind', 'studyCheckQuote',
  'studyCheckStart', 'studyCheckControl', 'studyChecks', 'studyCodes', 'studyCodeSave', 'studyCodeDelete',
  'studyCodeApply', 'studyNoteSet', 'studyViews', 'studyViewSave', 'studyViewDelete', 'studyRowsExport',
  'studyRowsMedia',
  // media analysis (media.ts)
  'studyMediaStatus', 'studyMediaStart', 'studyMediaPause', 'studyReuse', 'studyMediaOf', 'studyWall',
] as const;

/** Events main pushes to the renderer (their payloads: EventPayloads in shared/ipc/index.ts). */
export const EVENTS = ['balance', 'mode', 'key', 'downloads', 'job', 'export', 'library', 'study', 'studyCheck', 'studyMedia'] as const;

export const channelOf = (op: OpName): string => `feedlens:${op}`;
export const eventChannelOf = (event: EventName): string => `feedlens-event:${event}`;

/**
 * Builds the window.feedlens object from two primitives: invoke an operation, subscribe to an event.
 * The preload passes ipcRenderer-based ones; the browser test harness passes exposeBinding-based ones.
 */
export function createBridge(
  invoke: (channel: string, args: unknown) => Promise<unknown>,
  subscribe: (channel: string, listener: (payload: unknown) => void) => () => void,
): FeedlensApi {
  const api: Record<string, unknown> = {};
  for (const op of OP_NAMES) {
    api[op] = (args: unknown) => invoke(channelOf(op), args ?? {});
  }
  api.on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!(EVENTS as readonly string[]).includes(event)) throw new Error(`Unknown Feedlens event: ${String(event)}`);
    return subscribe(eventChannelOf(event), listener);
  };
  return Object.freeze(api) as FeedlensApi;
}
