// The main process without Electron: every service the renderer can ask for, wired together, and the
// handlers the IPC router dispatches to. electron/main.ts adds the Electron glue (window, protocols,
// ipcMain, net.fetch, shell); the browser test harness uses the same core with plain Node pieces.
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { validationError, type AppError } from '../shared/api/errors';
import type { BalanceState, CallValue, EventName, EventPayloads, ModeInfo, OpArgs, Result } from '../shared/ipc';
import type { Settings } from '../shared/settings';
import { createApiClient, type AttemptRecord } from './api/client';
import { createBalanceTracker } from './balance';
import { cacheNamespace, createResponseCache } from './cache';
import { createCallService } from './calls';
import { createCostGuard } from './cost-guard';
import { keyStatus, type SecretStore } from './keychain';
import { createLedger } from './ledger';
import type { Handlers } from './router';
import { isExternalAllowed } from './security';
import { createSettingsStore, SettingsValidationError } from './settings-store';
import type { FetchMedia } from './downloads/fetch-file';
import { createDownloadHandlers } from './downloads/handlers';
import { createDownloadQueue } from './downloads/queue';
import { ledgerAnswerSha256 } from './downloads/sidecar';
import { createExportHandlers } from './export/handlers';
import { removeLeftoverTemps } from './export/output';
import type { ProjectKeys } from './export/pseudonymise';
import { createJobHandlers } from './jobs/handlers';
import { createLibrary, createLibraryHandlers } from './library';

/** Where demo mode's calls and media go: the simulator, in-process in the app, over HTTP in tests. */
export interface DemoBackend {
  baseUrl: string;
  fetch: typeof fetch;
  key: string;
}

export interface CoreOptions {
  /** The app's data folder (ledger, cache, settings). */
  dataDir: string;
  /** The user's Downloads folder (default home of downloads and exports). */
  downloadsDir: string;
  secretStore: SecretStore;
  /** Network fetch for the live service (Electron's net.fetch in the app). */
  liveFetch: typeof fetch;
  /** Started on first use: building the simulator's world takes a moment. */
  demo: () => Promise<DemoBackend>;
  userAgent: string;
  version: string;
  platform: string;
  /** Base of the media URLs the renderer loads, e.g. "app-media://media/". */
  mediaBase: string;
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  openExternal: (url: string) => Promise<void>;
  /** Media bytes for downloads: allow-listed hosts only, the simulator in demo mode (no media cache). */
  fetchMedia: FetchMedia;
  /** Shows a file in the system file manager (shell.showItemInFolder). */
  reveal: (path: string) => void;
  /** The keychain entry holding a project's pseudonymisation key (apart from the data). */
  projectKeys: ProjectKeys;
  now?: () => number;
  /** Memory bound of the response cache. Default 64 MB. */
  cacheMemoryBytes?: number;
}

export interface AppCore {
  handlers: Handlers;
  /** Loads the key and settings, fetches the balance and starts its periodic refresh. */
  start(): Promise<void>;
  stop(): Promise<void>;
  mode(): ModeInfo;
  settings(): Settings;
  /** Resolves once everything written so far (ledger) is on disk. */
  flush(): Promise<void>;
  /** Where downloads and exports go (settings, else <Downloads>/Feedlens). */
  downloadFolder(): string;
}

function orThrow<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw result.error;
}

function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[:]/g, '-').replace(/\..+$/, '');
}

