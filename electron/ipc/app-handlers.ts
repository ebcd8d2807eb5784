// The IPC operations about the app itself: settings (patches from the renderer; the limits that guard
// spending change only after main's own question), the download and export folders (chosen only in
// main's folder picker), app facts, media URLs, external links and the request log.
import { mkdir, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { validationError, type AppError } from '../../shared/api/errors';
import type { AppInfo } from '../../shared/ipc';
import { isPlatformPage } from '../../shared/links';
import { PRODUCTION_ORIGIN } from '../../shared/service-origin';
import type { Settings } from '../../shared/settings';
import { requestsWord, type Ask } from '../calls/ask';
import { describeFileError } from '../storage/file-errors';
import type { Ledger } from '../calls/ledger';
import type { Handlers } from './router';
import { isExternalAllowed } from '../platform/security';
import { SettingsValidationError, type SettingsStore } from '../storage/settings-store';

export type AppOps =
  | 'settingsGet'
  | 'settingsSet'
  | 'appInfo'
  | 'downloadFolderChoose'
  | 'downloadFolderReset'
  | 'exportFolderChoose'
  | 'mediaUrl'
  | 'openExternal'
  | 'ledgerQuery'
  | 'ledgerExport';

/** Main's folder picker (Electron's dialog in the app, a stub in tests): the folder chosen, or null. */
export type PickFolder = (options: { title: string; defaultPath: string }) => Promise<string | null>;

export interface AppHandlerDeps {
  settings: SettingsStore;
  ask: Ask;
  pickFolder: PickFolder;
  ledger: Pick<Ledger, 'query' | 'flush' | 'exportTo'>;
  /** Where downloads go (settings, else <Downloads>/Feedlens). */
  downloadFolder: () => string;
  /** Where exports go (settings, else <download folder>/exports). */
  exportFolder: () => string;
  openExternal: (url: string) => Promise<void>;
  /** The current session answers from the simulator: its accounts and posts are invented. */
  simulated: () => boolean;
  version: string;
  platform: string;
  mediaBase: string;
  now: () => number;
}

function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[:]/g, '-').replace(/\..+$/, '');
}

const cancelled = (message: string): AppError => ({ kind: 'cancelled', message, billed: false, retryable: true });

/** What a patch would loosen, in words for main's question; empty when it loosens nothing. */
function loosened(patch: Record<string, unknown>, current: Settings): string[] {
  const changes: string[] = [];
  const limit = patch.hourlyUnconfirmedLimit;
  if (typeof limit === 'number' && limit !== current.hourlyUnconfirmedLimit) {
    changes.push(`spend up to ${requestsWord(limit)} per hour without asking (now ${requestsWord(current.hourlyUnconfirmedLimit)})`);
  }
  const threshold = patch.confirmationThreshold;
  if (typeof threshold === 'number' && threshold > current.confirmationThreshold) {
    changes.push(`ask only before requests billed at ${requestsWord(threshold)} or more (now before every request)`);
  }
  return changes;
}

/** Main's folder picker, then the folder checked (a full path, a folder, made if missing); null if cancelled. */
async function chooseFolder(pickFolder: PickFolder, title: string, current: string): Promise<string | null> {
  const picked = await pickFolder({ title, defaultPath: current });
  if (picked === null) return null;
  if (!isAbsolute(picked)) throw validationError([{ param: 'folder', message: 'Choose a folder with a full path.' }]);
  try {
    await mkdir(picked, { recursive: true });
    if (!(await stat(picked)).isDirectory()) throw validationError([{ param: 'folder', message: `${picked} is not a folder.` }]);
  } catch (error) {
    if ((error as AppError).kind) throw error;
    throw validationError([{ param: 'folder', message: describeFileError(error, picked) }]);
  }
  return picked;
}

export function createAppHandlers(d: AppHandlerDeps): Pick<Handlers, AppOps> {
  const appInfo = (): AppInfo => {
    const notice = d.settings.loadNotice();
    return {
      version: d.version,
      platform: d.platform,
      mediaBase: d.mediaBase,
      downloadFolder: d.downloadFolder(),
      exportFolder: d.exportFolder(),
      productionOrigin: PRODUCTION_ORIGIN,
      notices: notice ? [notice] : [],
    };
  };

  const saveSettings = (patch: unknown): Settings => {
    try {
      return d.settings.set(patch);
    } catch (error) {
      if (error instanceof SettingsValidationError) throw error.appError;
      throw error;
    }
  };

  return {
    settingsGet: async () => d.settings.get(),
    settingsSet: async ({ patch }) => {
      const changes = loosened(patch as Record<string, unknown>, d.settings.get());
      if (changes.length > 0) {
        const answer = await d.ask({
          purpose: 'setting',
          title: 'Change when Feedlens asks before spending?',
          message: `Feedlens would ${changes.join(', and ')}.`,
          confirm: 'Change it',
        });
        if (!answer.confirmed) throw cancelled('The spending limits were not changed. Nothing was saved.');
      }
      return saveSettings(patch);
    },
    appInfo: async () => appInfo(),

    downloadFolderChoose: async () => {
      const picked = await chooseFolder(d.pickFolder, 'Choose the folder for downloads and exports', d.downloadFolder());
      if (picked !== null) d.settings.update({ downloadFolder: picked });
      return appInfo();
    },
    exportFolderChoose: async () => {
      const picked = await chooseFolder(d.pickFolder, 'Choose the folder to save exports in', d.exportFolder());
      if (picked !== null) d.settings.update({ exportFolder: picked });
      return appInfo();
    },
    downloadFolderReset: async () => {
      d.settings.update({ downloadFolder: '' });
      return appInfo();
    },

    mediaUrl: async ({ url }) => {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw validationError([{ param: 'url', message: 'Not a URL' }]);
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw validationError([{ param: 'url', message: 'Only http(s) media URLs can be shown' }]);
      return `${d.mediaBase}?u=${encodeURIComponent(parsed.href)}`;
    },
    openExternal: async ({ url }) => {
      if (!isExternalAllowed(url)) {
        const refusal: AppError = { kind: 'validation', message: "Feedlens opens only the platform's web pages and the service's site in the browser.", billed: false, retryable: false };
        throw refusal;
      }
      if (d.simulated() && isPlatformPage(url)) {
        const refusal: AppError = {
          kind: 'validation',
          message: 'Demo mode shows accounts and posts the simulator invented: they are not on the platform, so there is no page to open.',
          billed: false,
          retryable: false,
        };
        throw refusal;
      }
      // The parsed, normalised form, never the raw text the page sent.
      await d.openExternal(new URL(url).href); // eng-disable OPEN_EXTERNAL_JS_CHECK checked by isExternalAllowed() just above
      return true;
    },

    ledgerQuery: async (q) => d.ledger.query(q),
    ledgerExport: async ({ format }) => {
      const folder = join(d.downloadFolder(), 'request-logs');
      const path = join(folder, `feedlens-requests-${timestamp(d.now())}.${format === 'csv' ? 'csv' : 'ndjson'}`);
      try {
        await mkdir(folder, { recursive: true });
        await d.ledger.flush();
        const rows = await d.ledger.exportTo(path, format);
        return { path, rows };
      } catch (error) {
        const failure: AppError = { kind: 'internal', message: `The request log was not exported: ${describeFileError(error, path)}.`, billed: false, retryable: true };
        throw failure;
      }
    },
  };
}
