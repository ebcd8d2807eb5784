// The settings main persists: their shape and defaults. The renderer imports only its types (values
// here are main's: the bench checks the bundle holds none); validation lives with main
// (shared/settings-schema.ts).
import { DEFAULT_FILENAME_TEMPLATE } from './filename-template';

export { DEFAULT_FILENAME_TEMPLATE };

export const PRODUCTION_BASE_URL = 'https://api.hikerapi.com';

export interface Settings {
  /** The service's origin. Changed only through main's own confirmation (serviceOriginSet). */
  baseUrl: string;
  /** Use the built-in simulator even when a key is stored. Changed with modeSet. */
  demoMode: boolean;
  /** Empty means the platform's Downloads folder + /Feedlens. Changed only through main's folder picker. */
  downloadFolder: string;
  /** Where exports go; empty means `<download folder>/exports`. Changed only through main's folder picker. */
  exportFolder: string;
  filenameTemplate: string;
  downloadConcurrency: number;
  cacheTtlMinutes: number;
  /** Calls costing this many units or more need a confirmation (1 or 2; main asks from 2 regardless). */
  confirmationThreshold: number;
  /**
   * Units that may be spent within an hour without a question (1-unit calls, endpoints the user said
   * "don't ask again" for); beyond it main asks. Changed only through main's own confirmation.
   */
  hourlyUnconfirmedLimit: number;
  /** The balance indicator turns amber below this many requests, red below a fifth of it. */
  lowBalanceThreshold: number;
  theme: 'system' | 'light' | 'dark';
  /** The first-run choice (enter a key or continue in demo mode) was made. */
  onboarded: boolean;
  /** Closing the window keeps Feedlens in the tray while a study has a schedule or a run (else it quits). */
  backgroundCollection: boolean;
  /** Feedlens starts at login, in the tray. */
  openAtLogin: boolean;
  /** The notification that Feedlens keeps collecting in the tray was shown once. Main sets it. */
  backgroundNoticeShown: boolean;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  baseUrl: PRODUCTION_BASE_URL,
  demoMode: false,
  downloadFolder: '',
  exportFolder: '',
  filenameTemplate: DEFAULT_FILENAME_TEMPLATE,
  downloadConcurrency: 4,
  cacheTtlMinutes: 60,
  confirmationThreshold: 2,
  hourlyUnconfirmedLimit: 200,
  lowBalanceThreshold: 100,
  theme: 'system',
  onboarded: false,
  backgroundCollection: true,
  openAtLogin: false,
  backgroundNoticeShown: false,
});

/** What the renderer may change with settingsSet; everything else only main changes, after asking. */
export const PATCHABLE_SETTINGS = [
  'filenameTemplate',
  'downloadConcurrency',
  'cacheTtlMinutes',
  'confirmationThreshold',
  'hourlyUnconfirmedLimit',
  'lowBalanceThreshold',
  'theme',
  'onboarded',
  'backgroundCollection',
  'openAtLogin',
] as const satisfies readonly (keyof Settings)[];
export type PatchableSetting = (typeof PATCHABLE_SETTINGS)[number];
export type SettingsPatch = Partial<Pick<Settings, PatchableSetting>>;
