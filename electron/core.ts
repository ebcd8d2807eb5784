// The main process without Electron: every service the renderer can ask for, wired together, and the
// handlers the IPC router dispatches to. electron/main.ts adds the Electron glue (window, protocols,
// ipcMain, net.fetch, shell); the browser test harness uses the same core with plain Node pieces.
import { join } from 'node:path';
import type { AppCore, CoreOptions } from './core-options';
import { pathToFileURL } from 'node:url';
import type { BalanceState, EventPayloads, OpArgs, Result, CallValue, SavedItemArg } from '../shared/ipc';
import { createAppHandlers } from './ipc/app-handlers';
import { createApiClient, type AttemptRecord } from './api/client';
import { createAskQueue } from './calls/ask';
import { balanceOf, createBalanceTracker } from './calls/balance';
import { createResponseCache } from './calls/cache';
import { createCallService, type CallOptions } from './calls/calls';
import { createCostGuard } from './calls/cost-guard';
import { createKnownNames } from './calls/known-names';
import { createIssuedCursors } from './calls/cursors';
import { createRequestScheduler, schedulerPerSession } from './calls/scheduler';
import { migrateLegacyKey } from './platform/keychain';
import { createLedger } from './calls/ledger';
import { createServiceHandlers } from './ipc/service-handlers';
import { createServiceSessions } from './calls/service-session';
import { sessionNamespace, type Session } from './calls/session';
import { createSettingsStore } from './storage/settings-store';
import { PRODUCTION_ORIGIN } from '../shared/service-origin';
import { createDownloadHandlers } from './downloads/handlers';
import { createDownloadQueue, type DownloadQueue } from './downloads/queue';
import { askRenewal } from './downloads/renewals';
import { ledgerAnswerFacts } from './downloads/sidecar';
import { createExplorer } from './explorer/handlers';
import { createExportHandlers } from './export/handlers';
import { exportFolders, removeLeftoverTemps } from './export/output';
import { createJobHandlers } from './jobs/handlers';
import { createLibrary } from './library/library';
import { createLibraryHandlers } from './library/handlers';
import { createStudyDataHandlers } from './studies/data-handlers';
import { createStudyHandlers, onceProjectKeys } from './studies/handlers';
import { createStudyService } from './studies/service';
import { holderIdentity } from './studies/holder';
import { createAnalysisService } from './analysis/handlers';
import { createMediaHandlers } from './media-analysis/handlers';
import { createMediaAnalysis } from './media-analysis/service';
import { MEDIA_CACHE_FOLDER } from './protocols/media-protocol';
import { ANALYSIS_FOLDER } from './media-analysis/job';
import { refuseLinksOutSync } from './storage/confined';

export type { AppCore, CoreOptions, DemoBackend } from './core-options';

function orThrow<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw result.error;
}

