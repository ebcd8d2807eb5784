#!/usr/bin/env node
// `npm run bench`: runs every benchmark script (scripts/bench-*.ts, .mjs or .js) in turn, one process
// each, and ends with one summary of the goal lines they printed:
//   bench: <name> <figure> (goal <goal>) ok|MISS
// A benchmark may print any other figures; only those lines are gathered. Exit code 1 when a goal is
// missed or a script failed. `npm run bench -- json export` runs only the scripts whose name has one of
// those words.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const words = process.argv.slice(2);
const scripts = readdirSync(dir)
  .filter((name) => /^bench-.+\.(ts|mts|mjs|js)$/.test(name))
  .filter((name) => words.length === 0 || words.some((w) => name.includes(w)))
  .sort();

/** Runs one script with its output passed through; resolves with its goal lines and exit code. */
function run(name) {
  const args = ['--expose-gc', ...(/\.m?ts$/.test(name) ? ['--import', 'tsx'] : []), join(dir, name)];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: join(dir, '..'), stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = [];
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) if (line.startsWith('bench: ')) lines.push(line.trimEnd());
    });
    child.on('close', (code, signal) => {
      if (pending.startsWith('bench: ')) lines.push(pending.trimEnd());
      resolve({ lines, code: code ?? (signal ? 1 : 0), signal });
    });
  });
}

const goals = [];
const failed = [];
for (const name of scripts) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { lines, code, signal } = await run(name);
  console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(1)} s${code !== 0 ? `, exit ${signal ?? code}` : ''})`);
  goals.push(...lines);
  if (code !== 0) failed.push(`${name} (exit ${signal ?? code})`);
}

const missed = goals.filter((line) => / MISS$/.test(line));
console.log('\n=== summary: one line per goal ===');
for (const line of goals) console.log(line);
if (goals.length === 0) console.log('(no goal lines)');
console.log(`${goals.length - missed.length} of ${goals.length} goals met${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exitCode = missed.length > 0 || failed.length > 0 ? 1 : 0;
