// The built headless collector (out/collect/feedlens-collect.js) in a child process, for tests: its exit,
// its output, and a hook that sees the output as it comes and may kill it.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
export const COLLECTOR_BIN = join(ROOT, 'out/collect/feedlens-collect.js');

export interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the collector; `until` sees its output as it comes and may kill it. */
export function collect(args: string[], env: NodeJS.ProcessEnv, until?: (out: string, kill: (s: NodeJS.Signals) => void) => void): Promise<Ran> {
  const child = spawn(process.execPath, ['--no-warnings', COLLECTOR_BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => {
    stdout += b.toString();
    until?.(stdout, (s) => child.kill(s));
  });
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  return new Promise((done) => child.on('exit', (code, signal) => done({ code, signal, stdout, stderr })));
}

/** The collector's --json output, a line each. */
export const jsonLines = (out: string): Record<string, unknown>[] =>
  out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