export function createAppCore(o: CoreOptions): AppCore {
  const now = o.now ?? Date.now;
  const log = o.log ?? console.error;
  const ask = createAskQueue(o.ask, log);
  const settingsStore = createSettingsStore({ file: join(o.dataDir, 'settings.json') });
  const ledger = createLedger({ dir: join(o.dataDir, 'ledger'), now });
  const sessions = createServiceSessions({ settings: settingsStore, keyStores: o.keyStores, demo: o.demo, liveFetch: o.liveFetch });
  let stopBalance: (() => void) | null = null;

  // Every request of a session waits in its scheduler, at the rate the session's balance says.
  const schedulerOf = schedulerPerSession((s) => createRequestScheduler({ rate: () => (sessions.isCurrent(s) ? (balance.get()?.rate ?? null) : null) }));
  const clientFor = (s: Session, onAttempt?: (a: AttemptRecord) => void) =>
    createApiClient({
      baseUrl: s.baseUrl,
      fetch: s.fetch,
      getKey: () => s.key,
      userAgent: o.userAgent,
      scheduler: schedulerOf(s),
      ...(onAttempt ? { onAttempt } : {}),
      onAnswer: explorer.observe,
      onErrorAnswer: explorer.observeError,
      now,
    });

  const cache = createResponseCache({
    dir: join(o.dataDir, 'cache'),
    ttlMs: () => settingsStore.get().cacheTtlMinutes * 60_000,
    maxMemoryBytes: o.cacheMemoryBytes ?? 64 * 1024 * 1024,
    namespace: () => sessionNamespace(sessions.current().info),
    now,
  });
  const names = createKnownNames();
  const guard = createCostGuard({
    threshold: () => settingsStore.get().confirmationThreshold,
    hourlyLimit: () => settingsStore.get().hourlyUnconfirmedLimit,
    ask,
    username: names.username,
    now,
  });
  const balance = createBalanceTracker({
    now,
    emit: (state) => o.emit('balance', state),
    fetchBalance: async () => {
      const outcome = await clientFor(sessions.current()).call('/sys/balance', {});
      return outcome.ok ? { ok: true, value: balanceOf(outcome.value.data) } : outcome;
    },
  });

  const calls = createCallService({
    session: () => sessions.current(),
    client: (s, onAttempt) => clientFor(s, onAttempt),
    cache,
    guard,
    balance,
    ledger,
    cursors: createIssuedCursors({ history: () => ledger.history(), log }),
    names,
    now,
  });

  /** Every paid call of the app goes through here (screens, downloads' link renewal, bulk jobs). */
  // The Explorer keeps the exact text of its own answers (request ids with its prefix), for big integers.
  const call = async (args: OpArgs<'call'>, options?: CallOptions): Promise<Result<CallValue>> => explorer.served(args, await calls.call(args, options));

  const confirmRenewal = askRenewal(ask);

  const downloadFolder = () => settingsStore.get().downloadFolder || join(o.downloadsDir, 'Feedlens');
  const exportFolder = () => settingsStore.get().exportFolder || join(downloadFolder(), 'exports');
  const explorer = createExplorer({ downloadFolder, version: o.version, mode: () => sessions.current().info.mode, now });
  const library = createLibrary({ dataDir: o.dataDir, folder: downloadFolder, mediaBase: o.mediaBase });
  const queue = createDownloadQueue({
    dataDir: o.dataDir,
    folder: downloadFolder,
    template: () => settingsStore.get().filenameTemplate,
    concurrency: () => settingsStore.get().downloadConcurrency,
    fetchMedia: o.fetchMedia,
    call,
    confirmRenewal,
    emit: (snapshot) => o.emit('downloads', snapshot),
    version: o.version,
    answerFacts: ledgerAnswerFacts(ledger),
    onSaved: async (path, sidecar) => {
      await library.add(path, sidecar);
      o.emit('library', { items: library.size() });
    },
    now,
  });
  const exportHandlers = createExportHandlers({
    downloadFolder,
    exportFolder,
    version: o.version,
    emit: (event, payload) => o.emit(event, payload),
    ledger,
    projectKeys: o.projectKeys,
    mediaFilesOf: async ({ record }) => library.filesOfRecord(record),
    now,
  });
  const studies = createStudyService({
    dataDir: o.dataDir,
    documentsDir: o.documentsDir,
    appVersion: o.version,
    pickFolder: o.pickFolder,
    calls: { call },
    cache,
    session: () => sessions.current().info,
    emit: (event) => {
      o.emit('study', event);
      jobs.onStudyEvent(event);
    },
    emitCheck: (event) => o.emit('studyCheck', event),
    ...(o.notify ? { notify: o.notify } : {}),
    ...(o.scheduleTickMs !== undefined ? { tickMs: o.scheduleTickMs } : {}),
    ...(o.leaseBeatMs !== undefined ? { leaseBeatMs: o.leaseBeatMs } : {}),
    holder: holderIdentity(o.program ?? 'app'),
    ...(o.readOnlyStudies ? { readOnly: o.readOnlyStudies } : {}),
    ...(o.resumeStudyWork === false ? { resumeWork: false } : {}),
    now,
    log,
  });

  // A study's media go to its own folder, through a download queue of their own kept in the study.
  const studyQueues = new Map<string, Promise<DownloadQueue>>();
  const studyMediaQueue = (folder: string): Promise<DownloadQueue> => {
    let queue = studyQueues.get(folder);
    if (!queue) {
      const q = createDownloadQueue({
        dataDir: join(folder, '.feedlens'),
        folder: () => join(folder, 'media'),
        // The study's folder may come from someone else: nothing written through a link out of it.
        confineTo: folder,
        template: () => settingsStore.get().filenameTemplate,
        concurrency: () => settingsStore.get().downloadConcurrency,
        fetchMedia: o.fetchMedia,
        call,
        confirmRenewal,
        emit: () => undefined,
        version: o.version,
        answerFacts: ledgerAnswerFacts(ledger),
        now,
      });
      queue = q.start().then(() => q);
      studyQueues.set(folder, queue);
      queue.catch(() => studyQueues.delete(folder)); // tried again at the next save (a link replaced since, say)
    }
    return queue;
  };

  // One-off collections ("Collect all followers") are runs of the ad-hoc study.
  const jobs = createJobHandlers({
    studies,
    balance,
    simulated: () => sessions.current().info.simulated,
    ask,
    emit: (event, info) => o.emit(event, info),
    cache,
    log,
    toLibrary: async (items) => {
      await queue.enqueue(items as unknown as SavedItemArg[]);
      return downloadFolder();
    },
    // A finished job's items as a CSV in the export folder.
    toExport: async (items, { columns, label }) => {
      const result = await exportHandlers.exportRun(
        { items: items as unknown as Parameters<typeof exportHandlers.exportRun>[0]['items'], format: 'csv', columns, delimiter: ',', bom: false, includeMedia: false, label },
        { senderId: 0 },
      );
      return result.path;
    },
  });

  // Charts, field-standard exports, minimisation presets and retention of studies (electron/analysis).
  const analysis = createAnalysisService({ studies, ask, appVersion: o.version, userAgent: o.userAgent, projectKeys: o.projectKeys, downloadFolder, mode: () => sessions.current().info.mode, now, log });
  // Hashes (later keyframes and text) of a study's media, made on this machine: no request to the service.
  const mediaAnalysis = createMediaAnalysis({
    study: (id) => studies.get(id),
    fetchMedia: o.fetchMedia,
    cacheDir: join(o.dataDir, MEDIA_CACHE_FOLDER),
    emit: (status) => o.emit('studyMedia', status),
    now,
    log,
  });
  const studyDeps = {
    service: studies, ask, calls: { call }, cache, balance, session: () => sessions.current().info, appVersion: o.version, projectKeys: onceProjectKeys(o.projectKeys), ledger,
    emitExport: (payload: EventPayloads['export']) => o.emit('export', payload), mediaQueue: studyMediaQueue, now,
    // A pass over a study's media ends before the study closes, rather than failing on its closed database.
    beforeForget: (id: string) => mediaAnalysis.stop(id),
  };

  /** The session changed (key, mode or address): nothing of the previous one is reused or shown. */
  async function switched({ refreshBalance }: { refreshBalance: boolean }): Promise<void> {
    guard.reset();
    names.clear();
    balance.reset();
    o.emit('mode', sessions.modeInfo());
    o.emit('key', sessions.keyStatus());
    if (refreshBalance) void balance.refresh();
  }

  async function testKey(key: string): Promise<BalanceState> {
    // One attempt: the user is waiting on the answer, and can simply check again.
    const client = createApiClient({ baseUrl: settingsStore.get().baseUrl, fetch: o.liveFetch, getKey: () => key, userAgent: o.userAgent, maxRetries: 0, now });
    const outcome = await client.call('/sys/balance', {});
    if (!outcome.ok) throw outcome.error;
    const t = now();
    return { ...balanceOf(outcome.value.data), checkedAt: t, updatedAt: t };
  }

  return {
    handlers: {
      call: async (args) => orThrow(await call(args)),
      quote: async (args) => orThrow(await calls.quote(args)),
      cancel: async ({ requestId }) => calls.cancel(requestId),
      ...createServiceHandlers({ sessions, balance, ask, testKey, switched }),
      ...createAppHandlers({
        settings: settingsStore,
        ask,
        pickFolder: o.pickFolder,
        ledger,
        downloadFolder,
        exportFolder,
        openExternal: o.openExternal,
        simulated: () => sessions.current().info.simulated,
        version: o.version,
        platform: o.platform,
        mediaBase: o.mediaBase,
        now,
      }),
      ...createDownloadHandlers({ queue }),
      ...createLibraryHandlers({ library, reveal: o.reveal, roots: () => [downloadFolder(), join(o.dataDir, 'jobs'), ...studies.folders()] }),
      ...jobs.handlers,
      ...exportHandlers,
      ...explorer.handlers,
      ...createStudyHandlers(studyDeps),
      ...createStudyDataHandlers(studyDeps),
      ...analysis.handlers,
      ...createMediaHandlers({ analysis: mediaAnalysis, study: (id) => studies.get(id), fileUrl: (path) => pathToFileURL(path).href }),
    },
    async start() {
      if (o.legacyKeyStore) {
        // Keys stored before they were bound to an address: kept only if they were used with production.
        const production = settingsStore.get().baseUrl === PRODUCTION_ORIGIN;
        await migrateLegacyKey(o.legacyKeyStore, production ? await o.keyStores(PRODUCTION_ORIGIN) : null).catch((error: unknown) =>
          log(`keychain: the old key entry could not be moved: ${error instanceof Error ? error.message : String(error)}`),
        );
      }
      await sessions.load();
      stopBalance = balance.start();
      await library.start();
      await queue.start();
      studies.start();
      // What exports interrupted by a crash (kill -9, power cut) left, wherever they were going.
      const folders = await exportFolders([exportFolder(), join(downloadFolder(), 'exports')], join(downloadFolder(), 'request-logs'), studies.folders());
      for (const folder of folders) await removeLeftoverTemps(folder);
      analysis.start();
    },
    async stop() {
      stopBalance?.();
      analysis.stop();
      await mediaAnalysis.close();
      await studies.stop();
      for (const q of studyQueues.values()) await (await q).close();
      await queue.close();
      await library.flush();
      await ledger.flush();
    },
    mode: () => sessions.modeInfo(),
    settings: () => settingsStore.get(),
    flush: () => ledger.flush(),
    downloadFolder,
    mediaRoots: () => [
      downloadFolder(),
      // A study's folder may come from someone else: an analysis folder that links out of it is not served.
      ...studies.folders().flatMap((folder) => {
        try {
          refuseLinksOutSync(folder, [ANALYSIS_FOLDER]);
          return [join(folder, ANALYSIS_FOLDER)];
        } catch {
          return [];
        }
      }),
    ],
    tickSchedules: () => studies.tick(),
    background: {
      collection: () => ({ studies: studies.list(), paused: studies.allPaused() }),
      pauseAll: (paused) => studies.pauseAll(paused),
      updateSettings: (changes) => void settingsStore.update(changes),
      onSettingsChange: (listener) => settingsStore.onChange(listener),
    },
  };
}
