#!/usr/bin/env node
// The real keychain test (test/integration/keychain.test.ts), run inside a private D-Bus session with its
// own gnome-keyring-daemon, HOME and runtime folder, so it never touches the user's own keyring.
// Where that cannot run (not Linux, dbus-run-session or gnome-keyring-daemon missing) the test still
// runs, reports itself skipped with the reason, and the reason is printed: it never passes silently.
// Writes test-results/keychain.json (Vitest JSON); exits non-zero only on a real failure.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const report = join(root, 'test-results', 'keychain.json');
const vitest = [
  process.execPath,
  join(root, 'node_modules', 'vitest', 'vitest.mjs'),
  'run',
  '--config',
  'vitest.keychain.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

function skipReason() {
  if (process.platform !== 'linux') return `the keychain integration test targets the Linux Secret Service (this is ${process.platform})`;
  const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((tool) => !onPath(tool));
  if (missing.length > 0) return `${missing.join(' and ')} not installed (Debian packages dbus and gnome-keyring)`;
  return null;
}

mkdirSync(join(root, 'test-results'), { recursive: true });
rmSync(report, { force: true });

const reason = skipReason();
let status;
if (reason) {
  console.log(`keychain integration test SKIPPED: ${reason}`);
  const env = { ...process.env, FEEDLENS_KEYCHAIN_SKIP: reason };
  status = spawnSync(vitest[0], vitest.slice(1), { cwd: root, stdio: 'inherit', env }).status;
} else {
  const home = mkdtempSync(join(tmpdir(), 'feedlens-keyring-'));
  const runtime = join(home, 'runtime');
  mkdirSync(runtime, { mode: 0o700 });
  const env = { ...process.env, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_RUNTIME_DIR: runtime };
  delete env.GNOME_KEYRING_CONTROL;
  delete env.FEEDLENS_KEYCHAIN_SKIP;
  // A fresh login keyring with password "pw", unlocked, serving org.freedesktop.secrets; then the test.
  const script = 'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"';
  const run = spawnSync('dbus-run-session', ['--', 'sh', '-c', script, 'sh', ...vitest], {
    cwd: root,
    stdio: 'inherit',
    env,
    timeout: 180_000,
  });
  rmSync(home, { recursive: true, force: true });
  if (run.error) console.error(`keychain integration test could not run: ${run.error.message}`);
  status = run.status;
}

if (!existsSync(report)) {
  console.error('keychain integration test: no report was written');
  process.exit(1);
}
process.exit(status === 0 ? 0 : 1);
