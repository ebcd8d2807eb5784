// Launches the real app with Playwright's _electron in demo mode and checks that a window shows demo
// data. Needs the Electron binary, which cannot be downloaded on machines without internet
// (ELECTRON_SKIP_BINARY_DOWNLOAD=1): there the test reports itself skipped, with the reason.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { _electron as electron } from 'playwright-core';

const root = resolve(import.meta.dirname, '../..');

/** The Electron binary if one is installed, else why not. Never triggers a download. */
function electronBinary(): { path: string } | { reason: string } {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return { path: join(process.env.ELECTRON_OVERRIDE_DIST_PATH, 'electron') };
  const pkg = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return { reason: 'no Electron binary installed (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1; run `npx install-electron` with internet to get one)' };
  const binary = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? { path: binary } : { reason: `Electron binary missing at ${binary}` };
}

const found = electronBinary();
const skipReason = 'reason' in found ? found.reason : null;
if (skipReason) console.log(`electron smoke test skipped: ${skipReason}`);

describe(skipReason ? `Electron smoke test (skipped: ${skipReason})` : 'Electron smoke test', () => {
  it.skipIf(skipReason !== null)('launches the app in demo mode and shows demo data', async () => {
    if (!('path' in found)) return;
    const userData = mkdtempSync(join(tmpdir(), 'feedlens-smoke-'));
    const app = await electron.launch({
      executablePath: found.path,
      args: [join(root, 'out/main/main.js'), '--no-sandbox'],
      env: { ...process.env, FEEDLENS_USER_DATA: userData },
    });
    try {
      const window = await app.firstWindow();
      // First run offers demo mode; the simulator's balance shows once demo mode answers.
      const demo = window.getByRole('button', { name: /demo mode/i });
      if (await demo.isVisible().catch(() => false)) await demo.click();
      await window.getByTestId('demo-badge').waitFor({ timeout: 30_000 });
      await expect.poll(() => window.getByTestId('balance-requests').textContent(), { timeout: 30_000 }).toMatch(/\d/);
      expect(await window.evaluate(() => location.protocol)).toBe('app:');
    } finally {
      await app.close();
      rmSync(userData, { recursive: true, force: true });
    }
  });
});
