// E2E_COVERAGE=1 (scripts/e2e.mjs): V8 JS coverage of the renderer's page, block by block, kept per
// harness in coverage/e2e/raw/ for scripts/e2e-coverage.mjs to sum up by source file after the suite.
// Off by default: the normal run collects nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

export const COVERAGE = process.env.E2E_COVERAGE === '1';
const RAW = resolve(import.meta.dirname, '../../../coverage/e2e/raw');
let saved = 0;

export async function startCoverage(page: Page): Promise<void> {
  if (COVERAGE) await page.coverage.startJSCoverage({ resetOnNavigation: false });
}

/** Writes what the page ran of the app's own bundles (served under `origin`/assets/). */
export async function saveCoverage(page: Page, origin: string): Promise<void> {
  if (!COVERAGE || page.isClosed()) return;
  const entries = await page.coverage.stopJSCoverage();
  const ours = entries
    .filter((e) => e.url.startsWith(`${origin}/assets/`) && e.url.endsWith('.js'))
    .map((e) => ({ path: new URL(e.url).pathname, functions: e.functions }));
  mkdirSync(RAW, { recursive: true });
  writeFileSync(join(RAW, `${process.pid}-${++saved}-${Date.now()}.json`), JSON.stringify(ours));
}
