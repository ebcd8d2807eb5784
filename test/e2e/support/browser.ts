// Launches the Chromium that scripts/e2e.mjs found, with the flags this closed network needs.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH;
  if (!path) throw new Error('CHROMIUM_PATH is not set: run the end-to-end suite through `npm run test:e2e`.');
  return path;
}

export async function launchChromium(): Promise<Browser> {
  // Playwright gives every launch a fresh temporary profile, so no state leaks between runs.
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}
