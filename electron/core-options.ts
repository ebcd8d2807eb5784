// What the app core is given (CoreOptions) and what it offers (AppCore); electron/core.ts builds it.
import type { BackgroundDeps } from './platform/background';
import type { EventName, EventPayloads, ModeInfo } from '../shared/ipc';
import type { Settings } from '../shared/settings';
import type { PickFolder } from './ipc/app-handlers';
import type { Ask } from './calls/ask';
import type { KeyStores, SecretStore } from './platform/keychain';
import type { Handlers } from './ipc/router';
import type { FetchMedia } from './downloads/fetch-file';
import type { ProjectKeys } from './export/pseudonymise';
import type { HolderProgram } from './studies/holder';

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
  /** The user's Documents folder (default home of studies: <Documents>/Feedlens/<study>). */
  documentsDir: string;
  /** A desktop notification (a study's run ended). */
  notify?: (n: { title: string; body: string }) => void;
  /** How often schedules are checked, in ms (default one minute; 0: only when tests call tick). */
  scheduleTickMs?: number;
  /** How often the studies' leases are renewed (tests). */
  leaseBeatMs?: number;
  /** Which program this is, as a study's holder says it (studies/holder.ts). Default the desktop app. */
  program?: HolderProgram;
  /** Studies open read-only, saying why (the headless collector's commands that only read). */
  readOnlyStudies?: string;
  /** False: studies opened do not resume their runs and re-checks (the collector's analyse spends nothing). */
  resumeStudyWork?: boolean;
  /** The keychain entry of the access key for each service origin. */
  keyStores: KeyStores;
  /** The single entry of keys stored before they were bound to an origin, moved at start. */
  legacyKeyStore?: SecretStore;
  /** Network fetch for the live service (Electron's net.fetch in the app). */
  liveFetch: typeof fetch;
  /** Started on first use: building the simulator's world takes a moment. */
  demo: () => Promise<DemoBackend>;
  /** Main's own questions to the user (native message box in the app, a recorder in tests). */
  ask: Ask;
  /** Main's folder picker (native dialog in the app, a stub in tests). */
  pickFolder: PickFolder;
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
  log?: (message: string) => void;
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
  /** The folders whose files the renderer may load: the download folder and each study's analysis folder. */
  mediaRoots(): string[];
  /** Runs what study schedules say is due now (the app does it every minute by itself). */
  tickSchedules(): void;
  /** What the tray needs (platform/background.ts): what collects, "Pause all collection", main's own settings changes. */
  background: Pick<BackgroundDeps, 'collection' | 'pauseAll' | 'updateSettings'> & { onSettingsChange(listener: () => void): () => void };
}
