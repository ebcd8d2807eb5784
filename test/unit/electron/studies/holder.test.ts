// One holder per study, with real processes: a study the headless collector holds opens read-only in the
// app, saying who holds it since when, and refuses to run or spend; killed with SIGKILL, its lease is
// taken over (its process is gone from this computer); a lease whose heartbeat went stale is taken over
// from another computer; a clean stop gives the lease up (and an app that opened the study read-only
// meanwhile takes it over at its next beat); of eight processes that want the lease at the
// same moment, exactly one gets it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { openDb } from '../../../../electron/studies/db';
import { holderOf, STALE_AFTER_MS } from '../../../../electron/studies/holder';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';

const ROOT = resolve(import.meta.dirname, '../../../..');
const ctx = { senderId: 1 };
let sim: Simulator;
let root: string;
let folder: string;
const children: ChildProcess[] = [];
const cores: AppCore[] = [];

beforeAll(async () => {
  sim = createSimulator({ seed: 3 });
  root = mkdtempSync(join(tmpdir(), 'feedlens-holder-'));
  folder = join(root, 'study');
  // The study is made by a first app, which then quits (giving its lease up).
  const first = await app('app-1');
  const made = await first.handlers.studyCreate({ name: 'Shared', description: '' }, ctx);
  expect(made.readOnly).toBeNull();
  await first.stop();
  cores.splice(cores.indexOf(first), 1);
});
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const c of cores.splice(0)) await c.stop();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function app(name: string, leaseBeatMs?: number): Promise<AppCore> {
  const core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, join(root, name), {
      ask: createAskRecorder('confirm').ask,
      pickFolder: async () => folder,
      ...(leaseBeatMs !== undefined ? { leaseBeatMs } : {}),
    }),
  );
  await core.start();
  cores.push(core);
  return core;
}

/** The collector in a process of its own, holding the study once it printed OPENED. */
async function collector(): Promise<{ child: ChildProcess; opened: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/holder-child.ts', 'hold', join(root, `collector-${children.length}`), folder, 'collector'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  for await (const line of createInterface({ input: child.stdout! })) if (line.startsWith('OPENED ')) return { child, opened: line.slice(7) };
  throw new Error('the collector did not open the study');
}

const exited = (child: ChildProcess) => new Promise<number | null>((done) => (child.exitCode !== null ? done(child.exitCode) : child.on('exit', (code) => done(code))));

