// What the environment may change, and only in development: a packaged app never takes its data folder
// or the page it shows from environment variables (another program could set them to point the app at
// a page of its own, which would then talk to main as Feedlens).
export interface DevOverrides {
  /** ELECTRON_RENDERER_URL: the dev server's page instead of app://. */
  rendererUrl: string | null;
  /** FEEDLENS_USER_DATA: another data folder (tests, portable setups). */
  userData: string | null;
}

export function devOverrides(env: Record<string, string | undefined>, isPackaged: boolean): DevOverrides {
  if (isPackaged) return { rendererUrl: null, userData: null };
  return { rendererUrl: env.ELECTRON_RENDERER_URL || null, userData: env.FEEDLENS_USER_DATA || null };
}
