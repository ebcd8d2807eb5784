// The IPC contract of the app itself: settings, the download and export folders (chosen in main's own
// pickers), app facts, media URLs, and opening links or files outside the app.
import { z } from 'zod';
import type { Settings } from '../settings';
import { settingsPatchSchema } from '../settings-schema';

export const APP_OPS = {
  settingsGet: z.strictObject({}),
  settingsSet: z.strictObject({ patch: settingsPatchSchema }),
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
} as const;

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

export interface AppOpResults {
  settingsGet: Settings;
  settingsSet: Settings;
  downloadFolderChoose: AppInfo;
  downloadFolderReset: AppInfo;
  exportFolderChoose: AppInfo;
  appInfo: AppInfo;
  mediaUrl: string;
  openExternal: boolean;
  revealPath: boolean;
}
