#!/usr/bin/env node
// Runs the end-to-end suite against the built renderer in Chromium through playwright-core.
// Finds Chromium in this order: $CHROMIUM_PATH, /usr/bin/chromium, Playwright's own browser. Where none
// exists and the machine has internet, fetches Playwright's; otherwise fails and says how to install one.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

function playwrightChromium() {
  try {
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  return playwrightChromium();
}

async function hasInternet() {
  try {
    const res = await fetch('https://cdn.playwright.dev/', { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

let chromium = findChromium();
if (!chromium) {
  if (await hasInternet()) {
    console.log('e2e: no Chromium found; fetching Playwright\'s Chromium (one time)...');
    const cli = join(dirname(require.resolve('playwright-core/package.json')), 'cli.js');
    spawnSync(process.execPath, [cli, 'install', 'chromium'], { stdio: 'inherit' });
    chromium = playwrightChromium();
  }
  if (!chromium) {
    console.error(
      'e2e: FAILED: no Chromium browser found and none could be fetched.\n' +
        '  Install one, then run `npm test` again:\n' +
        '    Debian/Ubuntu: sudo apt-get install -y chromium\n' +
        '    macOS/Windows/any with internet: npx playwright-core install chromium\n' +
        '  or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
    );
    process.exit(1);
  }
}
console.log(`e2e: using Chromium at ${chromium}`);

// E2E_COVERAGE=1: the renderer is built with source maps into its own folder (out-coverage/, always
// rebuilt so the maps match), the harness keeps each page's V8 coverage, and scripts/e2e-coverage.mjs
// sums it up by source file into coverage/e2e/. Without it nothing changes.
const coverage = process.env.E2E_COVERAGE === '1';
const env = { ...process.env, CHROMIUM_PATH: chromium };
if (coverage) {
  env.FEEDLENS_OUT ??= 'out-coverage';
  env.FEEDLENS_SOURCEMAP = '1';
  rmSync(join(root, 'coverage/e2e'), { recursive: true, force: true });
}

if (coverage || !existsSync(join(root, env.FEEDLENS_OUT ?? 'out', 'renderer/index.html'))) {
  console.log(coverage ? 'e2e: building the app with source maps for coverage' : 'e2e: building the app first');
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const report = join(root, 'test-results', 'e2e.json');
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env },
);
if (coverage) {
  const summary = spawnSync(process.execPath, [join(root, 'scripts/e2e-coverage.mjs'), join(root, env.FEEDLENS_OUT, 'renderer')], { cwd: root, stdio: 'inherit' });
  if (summary.status !== 0 && run.status === 0) process.exit(summary.status ?? 1);
}
process.exit(run.status ?? 1);
