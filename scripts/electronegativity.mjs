#!/usr/bin/env node
// The Electron security scan of `npm test`: runs Electronegativity over electron/ and fails while any
// finding remains. A finding is either fixed or suppressed on its own line in the source with
// `// eng-disable CHECK_ID` and the reason next to it (a comment on the file's first line covers the
// whole file; the ID of a global check, e.g. CSP_GLOBAL_CHECK, works on the line it points at).
//
// Electronegativity breaks when it loads a current TypeScript, so it lives in its own folder with
// typescript 4.9 (.tools/, gitignored), installed on first use. Offline it prints "No connectivity?"
// (it cannot fetch the list of Electron releases) and carries on; -e gives it our Electron version.
//
// Its CSV writer races (the header is written after the rows, asynchronously, and may overwrite them),
// so it writes SARIF here, and the CSV in test-results/ is written from that.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const scanned = join(root, 'electron');
const toolDir = join(root, '.tools', 'electronegativity');
const cli = join(toolDir, 'node_modules', '@doyensec', 'electronegativity', 'dist', 'index.js');
const results = join(root, 'test-results');
const sarif = join(results, 'electronegativity.sarif');
const csv = join(results, 'electronegativity.csv');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(cli)) {
  console.log('electronegativity: installing into .tools/electronegativity (first run)');
  mkdirSync(toolDir, { recursive: true });
  const install = spawnSync(
    npm,
    ['install', '--prefix', toolDir, '--no-audit', '--no-fund', '@doyensec/electronegativity@1.10.3', 'typescript@4.9.5'],
    { cwd: root, stdio: 'inherit' },
  );
  if (install.status !== 0 || !existsSync(cli)) {
    console.error('electronegativity: could not install it');
    process.exit(1);
  }
}

const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
mkdirSync(results, { recursive: true });
rmSync(sarif, { force: true });
const run = spawnSync(process.execPath, [cli, '-i', 'electron', '-o', sarif, '-r', '-v', 'false', '-e', electronVersion], {
  cwd: root,
  encoding: 'utf8',
  env: { ...process.env, FORCE_COLOR: '0' },
});
process.stdout.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
if (run.status !== 0 || !existsSync(sarif)) {
  console.error(`electronegativity: the scan itself failed (exit ${run.status})`);
  process.exit(1);
}

// Every finding still in the report is one that is neither fixed nor suppressed.
const findings = JSON.parse(readFileSync(sarif, 'utf8')).runs.flatMap((r) => r.results ?? []).map((r) => {
  const where = r.locations?.[0]?.physicalLocation;
  const file = where?.artifactLocation?.uri ?? '';
  const line = where?.region?.startLine ?? 0;
  const global = file === '' || file.startsWith('file://');
  const sample = global ? '' : (readFileSync(join(scanned, file), 'utf8').split('\n')[line - 1] ?? '').trim();
  return { id: r.ruleId, level: r.level, file: global ? 'N/A' : file, line, column: where?.region?.startColumn ?? 0, sample, description: r.message?.text ?? '' };
});

// It skips a file it cannot parse without a word; a file it did not parse is a file it did not check.
// Parse every file it reads with its own parser, the same way, and count each failure as a finding.
const { Parser } = createRequire(import.meta.url)(join(cli, '..', 'parser', 'parser.js'));
const parser = new Parser(false, true);
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path);
    return /\.(js|jsx|ts|tsx|html|htm)$/.test(e.name) ? [path] : [];
  });
}
for (const file of sources(scanned)) {
  try {
    parser.parse(file, readFileSync(file));
  } catch (error) {
    findings.push({ id: 'PARSE_ERROR', level: 'error', file: relative(scanned, file), line: 0, column: 0, sample: '', description: `not scanned: ${error.message}` });
  }
}

const cell = (v) => `"${String(v).replace(/"/g, '""')}"`;
writeFileSync(
  csv,
  ['issue,level,filename,location,sample,description', ...findings.map((f) => [f.id, f.level, f.file, `${f.line}:${f.column}`, f.sample, f.description].map(cell).join(','))].join('\n') + '\n',
);
for (const f of findings) console.log(`finding: ${f.id} at electron/${f.file}:${f.line}:${f.column}  ${f.sample || f.description}`);
console.log(`electronegativity: ${findings.length} unsuppressed finding(s); report in test-results/electronegativity.csv`);
process.exit(findings.length === 0 ? 0 : 1);
