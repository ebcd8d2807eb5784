// `npm run bench -- collector-memory`: the headless collector's resident memory (RSS) during a run of
// 5,000 pages or more (the built collector, goal under 200 MB), and across 20 consecutive runs of the same
// study in one process (goal: no growth, run 20's peak within 20 MB of run 2's). The simulator runs in a process of
// its own over HTTP (followers unlimited, so lists are long), as the service would: this process is the
// collector alone, with its request log and the study's database on disk.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepHeapNearLive } from '../electron/collect/cli';
import { createCollector } from '../electron/collect/setup';
import { runOnce } from '../electron/collect/commands';
import { createOutput } from '../electron/collect/output';
import { createStudyFolder } from '../electron/studies/registry';

const root = mkdtempSync(join(tmpdir(), 'feedlens-bench-collector-memory-'));
const MB = 1024 * 1024;
try {
  const server = spawn(process.execPath, ['--import', 'tsx', 'electron/simulator/cli.ts', '--port', '0', '--seed', '7', '--all-followers'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let url = '';
  let key = '';
  for await (const line of createInterface({ input: server.stdout })) {
    url = /^Base URL: (.+)$/.exec(line)?.[1] ?? url;
    key = /^Demo key: (.+)$/.exec(line)?.[1] ?? key;
    if (url && key) break;
  }
  await fetch(`${url}/__control/balance`, { method: 'POST', body: JSON.stringify({ balance: 10_000_000, rate: 1000 }) });
  // The targets, chosen in a process of its own from the same seed's world (building it here would weigh
  // on this process's memory, which is the figure).
  const chooser = "import('./electron/simulator/service.ts').then(({ createSimulator }) => console.log(JSON.stringify(createSimulator({ seed: 7 }).world.users.filter((u) => u.tier === 'main' && !u.isPrivate).slice(0, 150).map((u) => [u.pk, u.username]))))";
  const accounts = (JSON.parse(execFileSync(process.execPath, ['--no-warnings', '--import', 'tsx', '-e', chooser], { encoding: 'utf8' })) as [string, string][]).map(([pk, username]) => ({ pk, username }));
  const folder = join(root, 'study');
  const study = createStudyFolder(folder, { name: 'Memory', description: '', adhoc: false, appVersion: 'bench', now: Date.now() });
  const insert = study.db.prepare("INSERT INTO targets (kind, key, label, username, lists, added_at) VALUES ('account', ?, ?, ?, ?, ?)");
  for (const u of accounts) insert.run(u.pk, `@${u.username}`, u.username, JSON.stringify(['posts', 'reels', 'tagged', 'comments', 'followers', 'following', 'highlights']), Date.now());
  study.db.close();

  // 1. The built collector (plain Node, as a server runs it) over a first run of every list: its RSS as
  // `ps` sees it, every 200 ms.
  execFileSync(process.execPath, ['scripts/build-collect.mjs'], { stdio: 'ignore' });
  const data = join(root, 'data');
  mkdirSync(data, { recursive: true });
  writeFileSync(join(data, 'settings.json'), JSON.stringify({ baseUrl: url }));
  const env = { ...process.env, FEEDLENS_COLLECT_DATA: data, FEEDLENS_KEY: key, FEEDLENS_KEY_FILE: '' };
  const started = performance.now();
  const child = spawn(process.execPath, [...(process.env.COLLECT_NODE_FLAGS ? process.env.COLLECT_NODE_FLAGS.split(' ') : []), '--no-warnings', 'out/collect/feedlens-collect.js', 'run', folder, '--budget', '100000', '--json'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let childPeak = 0;
  const rss = () => Number(execFileSync('ps', ['-o', 'rss=', '-p', String(child.pid)], { encoding: 'utf8' }).trim() || 0) * 1024;
  const sampler = setInterval(() => {
    try {
      childPeak = Math.max(childPeak, rss());
    } catch {
      // the process just ended
    }
  }, 200);
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  await new Promise((done) => child.on('exit', done));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const firstRun = output.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; pages?: number }).find((l) => l.type === 'run');
  const pages = firstRun?.pages ?? 0;

  // 2. Twenty runs in one process (as `schedule` makes them), the world moving on between them: the
  // collector's core in this process (with the collector's heap setting), its peak RSS per run.
  keepHeapNearLive();
  const c = await createCollector({ demo: false, spends: true, env, log: () => undefined });
  const out = createOutput({ json: true, tty: false, write: () => undefined, writeError: (t) => process.stderr.write(t) });
  let peak = 0;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const peaks: number[] = [];
  for (let i = 0; i < 20; i++) {
    await fetch(`${url}/__control/clock`, { method: 'POST', body: JSON.stringify({ advanceMs: 6 * 3_600_000 }) });
    peak = 0;
    globalThis.gc?.();
    await runOnce(c, folder, 100_000, out);
    peaks.push(peak);
  }
  clearInterval(sample);
  await c.stop();
  server.kill('SIGTERM');
  const mb = (n: number) => (n / MB).toFixed(0);
  console.log(`collector-memory: built collector, first run of ${pages} pages (${accounts.length} accounts, every list) in ${seconds.toFixed(0)} s: peak RSS ${mb(childPeak)} MB`);
  console.log(`collector-memory: 20 later runs in one process, peak RSS per run: ${peaks.map(mb).join(', ')} MB`);
  console.log(`bench: collector-memory run of ${pages} pages peak ${mb(childPeak)} MB (goal under 200 MB, at least 5000 pages) ${childPeak < 200 * MB && pages >= 5000 ? 'ok' : 'MISS'}`);
  const grew = (peaks.at(-1)! - peaks[1]!) / MB;
  console.log(`bench: collector-memory 20 runs growth ${grew.toFixed(0)} MB from run 2 to run 20 (goal within 20 MB) ${grew <= 20 ? 'ok' : 'MISS'}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