export function createAppCore(o: CoreOptions): AppCore {
  const now = o.now ?? Date.now;
  const settingsStore = createSettingsStore({ file: join(o.dataDir, 'settings.json') });
  const ledger = createLedger({ dir: join(o.dataDir, 'ledger'), now });
  let liveKey: string | null = null;
  let demoBackend: DemoBackend | null = null;
  let stopBalance: (() => void) | null = null;

  function mode(): ModeInfo {
    const settings = settingsStore.get();
    if (!liveKey) return { mode: 'demo', reason: 'no_key', baseUrl: demoBackend?.baseUrl ?? 'simulator' };
    if (settings.demoMode) return { mode: 'demo', reason: 'chosen', baseUrl: demoBackend?.baseUrl ?? 'simulator' };
    return { mode: 'live', reason: 'key', baseUrl: settings.baseUrl };
  }

  async function backend(): Promise<{ baseUrl: string; fetch: typeof fetch; key: string | null }> {
    if (mode().mode === 'live') return { baseUrl: settingsStore.get().baseUrl, fetch: o.liveFetch, key: liveKey };
    demoBackend ??= await o.demo();
    return demoBackend;
  }

  const cache = createResponseCache({
    dir: join(o.dataDir, 'cache'),
    ttlMs: () => settingsStore.get().cacheTtlMinutes * 60_000,
    maxMemoryBytes: o.cacheMemoryBytes ?? 64 * 1024 * 1024,
    namespace: () => cacheNamespace(mode().mode, liveKey),
    now,
  });
  const guard = createCostGuard({ threshold: () => settingsStore.get().confirmationThreshold });
  const balance = createBalanceTracker({
    now,
    emit: (state) => o.emit('balance', state),
    fetchBalance: async () => {
      const b = await backend();
      const client = createApiClient({ baseUrl: b.baseUrl, fetch: b.fetch, getKey: () => b.key, userAgent: o.userAgent, now });
      const outcome = await client.call('/sys/balance', {});
      return outcome.ok ? { ok: true, value: balanceOf(outcome.value.data) } : outcome;
    },
  });

  function balanceOf(data: unknown): Omit<BalanceState, 'checkedAt' | 'updatedAt'> {
    const d = (data ?? {}) as Record<string, unknown>;
    const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);
    return { requests: num(d.requests), rate: num(d.rate), currency: typeof d.currency === 'string' ? d.currency : 'USD', amount: num(d.amount) };
  }

  // Clients are cheap; one per call keeps each call's attempts with that call.
  let currentBackend: { baseUrl: string; fetch: typeof fetch; key: string | null } | null = null;
  const calls = createCallService({
    client: (onAttempt: (a: AttemptRecord) => void) => {
      const b = currentBackend;
      if (!b) throw new Error('backend not ready');
      return createApiClient({ baseUrl: b.baseUrl, fetch: b.fetch, getKey: () => b.key, userAgent: o.userAgent, rate: () => balance.get()?.rate ?? null, onAttempt, now });
    },
    cache,
    guard,
    balance,
    ledger: { append: (entry) => void ledger.append(entry) },
    mode: () => mode().mode,
    now,
  });

  /** Every paid call of the app goes through here (screens, downloads' link renewal, bulk jobs). */
  async function call(args: OpArgs<'call'>): Promise<Result<CallValue>> {
    currentBackend ??= await backend();
    return calls.call(args);
  }

  const downloadFolder = () => settingsStore.get().downloadFolder || join(o.downloadsDir, 'Feedlens');
  const library = createLibrary({ dataDir: o.dataDir, folder: downloadFolder, mediaBase: o.mediaBase });
  const queue = createDownloadQueue({
    dataDir: o.dataDir,
    folder: downloadFolder,
    template: () => settingsStore.get().filenameTemplate,
    concurrency: () => settingsStore.get().downloadConcurrency,
    fetchMedia: o.fetchMedia,
    call,
    // lead: replace with main's own confirmation (the injected `ask`) of a batch of link renewals; until
    // then every batch is granted, as the per-link renewals were before.
    confirmRenewal: async (batch) => ({ units: batch.units }),
    emit: (snapshot) => o.emit('downloads', snapshot),
    version: o.version,
    answerSha256: ledgerAnswerSha256(ledger),
    onSaved: async (path, sidecar) => {
      await library.add(path, sidecar);
      o.emit('library', { items: library.size() });
    },
    now,
  });
  const exportHandlers = createExportHandlers({
    downloadFolder,
    version: o.version,
    emit: (event, payload) => o.emit(event, payload),
    ledger,
    projectKeys: o.projectKeys,
    mediaFilesOf: async ({ record }) => {
      const r = record as { kind: string; id?: unknown };
      const id = typeof r.id === 'string' ? r.id : null;
      if (id === null) return [];
      const key = { post: `post:${id}`, story: `story:${id}`, highlight: `highlight:${id}`, profile: `profile:${id}`, user: `profile:${id}` }[r.kind];
      return key ? library.filesOf(key) : [];
    },
    now,
  });
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const jobHandlers = createJobHandlers({
    calls: { call },
    balance,
    dataDir: o.dataDir,
    emit: (event, info) => o.emit(event, info),
    cache,
    started,
    now,
    toLibrary: async (items) => {
      await queue.enqueue(items);
      return downloadFolder();
    },
    // A finished job's items as a CSV in the export folder, with the column set of what it collected.
    toExport: async (items, spec) => {
      const columns = spec.kind === 'followers' || spec.kind === 'following' ? 'users' : spec.kind === 'comments' ? 'comments' : 'posts';
      const result = await exportHandlers.exportRun(
        { items, format: 'csv', columns, delimiter: ',', bom: false, includeMedia: false, label: spec.label },
        { senderId: 0 },
      );
      return result.path;
    },
  });

  /** Key, mode or base URL changed: nothing of the previous one may be reused. */
  async function switched(): Promise<void> {
    await cache.clear();
    guard.reset();
    balance.reset();
    currentBackend = await backend();
    o.emit('mode', mode());
    o.emit('key', keyStatus(o.secretStore, liveKey));
    void balance.refresh();
  }

  async function testKey(key: string): Promise<BalanceState> {
    const client = createApiClient({ baseUrl: settingsStore.get().baseUrl, fetch: o.liveFetch, getKey: () => key, userAgent: o.userAgent, now });
    const outcome = await client.call('/sys/balance', {});
    if (!outcome.ok) throw outcome.error;
    const t = now();
    return { ...balanceOf(outcome.value.data), checkedAt: t, updatedAt: t };
  }

  function saveSettings(patch: unknown): Settings {
    try {
      return settingsStore.set(patch);
    } catch (error) {
      if (error instanceof SettingsValidationError) throw error.appError;
      throw error;
    }
  }

  const handlers: Omit<Handlers, 'exportRun' | 'downloadsEnqueue' | 'downloadsControl' | 'downloadsList' | 'libraryList' | 'libraryAccounts' | 'libraryRebuild' | 'revealPath' | 'jobEstimate' | 'jobStart' | 'jobControl' | 'jobList'> = {
    call: async (args) => orThrow(await call(args)),
    quote: async (args) => orThrow(await calls.quote(args)),
    cancel: async ({ requestId }) => calls.cancel(requestId),
    keySet: async ({ key }) => {
      await testKey(key); // a key the service refuses is never stored
      await o.secretStore.set(key);
      liveKey = key;
      await switched();
      return keyStatus(o.secretStore, liveKey);
    },
    keyClear: async () => {
      await o.secretStore.clear();
      liveKey = null;
      await switched();
      return keyStatus(o.secretStore, liveKey);
    },
    keyStatus: async () => keyStatus(o.secretStore, liveKey),
    keyTest: async ({ key }) => {
      const candidate = key ?? liveKey;
      if (!candidate) throw validationError([{ param: 'key', message: 'No access key is stored: enter one first' }]);
      return testKey(candidate);
    },
    balanceGet: async ({ refresh }) => (refresh || !balance.get() ? balance.refresh() : balance.get()),
    ledgerQuery: async (q) => ledger.query(q),
    ledgerExport: async ({ format }) => {
      const folder = join(settingsStore.get().downloadFolder || join(o.downloadsDir, 'Feedlens'), 'request-logs');
      await mkdir(folder, { recursive: true });
      const path = join(folder, `feedlens-requests-${timestamp(now())}.${format === 'csv' ? 'csv' : 'ndjson'}`);
      await ledger.flush();
      const rows = await ledger.exportTo(path, format);
      return { path, rows };
    },
    settingsGet: async () => settingsStore.get(),
    settingsSet: async ({ patch }) => {
      const before = settingsStore.get();
      const after = saveSettings(patch);
      if (before.demoMode !== after.demoMode || before.baseUrl !== after.baseUrl) await switched();
      return after;
    },
    modeGet: async () => mode(),
    modeSet: async ({ demo }) => {
      if (!demo && !liveKey) throw validationError([{ param: 'demo', message: 'Enter an access key first: live mode needs one' }]);
      saveSettings({ demoMode: demo });
      await switched();
      return mode();
    },
    appInfo: async () => ({ version: o.version, platform: o.platform, mediaBase: o.mediaBase, downloadFolder: downloadFolder() }),
    mediaUrl: async ({ url }) => {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw validationError([{ param: 'url', message: 'Not a URL' }]);
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw validationError([{ param: 'url', message: 'Only http(s) media URLs can be shown' }]);
      return `${o.mediaBase}?u=${encodeURIComponent(parsed.href)}`;
    },
    openExternal: async ({ url }) => {
      if (!isExternalAllowed(url)) {
        const refusal: AppError = { kind: 'validation', message: "Feedlens opens only the platform's web pages and the service's site in the browser.", billed: false, retryable: false };
        throw refusal;
      }
      await o.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK checked by isExternalAllowed() just above
      return true;
    },
  };

  return {
    handlers: {
      ...handlers,
      ...createDownloadHandlers({ queue }),
      ...createLibraryHandlers({ library, reveal: o.reveal, roots: () => [downloadFolder(), join(o.dataDir, 'jobs')] }),
      ...jobHandlers,
      ...exportHandlers,
    },
    async start() {
      liveKey = await o.secretStore.get().catch(() => null);
      currentBackend = await backend();
      stopBalance = balance.start();
      await removeLeftoverTemps(join(downloadFolder(), 'exports')); // an export interrupted by a crash
      await library.start();
      await queue.start();
      markStarted();
    },
    async stop() {
      stopBalance?.();
      await queue.close();
      await library.flush();
      await ledger.flush();
    },
    mode,
    settings: () => settingsStore.get(),
    flush: () => ledger.flush(),
    downloadFolder,
  };
}
