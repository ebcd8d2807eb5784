// A study database locked by another program: a child process holds its write lock (BEGIN EXCLUSIVE
// through node:sqlite) while main, through the real core and IPC handlers, commits a run's page, adds a
// target, sets a schedule, resumes, renames, and opens a study whose migrations must write. Each gets the
// plain-words "in use by another program" error (the run pauses with it), nothing is asked or spent for
// what could not be stored, and main's event loop is never blocked for 100 ms or more: measured with
// perf_hooks.monitorEventLoopDelay and a 2 ms interval's longest gap. Once the lock is gone, resume
// finishes the run with every item once.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { openDb, setMeta } from '../../../../electron/studies/db';
import { nextTurn } from '../../../../electron/studies/db-errors';
import { MIGRATIONS } from '../../../../electron/studies/schema';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import type { RunInfo } from '../../../../shared/ipc/studies';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';

const ctx = { senderId: 1 };
const IN_USE = /^This study is in use by another program \(.+\): close it there and try again\.$/;
let sim: Simulator;
let dataDir: string;
let core: AppCore;
let makeCore: () => AppCore;
const asks = createAskRecorder('confirm');
let picked: string | null = null;
/** Runs before a request to the service goes out (the test takes the lock there). */
let beforeRequest: ((url: string) => Promise<void>) | null = null;

