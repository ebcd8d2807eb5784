#!/usr/bin/env node
// `npm test`: every check in order: lint, typecheck, unit tests (with coverage), keychain integration,
// production build, the packaged app, Electron security scan, end-to-end suite. Every stage runs even
// when an earlier one failed, so one run shows everything that is wrong. Totals go to test-results/summary.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });

/** Reads a Vitest JSON report into counts; a missing report (the runner crashed) counts as one failure. */
function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const failedSuites = (r.testResults ?? []).filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
  return {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + failedSuites,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const stages = [
  { name: 'lint', cmd: [npx, 'eslint', '--max-warnings', '0', '.'] },
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  {
    name: 'unit',
    report: join(results, 'unit.json'),
    cmd: [npx, 'vitest', 'run', '--config', 'vitest.config.ts', '--coverage', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'unit.json')}`],
  },
  { name: 'keychain', report: join(results, 'keychain.json'), cmd: ['node', 'scripts/keychain-test.mjs'], optionalScript: 'scripts/keychain-test.mjs' },
  { name: 'build', cmd: [npx, 'electron-vite', 'build'] },
  {
    name: 'package',
    report: join(results, 'packaged-app.json'),
    cmd: [npx, 'vitest', 'run', '--config', 'vitest.package.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'packaged-app.json')}`],
  },
  { name: 'security', cmd: ['node', 'scripts/electronegativity.mjs'], optionalScript: 'scripts/electronegativity.mjs' },
  { name: 'e2e', report: join(results, 'e2e.json'), cmd: ['node', 'scripts/e2e.mjs'] },
];

const only = process.argv.slice(2);
const summary = [];
for (const stage of stages) {
  if (only.length && !only.includes(stage.name)) continue;
  if (stage.optionalScript && !existsSync(join(root, stage.optionalScript))) continue;
  if (stage.report) rmSync(stage.report, { force: true });
  console.log(`\n=== ${stage.name} ===`);
  const started = Date.now();
  let ok = true;
  for (const cmd of [stage.cmd, stage.then].filter(Boolean)) {
    const run = spawnSync(cmd[0], cmd.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
    ok = ok && run.status === 0;
  }
  // Stages without their own test report count as one check each.
  const counts = stage.report ? vitestCounts(stage.report) : { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  if (!ok && counts.failed === 0) counts.failed = 1; // the runner failed outside any test
  summary.push({ stage: stage.name, ok, seconds: Math.round((Date.now() - started) / 100) / 10, ...counts });
}

const total = summary.reduce((t, s) => ({ passed: t.passed + s.passed, failed: t.failed + s.failed, skipped: t.skipped + s.skipped }), { passed: 0, failed: 0, skipped: 0 });
writeFileSync(join(results, 'summary.json'), JSON.stringify({ stages: summary, total }, null, 2));
console.log('\n=== summary ===');
for (const s of summary) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.stage.padEnd(10)} ${String(s.passed).padStart(5)} passed ${String(s.failed).padStart(3)} failed ${String(s.skipped).padStart(3)} skipped  ${s.seconds}s`);
console.log(`all suites: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(summary.every((s) => s.ok) ? 0 : 1);
