// The built headless collector (out/collect/feedlens-collect.js) in child processes, against the simulator
// over HTTP with a key from a key file: a run within its budget (exit code, units against the request
// log); SIGKILL in the middle of a run, then `run` again: every follower once; SIGTERM mid-run exits 0 and
// the run goes on at the next `run`; a second collector on the same study is refused, naming the holder;
// a stale lease is taken over; the webhook receives the run's alert; a key file others can read is refused;
// and the study opens in the app with the collector's runs.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core';
import { createStudyFolder } from '../../../../electron/studies/registry';
import { startSimulatorServer, type SimulatorServer } from '../../../../electron/simulator/http';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import { testCoreOptions } from '../../../support/core-options';
import { collect, COLLECTOR_BIN, jsonLines } from '../../../support/collect-child';

const ROOT = resolve(import.meta.dirname, '../../../..');
let server: SimulatorServer;
let root: string;
let keyFile: string;

beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/build-collect.mjs'], { cwd: ROOT, stdio: 'ignore' });
  server = await startSimulatorServer({ seed: 7, followerLimit: false });
  root = mkdtempSync(join(tmpdir(), 'feedlens-collect-'));
  keyFile = join(root, 'key');
  writeFileSync(keyFile, `${server.sim.demoKey}\n`, { mode: 0o600 });
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** A study folder with these accounts' followers as its targets, and a collector data folder pointed at the simulator. */
function setUp(name: string, users: WorldUser[]): { folder: string; env: NodeJS.ProcessEnv } {
  const folder = join(root, name);
  const created = createStudyFolder(folder, { name, description: '', adhoc: false, appVersion: 'test', now: Date.now() });
  const now = Date.now();
  for (const u of users) {
    created.db
      .prepare("INSERT INTO targets (kind, key, label, username, lists, added_at) VALUES ('account', ?, ?, ?, ?, ?)")
      .run(u.pk, `@${u.username}`, u.username, JSON.stringify(['followers']), now);
  }
  created.db.close();
  const data = join(root, `${name}-data`);
  mkdirSync(data, { recursive: true });
  writeFileSync(join(data, 'settings.json'), JSON.stringify({ baseUrl: server.url }));
  return { folder, env: { ...process.env, FEEDLENS_COLLECT_DATA: data, FEEDLENS_KEY_FILE: keyFile, FEEDLENS_KEY: '' } };
}

const result = (out: string) => jsonLines(out).find((l) => l.type === 'run') as { run: number; state: string; units: number; budget: number };

function ledgerUnits(env: NodeJS.ProcessEnv): number {
  const dir = join(env.FEEDLENS_COLLECT_DATA!, 'ledger');
  let units = 0;
  for (const f of readdirSync(dir)) for (const l of readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean)) units += (JSON.parse(l) as { units: number }).units;
  return units;
}

/** Each account's followers in the study (its list's rows), and whether any row is there twice. */
function followersIn(folder: string): { byAccount: Record<string, number>; twice: number; run: string } {
  const db = new DatabaseSync(join(folder, 'study.sqlite'), { readOnly: true });
  const rows = db.prepare("SELECT t.key, li.record_id FROM list_items li JOIN targets t ON t.id = li.target_id WHERE li.list = 'followers'").all() as { key: string; record_id: number }[];
  const runs = (db.prepare('SELECT state FROM runs ORDER BY id').all() as { state: string }[]).map((r) => r.state).join(',');
  db.close();
  const byAccount: Record<string, number> = {};
  for (const r of rows) byAccount[r.key] = (byAccount[r.key] ?? 0) + 1;
  return { byAccount, twice: rows.length - new Set(rows.map((r) => `${r.key}/${r.record_id}`)).size, run: runs };
}

const worldFollowers = (users: WorldUser[]) => Object.fromEntries(users.map((u) => [u.pk, u.followers.length]));

const bigAccounts = (n: number) => server.sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.followers.length >= 150 && u.followers.length <= 400).slice(0, n);