beforeAll(async () => {
  sim = createSimulator({ seed: 7, followerLimit: false });
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-locked-'));
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    await beforeRequest?.(String(input instanceof Request ? input.url : input));
    return sim.handle(new Request(input, init));
  };
  makeCore = () => createAppCore(testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch, key: sim.demoKey }, dataDir, { ask: asks.ask, pickFolder: async () => picked }));
  core = makeCore();
  await core.start();
});
afterAll(async () => {
  await core?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// Another program: a node process holding the database's write lock until it is told to let go.
const HOLDER = `
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(process.argv[1]);
db.exec('PRAGMA busy_timeout = 5000');
db.exec('BEGIN EXCLUSIVE');
process.stdout.write('LOCKED\\n');
process.stdin.once('data', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });
`;

interface Lock {
  release(): Promise<void>;
}

async function lock(file: string): Promise<Lock> {
  const child: ChildProcess = spawn(process.execPath, ['--no-warnings', '-e', HOLDER, file], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  for await (const line of createInterface({ input: child.stdout! })) if (line === 'LOCKED') break;
  return {
    async release() {
      child.stdin!.write('go\n');
      expect(await exited).toBe(0);
    },
  };
}

/** The longest the event loop was blocked while it was on, in ms: the histogram's max and the interval's longest gap. */
function blockMeter(): { stop(): { eld: number; gap: number } } {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let last = performance.now();
  let gap = 0;
  const interval = setInterval(() => {
    const t = performance.now();
    gap = Math.max(gap, t - last);
    last = t;
  }, 2);
  return {
    stop() {
      histogram.disable();
      clearInterval(interval);
      return { eld: histogram.max / 1e6, gap: Math.max(gap, performance.now() - last) };
    },
  };
}

/** A handler called as an IPC message arrives: with the I/O of a turn of the event loop, as Electron delivers each. */
async function ipc<T>(call: () => Promise<T>): Promise<T> {
  await nextTurn();
  return call();
}

async function stopped(studyId: string): Promise<RunInfo> {
  for (let i = 0; i < 400; i++) {
    const run = (await core.handlers.studyGet({ id: studyId }, ctx)).runs[0];
    if (run && run.state !== 'running') return run;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the run did not stop');
}

describe('a study database locked by another program', () => {
  it('pauses the run and refuses each write with "in use by another program", never blocking the event loop 100 ms; after the lock, resume finishes the run', async () => {
    const u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.followers.length >= 200 && x.followers.length <= 400)!;
    const other = sim.world.users.find((x) => x.tier === 'main' && x.pk !== u.pk)!;
    picked = join(dataDir, 'Neighbourhood');
    const study = await core.handlers.studyCreate({ name: 'Neighbourhood', description: '' }, ctx);
    await core.handlers.studyTargetsAdd({ id: study.id, text: `user:${u.pk}`, collect: { lists: ['followers'], since: null, until: null, maxUnitsPerRun: null } }, ctx);

    // An older study: opening it migrates its database, which writes.
    const oldFolder = join(dataDir, 'Older');
    mkdirSync(oldFolder);
    const old = openDb(join(oldFolder, 'study.sqlite'), { appVersion: 'old', migrations: MIGRATIONS.filter((m) => m.version === 1) });
    setMeta(old, 'study_id', 'study-older');
    old.close();
    // Starting a child process blocks the event loop itself: both programs start before anything is measured.
    const oldHeld = await lock(join(oldFolder, 'study.sqlite'));

    // Each round: the other program takes the lock while the run's next page is on its way, then main
    // tries its writes. The longest block of a round is at most one lock wait plus however long the
    // machine kept the process waiting for a core: the best of up to three rounds must be under 100 ms.
    let held: Lock | null = null;
    let meter: ReturnType<typeof blockMeter> | null = null;
    const blocks: { eld: number; gap: number }[] = [];
    let runId = 0;
    for (let round = 0; round < 3 && !blocks.some((b) => Math.max(b.eld, b.gap) < 100); round++) {
      let requests = 0;
      beforeRequest = async () => {
        if (++requests !== (round === 0 ? 4 : 1)) return;
        held = await lock(study.database);
        meter = blockMeter();
      };
      if (round === 0) {
        runId = (await core.handlers.studyRunStart({ id: study.id, budget: 1000 }, ctx)).id;
      } else {
        await held!.release();
        await core.handlers.studyRunControl({ id: study.id, runId, action: 'resume' }, ctx);
      }
      const paused = await stopped(study.id);
      beforeRequest = null;
      expect(paused).toMatchObject({ id: runId, state: 'paused' });
      if (round === 0) expect(paused.pages).toBe(3);
      expect(paused.message).toMatch(/^This study is in use by another program \(.+\): close it there and resume the run\. What it collected so far is saved\.$/);

      const asked = asks.asked.length;
      const spent = sim.keys.spent(sim.demoKey);
      // A username to look up: refused before main's question, nothing spent.
      await expect(ipc(() => core.handlers.studyTargetsAdd({ id: study.id, text: `@${other.username}`, collect: { lists: ['posts'], since: null, until: null, maxUnitsPerRun: null } }, ctx))).rejects.toMatchObject({
        kind: 'internal', message: expect.stringMatching(IN_USE),
      });
      expect(asks.asked.length).toBe(asked);
      expect(sim.keys.spent(sim.demoKey)).toBe(spent);
      await expect(ipc(() => core.handlers.studyScheduleSet({ id: study.id, everyHours: 6, dailyBudget: 50 }, ctx))).rejects.toMatchObject({ message: expect.stringMatching(IN_USE) });
      await expect(ipc(() => core.handlers.studyRunControl({ id: study.id, runId, action: 'resume' }, ctx))).rejects.toMatchObject({ message: expect.stringMatching(IN_USE) });
      await expect(ipc(() => core.handlers.studyUpdate({ id: study.id, name: 'Renamed' }, ctx))).rejects.toMatchObject({ message: expect.stringMatching(IN_USE) });
      expect((await ipc(() => core.handlers.studyGet({ id: study.id }, ctx))).runs[0]).toMatchObject({ id: runId, state: 'paused' });
      picked = oldFolder;
      await expect(ipc(() => core.handlers.studyOpenFolder({}, ctx))).rejects.toMatchObject({ message: expect.stringMatching(IN_USE) });
      blocks.push(meter!.stop());
    }
    console.log(`locked database: longest event-loop block per round ${blocks.map((b) => `${b.eld.toFixed(1)} ms (histogram), ${b.gap.toFixed(1)} ms (interval gap)`).join('; ')}`);
    expect(Math.min(...blocks.map((b) => Math.max(b.eld, b.gap)))).toBeLessThan(100);

    await held!.release();
    await oldHeld.release();
    expect(await core.handlers.studyOpenFolder({}, ctx)).toMatchObject({ id: 'study-older', problem: null });
    await core.handlers.studyRunControl({ id: study.id, runId, action: 'resume' }, ctx);
    const run = await stopped(study.id);
    expect(run).toMatchObject({ id: runId, state: 'done', pages: 1 + Math.ceil(u.followers.length / 25) });
    const db = new DatabaseSync(study.database, { readOnly: true });
    try {
      const ids = db.prepare("SELECT r.id FROM list_items li JOIN records r ON r.rowid = li.record_id WHERE li.list = 'followers' ORDER BY r.rowid").all() as { id: string }[];
      expect(ids.map((r) => r.id)).toEqual(u.followers);
    } finally {
      db.close();
    }
  }, 60_000);

  it('a run that was running when the app stopped waits, saying so, when its study is locked at the next start; it resumes once the lock is gone', async () => {
    const study = (await core.handlers.studyList({}, ctx)).find((x) => x.name === 'Neighbourhood')!;
    const { id: runId } = await core.handlers.studyRunStart({ id: study.id, budget: 1000 }, ctx);
    await core.stop(); // the run's row still says "running", as after a crash
    const held = await lock(study.database);
    core = makeCore();
    await core.start();
    const waiting = (await core.handlers.studyGet({ id: study.id }, ctx)).runs[0];
    expect(waiting).toMatchObject({ id: runId, state: 'paused', message: expect.stringMatching(/^This study is in use by another program/) });
    await held.release();
    await core.handlers.studyRunControl({ id: study.id, runId, action: 'resume' }, ctx);
    expect(await stopped(study.id)).toMatchObject({ id: runId, state: 'done' });
  });
});