describe('one holder per study', () => {
  it('a study the collector holds opens read-only in the app, naming the collector, and runs nothing', async () => {
    const { child, opened } = await collector();
    expect(opened).toBe('held');
    const core = await app('app-2');
    const study = await core.handlers.studyOpenFolder({}, ctx);
    expect(study.readOnly).toMatch(new RegExp(`^the headless collector \\(feedlens-collect\\) on .+ \\(process ${child.pid}\\) since \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC collects this study: it is open read-only here\\.$`));
    // Its data can be read; nothing is run, spent or written.
    expect((await core.handlers.studyGet({ id: study.id }, ctx)).study.name).toBe('Shared');
    await expect(core.handlers.studyRunStart({ id: study.id, budget: 10 }, ctx)).rejects.toMatchObject({ kind: 'validation', message: expect.stringContaining('collects this study') });
    await expect(core.handlers.studyScheduleSet({ id: study.id, everyHours: 6, dailyBudget: 10 }, ctx)).rejects.toMatchObject({ kind: 'validation' });
    await expect(core.handlers.studyTargetsAdd({ id: study.id, text: '#coffee', collect: { lists: ['posts'], since: null, until: null, maxUnitsPerRun: null } }, ctx)).rejects.toMatchObject({ kind: 'validation' });
    // A write no handler checks for is refused by SQLite itself, in plain words.
    await expect(core.handlers.studyCodeSave({ id: study.id, name: 'x', description: '', color: '', shortcut: '' }, ctx)).rejects.toMatchObject({ message: expect.stringContaining('open read-only here') });

    // A clean stop of the collector gives the lease up: the next app to open the study holds it.
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    const db = openDb(join(folder, 'study.sqlite'), { appVersion: 'test' });
    expect(holderOf(db)).toBeNull();
    db.close();
    const next = await app('app-3');
    expect((await next.handlers.studyOpenFolder({}, ctx)).readOnly).toBeNull();
  });

  it('an app that opened the study read-only takes it over once the collector stops, and can run it', async () => {
    const { child } = await collector();
    const core = await app('app-7', 100);
    const study = await core.handlers.studyOpenFolder({}, ctx);
    expect(study.readOnly).toMatch(/collects this study/);
    // Still held: a few beats later it is still read-only.
    await new Promise((r) => setTimeout(r, 400));
    expect((await core.handlers.studyGet({ id: study.id }, ctx)).study.readOnly).toMatch(/collects this study/);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    for (let i = 0; i < 100 && (await core.handlers.studyGet({ id: study.id }, ctx)).study.readOnly !== null; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await core.handlers.studyGet({ id: study.id }, ctx)).study.readOnly).toBeNull();
    const db = openDb(join(folder, 'study.sqlite'), { appVersion: 'test' });
    expect(holderOf(db)).toMatchObject({ program: 'app', pid: process.pid });
    db.close();
    await core.handlers.studyTargetsAdd({ id: study.id, text: '#coffee', collect: { lists: ['posts'], since: null, until: null, maxUnitsPerRun: null } }, ctx);
    expect(await core.handlers.studyRunStart({ id: study.id, budget: 5 }, ctx)).toMatchObject({ state: 'running' });
  });

  it('killed with SIGKILL, the collector’s lease is taken over: its process is gone from this computer', async () => {
    const { child } = await collector();
    child.kill('SIGKILL');
    await exited(child);
    const core = await app('app-4');
    const study = await core.handlers.studyOpenFolder({}, ctx);
    expect(study.readOnly).toBeNull();
    const db = openDb(join(folder, 'study.sqlite'), { appVersion: 'test' });
    expect(holderOf(db)).toMatchObject({ program: 'app', pid: process.pid });
    db.close();
  });

  it('a lease from another computer is taken over once its heartbeat is older than the stale limit, not before', async () => {
    const db = openDb(join(folder, 'study.sqlite'), { appVersion: 'test' });
    const lease = db.prepare("INSERT OR REPLACE INTO holder (id, token, program, host, pid, since, heartbeat) VALUES (1, 'other', 'collector', 'lab-server', 1, ?, ?)");
    lease.run(Date.now() - 3_600_000, Date.now() - STALE_AFTER_MS + 30_000);
    const fresh = await app('app-5');
    expect((await fresh.handlers.studyOpenFolder({}, ctx)).readOnly).toMatch(/on lab-server \(process 1\)/);
    await fresh.stop();
    cores.splice(cores.indexOf(fresh), 1);
    lease.run(Date.now() - 3_600_000, Date.now() - STALE_AFTER_MS - 1000);
    db.close();
    const later = await app('app-6');
    expect((await later.handlers.studyOpenFolder({}, ctx)).readOnly).toBeNull();
  });

  it('of eight processes that want the lease at the same moment, exactly one gets it', async () => {
    const db = openDb(join(folder, 'study.sqlite'), { appVersion: 'test' });
    db.exec('DELETE FROM holder');
    db.close();
    const at = Date.now() + 1500;
    const runs = Array.from({ length: 8 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/holder-child.ts', 'contend', folder, String(at)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      return new Promise<string>((done) => {
        let out = '';
        child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
        child.on('exit', () => done(out.trim()));
      });
    });
    const results = await Promise.all(runs);
    expect(results.filter((r) => r === 'WON')).toHaveLength(1);
    expect(results.filter((r) => r === 'LOST')).toHaveLength(7);
  });
});
