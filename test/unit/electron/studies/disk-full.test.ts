// A full disk in the middle of a run or a re-check, made for real: `PRAGMA max_page_count` makes SQLite
// refuse to grow the study's file (SQLITE_FULL, "database or disk is full") and raising it again frees
// the space. The run stops saying so and what to do, is not left "running" (even when its stop cannot be
// written: main holds it), keeps every page committed before, and once there is room resume finishes it
// with every item once and every billed unit counted. A study export on a full disk (the file system's
// ENOSPC, injected) says so too.
import { readdirSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGrantStore } from '../../../../electron/studies/grants';
import { createChecker } from '../../../../electron/studies/checks';
import type { Db } from '../../../../electron/studies/db';
import { exportStudy } from '../../../../electron/studies/export';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import type { CheckInfo } from '../../../../shared/ipc/study-data';
import type { RunInfo } from '../../../../shared/ipc/studies';
import { finished, hooked, studySetup, type StudySetup } from './support';

// The file system, with a switch to make writes in one folder fail as a full disk does.
const failing: { folder: string | null } = { folder: null };
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsPromises>();
  const open: typeof real.open = async (path, ...rest) => {
    const handle = await real.open(path, ...rest);
    if (failing.folder === null || !String(path).startsWith(failing.folder)) return handle;
    const refuse = async () => {
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '${String(path)}'`), { code: 'ENOSPC' });
    };
    return Object.assign(handle, { writeFile: refuse, write: refuse });
  };
  return { ...real, open };
});

let sim: Simulator;
const setups: StudySetup[] = [];

beforeAll(() => {
  sim = createSimulator({ followerLimit: false });
});
afterAll(async () => {
  for (const s of setups) await s.close();
});

async function setup(): Promise<StudySetup> {
  const s = await studySetup(sim);
  setups.push(s);
  return s;
}

const DISK_FULL = /^The disk holding this study is full: free some space there, then resume the (run|re-check)\. What it collected so far is saved\.$/;
const ROOM = 1_073_741_823; // SQLite's default max_page_count

/** The file may not grow any more: every write that needs a new page fails with SQLITE_FULL. */
function fillDisk(db: Db): void {
  const { page_count: pages } = db.prepare('PRAGMA page_count').get() as { page_count: number };
  db.exec(`PRAGMA max_page_count = ${pages}`);
}

/** As `fillDisk`, and every update of `table` needs room too, as every write does on a disk that is full. */
function fillDiskForEveryWrite(db: Db, table: 'runs' | 'checks'): void {
  db.exec('CREATE TABLE IF NOT EXISTS test_filler (b BLOB)');
  db.exec(`CREATE TRIGGER test_every_write_grows BEFORE UPDATE ON ${table} BEGIN INSERT INTO test_filler VALUES (zeroblob(65536)); END`);
  fillDisk(db);
}

function freeSpace(db: Db): void {
  db.exec(`PRAGMA max_page_count = ${ROOM}`);
  db.exec('DROP TRIGGER IF EXISTS test_every_write_grows');
}

const stateInDb = (db: Db, table: 'runs' | 'checks', id: number) => (db.prepare(`SELECT state FROM ${table} WHERE id = ?`).get(id) as { state: string }).state;
const pagesOf = (s: StudySetup, runId: number) => (s.db.prepare('SELECT count(*) AS n FROM requests WHERE run_id = ?').get(runId) as { n: number }).n;

function follower(): WorldUser {
  return sim.world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.followers.length >= 150 && u.followers.length <= 400)!;
}

describe('a full disk in the middle of a run', () => {
  it('stops the run saying the disk is full and to resume; what was committed stays, and resume finishes it with every item once', async () => {
    const u = follower();
    const s = await setup();
    const id = s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['followers']);
    // The disk fills while the fourth page is on its way: three pages are in.
    const runner = s.runner({ calls: hooked(s.stack.calls, (n) => n === 4 && fillDisk(s.db)) });
    const started = runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null });
    const stopped = await finished(runner, started.id);

    expect(stopped.state).toBe('failed');
    expect(stopped.message).toMatch(DISK_FULL);
    expect(stateInDb(s.db, 'runs', started.id)).toBe('failed');
    expect(runner.active()).toBeNull();
    const kept = s.listIds(id, 'followers');
    expect(kept).toEqual(u.followers.slice(0, 50));
    expect(stopped.pages).toBe(3);
    expect(pagesOf(s, started.id)).toBe(3);

    freeSpace(s.db);
    runner.control(started.id, 'resume');
    const run = await finished(runner, started.id);
    expect(run.state).toBe('done');
    expect(s.listIds(id, 'followers')).toEqual(u.followers);
    expect(run.pages).toBe(1 + Math.ceil(u.followers.length / 25));
    expect(pagesOf(s, started.id)).toBe(run.pages);
    // The page lost to the full disk was billed: it counts, and it is not paid twice uncounted.
    expect(run.unitsSpent).toBe(sim.keys.spent(s.key));
  });

  it('when even the stop cannot be written, main holds it: not "running", resume refused while full, then written and finished once there is room', async () => {
    const u = follower();
    const s = await setup();
    const id = s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['followers']);
    const ended: RunInfo[] = [];
    const runner = s.runner({ calls: hooked(s.stack.calls, (n) => n === 4 && fillDiskForEveryWrite(s.db, 'runs')), ended: (r) => void ended.push(r) });
    const started = runner.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null });
    const stopped = await finished(runner, started.id);

    expect(stopped).toMatchObject({ state: 'failed', pages: 3 });
    expect(stopped.message).toMatch(DISK_FULL);
    // The database could not take the stop: it still says running, main says what happened.
    expect(stateInDb(s.db, 'runs', started.id)).toBe('running');
    expect(runner.table.list(10)[0]).toMatchObject({ id: started.id, state: 'failed' });
    expect(runner.table.detail(started.id)?.run.state).toBe('failed');
    expect(ended.map((r) => [r.state, r.message])).toEqual([['failed', stopped.message]]);
    expect(s.events.at(-1)).toMatchObject({ id: started.id, state: 'failed' });
    expect(s.listIds(id, 'followers')).toEqual(u.followers.slice(0, 50));
    expect(() => runner.control(started.id, 'resume')).toThrow(/disk is full/);

    freeSpace(s.db);
    // With room again the held stop is written first: a new run would not be refused.
    expect(runner.active()).toBeNull();
    expect(stateInDb(s.db, 'runs', started.id)).toBe('failed');
    runner.control(started.id, 'resume');
    const run = await finished(runner, started.id);
    expect(run.state).toBe('done');
    expect(stateInDb(s.db, 'runs', started.id)).toBe('done');
    expect(s.listIds(id, 'followers')).toEqual(u.followers);
    expect(s.db.prepare("SELECT count(*) - count(DISTINCT id) AS n FROM records WHERE kind = 'user'").get()).toEqual({ n: 0 });
    expect(pagesOf(s, started.id)).toBe(run.pages);
    expect(run.unitsSpent).toBe(sim.keys.spent(s.key));
  });
});

describe('a full disk in the middle of a re-check', () => {
  it('pauses it saying so, even when the pause cannot be written; resume checks every item once once there is room', async () => {
    const u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.posts.length >= 8 && x.posts.length <= 30)!;
    const s = await setup();
    s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['posts']);
    const runner = s.runner();
    expect((await finished(runner, runner.start({ trigger: 'manual', budget: 100, options: {}, estimate: null }).id)).state).toBe('done');

    const events: CheckInfo[] = [];
    const checker = createChecker({
      db: s.db, studyId: 'test-study-0001', calls: hooked(s.stack.calls, (n) => n === 3 && fillDiskForEveryWrite(s.db, 'checks')),
      grants: createGrantStore(s.dir, () => undefined).study('test-study-0001'), session: () => s.stack.session.info, emit: (c) => void events.push(c), log: () => undefined,
    });
    const spent = sim.keys.spent(s.key);
    const started = checker.start({ all: true }, 'everything');
    let check = (await checker.settled(started.id))!;
    expect(check).toMatchObject({ state: 'paused', checked: 2 });
    expect(check.message).toMatch(DISK_FULL);
    expect(stateInDb(s.db, 'checks', started.id)).toBe('running');
    expect(checker.list()[0]).toMatchObject({ id: started.id, state: 'paused' });
    expect(events.at(-1)).toMatchObject({ state: 'paused', message: check.message });
    expect(() => checker.control(started.id, 'resume')).toThrow(/disk is full/);

    freeSpace(s.db);
    checker.control(started.id, 'resume');
    check = (await checker.settled(started.id))!;
    // The item lost to the full disk was asked once more: with one unit per item authorised, the last item
    // would go past what the user confirmed, so the check stops there instead of spending it.
    expect(check).toMatchObject({ state: 'stopped', checked: check.items - 1 });
    expect(s.db.prepare('SELECT count(*) AS n FROM check_items WHERE check_id = ? AND status IS NULL').get(started.id)).toEqual({ n: 1 });
    expect(sim.keys.spent(s.key) - spent).toBe(check.items);
    await checker.close();
  });
});

describe('a study export on a full disk', () => {
  it('says the disk holding the study’s exports is full and to free space, and leaves nothing behind', async () => {
    const u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.posts.length >= 3 && x.posts.length <= 30)!;
    const s = await setup();
    s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['posts']);
    const runner = s.runner();
    expect((await finished(runner, runner.start({ trigger: 'manual', budget: 100, options: {}, estimate: null }).id)).state).toBe('done');
    const exports = join(s.dir, 'exports');
    const env = { db: s.db, studyId: 'test-study-0001', studyName: 'Cafés', folder: s.dir, appVersion: 'test' };
    failing.folder = exports;
    try {
      for (const format of ['zip', 'ndjson', 'json'] as const) {
        const error = await exportStudy({ scope: 'seen', format }, env).catch((e: unknown) => e);
        expect(error).toMatchObject({ kind: 'internal', retryable: true, billed: false, detail: 'ENOSPC' });
        expect((error as { message: string }).message).toBe(`The export could not be written: the disk holding ${exports} is full. Free some space there, then try again.`);
      }
      expect(readdirSync(exports)).toEqual([]);
    } finally {
      failing.folder = null;
    }
    const done = await exportStudy({ scope: 'seen', format: 'ndjson' }, env);
    expect(done.path.startsWith(exports)).toBe(true);
  });
});