describe('feedlens-collect', () => {
  it('runs within its budget: exit 0, the units the request log holds, every follower once; the app then opens the study with the run', async () => {
    const [u] = bigAccounts(1);
    const { folder, env } = setUp('within', [u!]);
    const ran = await collect(['run', folder, '--budget', '200', '--json'], env);
    expect(ran.code).toBe(0);
    const run = result(ran.stdout);
    expect(run).toMatchObject({ state: 'done', budget: 200 });
    expect(run.units).toBeLessThanOrEqual(200);
    expect(ledgerUnits(env)).toBe(run.units);
    expect(jsonLines(ran.stdout).some((l) => l.type === 'alert' && l.alert === 'run_finished')).toBe(true);
    expect(followersIn(folder)).toMatchObject({ byAccount: worldFollowers([u!]), twice: 0 });

    // The app opens the collector's study, with its run.
    const core = createAppCore(testCoreOptions({ baseUrl: server.url, fetch, key: server.sim.demoKey }, join(root, 'app-data'), { pickFolder: async () => folder }));
    await core.start();
    const info = await core.handlers.studyOpenFolder({}, { senderId: 1 });
    expect(info).toMatchObject({ readOnly: null, lastRun: { id: run.run, state: 'done' } });
    await core.stop();
  });

  it('stops at its budget with exit 3, spending no more than it', async () => {
    const [u] = bigAccounts(1);
    const { folder, env } = setUp('budget', [u!]);
    const ran = await collect(['run', folder, '--budget', '3', '--json'], env);
    expect(ran.code).toBe(3);
    expect(result(ran.stdout)).toMatchObject({ state: 'stopped_budget', units: 3 });
    expect(ledgerUnits(env)).toBe(3);
  });

  it('killed with SIGKILL mid-run, then run again: every follower once, nothing lost', async () => {
    const users = bigAccounts(2);
    const { folder, env } = setUp('killed', users);
    server.sim.faults.set({ latencyMs: 300 }); // pages slow enough to be killed between
    const killed = await collect(['run', folder, '--budget', '500', '--json'], env, (out, kill) => {
      if (jsonLines(out).some((l) => l.type === 'progress' && (l.pages as number) >= 2)) kill('SIGKILL');
    });
    server.sim.faults.clear();
    expect(killed.signal).toBe('SIGKILL');
    expect(followersIn(folder).run).toBe('running');
    const again = await collect(['run', folder, '--budget', '500', '--json'], env);
    expect(again.code).toBe(0);
    expect(followersIn(folder)).toEqual({ byAccount: worldFollowers(users), twice: 0, run: 'done' });
  });

  it('SIGTERM mid-run exits 0, and the next run goes on where it stopped', async () => {
    const [u] = bigAccounts(1);
    const { folder, env } = setUp('sigterm', [u!]);
    server.sim.faults.set({ latencyMs: 300 });
    const stopped = await collect(['run', folder, '--budget', '500', '--json'], env, (out, kill) => {
      if (jsonLines(out).some((l) => l.type === 'progress' && (l.pages as number) >= 2)) kill('SIGTERM');
    });
    server.sim.faults.clear();
    expect(stopped.code).toBe(0);
    expect(followersIn(folder).run).toBe('running');
    const again = await collect(['run', folder, '--budget', '500'], env);
    expect(again.stdout).toMatch(/was under way when the collector stopped: it goes on/);
    expect(again.code).toBe(0);
    expect(followersIn(folder)).toEqual({ byAccount: worldFollowers([u!]), twice: 0, run: 'done' });
  });

  it('a second collector on the same study is refused with the holder named (exit 5); a stale lease is taken over', async () => {
    const [u] = bigAccounts(1);
    const { folder, env } = setUp('held', [u!]);
    const holding = spawn(process.execPath, ['--no-warnings', COLLECTOR_BIN, 'schedule', folder, '--daily-budget', '10', '--every', '24'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((ready) => holding.stdout.on('data', (b: Buffer) => b.toString().includes('every 24 h') && ready()));
    const second = await collect(['run', folder, '--budget', '10'], { ...env, FEEDLENS_COLLECT_DATA: `${env.FEEDLENS_COLLECT_DATA}-2` });
    expect(second.code).toBe(5);
    expect(second.stderr).toContain(`the headless collector (feedlens-collect) on `);
    expect(second.stderr).toContain(`(process ${holding.pid})`);
    // A command that only reads works meanwhile, and neither holds the study nor resumes anything.
    const status = await collect(['status', folder, '--json'], { ...env, FEEDLENS_COLLECT_DATA: `${env.FEEDLENS_COLLECT_DATA}-2` });
    expect(status.code).toBe(0);
    expect(jsonLines(status.stdout)[0]).toMatchObject({ type: 'status', study: 'held', readOnly: 'This command only reads the study.' });
    holding.kill('SIGTERM');
    expect(await new Promise((done) => holding.on('exit', done))).toBe(0);

    // A lease left by a collector on another computer whose heartbeat stopped long ago.
    const db = new DatabaseSync(join(folder, 'study.sqlite'));
    db.prepare("INSERT OR REPLACE INTO holder (id, token, program, host, pid, since, heartbeat) VALUES (1, 'gone', 'collector', 'lab-server', 1, ?, ?)").run(Date.now() - 86_400_000, Date.now() - 3_600_000);
    db.close();
    const taken = await collect(['run', folder, '--budget', '300'], env);
    expect(taken.code).toBe(0);
  });

  it('posts the run’s alert to the webhook, and goes on when the webhook fails', async () => {
    const [u] = bigAccounts(1);
    const { folder, env } = setUp('webhook', [u!]);
    const received: unknown[] = [];
    const hook: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const port = (hook.address() as { port: number }).port;
    const ran = await collect(['run', folder, '--budget', '300', '--webhook', `http://127.0.0.1:${port}/hook`], env);
    hook.close();
    expect(ran.code).toBe(0);
    expect(received).toEqual([expect.objectContaining({ source: 'feedlens-collect', alert: 'run_finished', study: 'webhook', run: 1 })]);
    expect(JSON.stringify(received)).not.toContain(server.sim.demoKey);
    // Nothing listens there now: said on standard error, and the run still ends well.
    const again = await collect(['run', folder, '--budget', '50', '--webhook', `http://127.0.0.1:${port}/hook`], env);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('did not take the alert');
  }, 30_000);

  it('refuses a key file other users can read, and bad input, before opening anything', async () => {
    const { folder, env } = setUp('refused', bigAccounts(1));
    const loose = join(root, 'loose-key');
    writeFileSync(loose, server.sim.demoKey);
    chmodSync(loose, 0o644);
    const ran = await collect(['run', folder, '--budget', '10'], { ...env, FEEDLENS_KEY_FILE: loose });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`chmod 600 ${loose}`);
    expect(ran.stderr + ran.stdout).not.toContain(server.sim.demoKey);
    expect((await collect(['run', folder], env)).code).toBe(2);
    expect((await collect(['run', folder, '--budget', 'lots'], env)).code).toBe(2);
    expect((await collect(['export', folder, '--format', 'xls'], env)).code).toBe(2);
    expect((await collect(['launch'], env)).code).toBe(2);
  });
});
