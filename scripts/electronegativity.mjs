#!/usr/bin/env node
// The Electron security scan of `npm test`: runs Electronegativity over electron/ and fails while any
// finding remains. A finding is either fixed or suppressed on its own line in the source with
// `// eng-disable CHECK_ID` and the reason next to it.
//
// Electronegativity breaks when it loads a current TypeScript, so it lives in its own folder with
// typescript 4.9 (.tools/, gitignored), installed on first use. Offline it prints "No connectivity?"
// (it cannot fetch the list of Electron releases) and carries on; -e gives it our Electron version.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const toolDir = join(root, '.tools', 'electronegativity');
const cli = join(toolDir, 'node_modules', '@doyensec', 'electronegativity', 'dist', 'index.js');
const report = join(root, 'test-results', 'electronegativity.csv');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(cli)) {
  console.log('electronegativity: installing into .tools/electronegativity (first run)');
  mkdirSync(toolDir, { recursive: true });
  const install = spawnSync(
    npm,
    ['install', '--prefix', toolDir, '--no-audit', '--no-fund', '--no-save', '@doyensec/electronegativity@1.10.3', 'typescript@4.9.5'],
    { cwd: root, stdio: 'inherit' },
  );
  if (install.status !== 0 || !existsSync(cli)) {
    console.error('electronegativity: could not install it');
    process.exit(1);
  }
}

const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
mkdirSync(join(root, 'test-results'), { recursive: true });
rmSync(report, { force: true }); // it writes over an old report without truncating it
const run = spawnSync(
  process.execPath,
  [cli, '-i', 'electron', '-o', report, '-r', '-v', 'false', '-e', electronVersion],
  { cwd: root, encoding: 'utf8', env: { ...process.env, LANG: 'en_US.UTF-8', FORCE_COLOR: '0' } },
);
const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
process.stdout.write(output);
if (run.status !== 0 || !existsSync(report)) {
  console.error(`electronegativity: the scan itself failed (exit ${run.status})`);
  process.exit(1);
}

// A file it cannot parse is a file it did not check.
const parseErrors = output.split('\n').filter((line) => /^Error parsing /.test(line.trim()));

/** The CSV rows after the header: every finding that is neither fixed nor suppressed. */
function findings(csv) {
  const rows = [];
  for (const line of csv.split(/\r?\n/).slice(1)) {
    if (line.trim() === '') continue;
    const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')) ?? [];
    const [id, severity, confidence, file, location] = cells;
    rows.push({ id, severity, confidence, file, location });
  }
  return rows;
}

const remaining = findings(readFileSync(report, 'utf8'));
for (const f of remaining) console.log(`finding: ${f.id} (${f.severity}, ${f.confidence}) at ${f.file}:${f.location}`);
for (const line of parseErrors) console.log(`not scanned: ${line.trim()}`);
const failed = remaining.length + parseErrors.length;
console.log(`electronegativity: ${remaining.length} unsuppressed finding(s), ${parseErrors.length} file(s) not parsed; report in test-results/electronegativity.csv`);
process.exit(failed === 0 ? 0 : 1);
