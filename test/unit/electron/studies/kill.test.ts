// kill -9 in the middle of a run: the app's main process (without Electron) runs a study in a child
// process and is killed with SIGKILL while pages are in flight; a new main process over the same data
// folder resumes the run at its start. Every follower is in the study exactly once, in the service's
// order, and nothing was paid twice but the page that was in flight.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { startSimulatorServer, type SimulatorServer } from '../../../../electron/simulator/http';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';

const ROOT = resolve(import.meta.dirname, '../../../..');
let server: SimulatorServer;
const dirs: string[] = [];

beforeAll(async () => {
  server = await startSimulatorServer({ seed: 7, followerLimit: false });
});
afterAll(async () => {
  await server.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs the child until it printed `PAGE <atPage>`, then kills it with SIGKILL; the pages it printed. */
async function runAndKill(dataDir: string, folder: string, users: WorldUser | WorldUser[], atPage: number): Promise<number> {
  const ids = (Array.isArray(users) ? users : [users]).map((u) => u.pk).join(',');
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/study-child.ts', dataDir, server.url, server.sim.demoKey, folder, ids], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
  let pages = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    const m = /^PAGE (\d+)$/.exec(line);
    if (m) pages = Number(m[1]);
    if (pages >= atPage) {
      child.kill('SIGKILL');
      break;
    }
    if (line === 'DONE') break;
  }
  expect(await exited).toBe('SIGKILL');
  return pages;
}

function followersIn(file: string, targetKey?: string): { ids: string[]; /** Records stored more than once. */ distinct: number; run: { state: string; units_spent: number; pages: number } } {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const ids = (
      db
        .prepare("SELECT r.id FROM list_items li JOIN records r ON r.rowid = li.record_id JOIN targets t ON t.id = li.target_id WHERE li.list = 'followers' AND (? IS NULL OR t.key = ?) ORDER BY r.rowid")
        .all(targetKey ?? null, targetKey ?? null) as { id: string }[]
    ).map((r) => r.id);
    // Every user record once by id (the account's own profile is one of them).
    const distinct = (db.prepare("SELECT count(*) - count(DISTINCT id) AS n FROM records WHERE kind = 'user'").get() as { n: number }).n;
    const run = db.prepare('SELECT state, units_spent, pages FROM runs ORDER BY id DESC LIMIT 1').get() as { state: string; units_spent: number; pages: number };
    return { ids, distinct, run };
  } finally {
    db.close();
  }
}

describe('kill -9 in the middle of a run', () => {
  it.each([3, 7])('killed after page %i, the run resumes at the next start: every item once, no gap', async (atPage) => {
    const user = server.sim.world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.followers.length >= 300 && u.followers.length <= 600)!;
    const pages = 1 + Math.ceil(user.followers.length / 25); // the profile, then the followers
    const dataDir = mkdtempSync(join(tmpdir(), 'feedlens-kill-'));
    dirs.push(dataDir);
    const folder = join(dataDir, 'study');
    // A little latency: the kill lands while a page is on its way.
    server.sim.faults.set({ latencyMs: 20 });
    const spentBefore = server.sim.keys.spent(server.sim.demoKey);
    const printed = await runAndKill(dataDir, folder, user, atPage);
    server.sim.faults.clear();
    const killed = followersIn(join(folder, 'study.sqlite'));
    expect(killed.run.state).toBe('running');
    expect(killed.ids.length).toBeLessThan(user.followers.length);
    expect(killed.run.pages).toBeGreaterThanOrEqual(printed);

    let core: AppCore | null = null;
    try {
      core = createAppCore(testCoreOptions({ baseUrl: server.url, fetch, key: server.sim.demoKey }, dataDir, { ask: createAskRecorder('decline').ask }));
      await core.start();
      const [study] = await core.handlers.studyList({}, { senderId: 1 });
      for (let i = 0; i < 400; i++) {
        const run = (await core.handlers.studyRuns({ id: study!.id }, { senderId: 1 }))[0];
        if (run && run.state !== 'running') break;
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      await core?.stop();
    }
    const after = followersIn(join(folder, 'study.sqlite'));
    expect(after.run.state).toBe('done');
    expect(after.ids).toEqual(user.followers);
    expect(after.distinct).toBe(0);
    const spent = server.sim.keys.spent(server.sim.demoKey) - spentBefore;
    // Only the page in flight when the process died may have been paid twice.
    expect(spent).toBeGreaterThanOrEqual(pages);
    expect(spent).toBeLessThanOrEqual(pages + 1);
    expect(after.run.units_spent).toBeGreaterThanOrEqual(pages);
    console.log(`kill -9 after page ${atPage}: ${after.ids.length} followers once each, ${spent} units billed for ${pages} pages`);
  }, 60_000);

  it('killed with pages of four lists in flight, the run resumes: every item once, at most the pages in flight paid twice', async () => {
    const users = server.sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.followers.length >= 100 && u.followers.length <= 600).slice(0, 4);
    expect(users).toHaveLength(4);
    const pages = users.reduce((n, u) => n + 1 + Math.ceil(u.followers.length / 25), 0);
    const dataDir = mkdtempSync(join(tmpdir(), 'feedlens-kill-'));
    dirs.push(dataDir);
    const folder = join(dataDir, 'study');
    server.sim.faults.set({ latencyMs: 20 });
    const spentBefore = server.sim.keys.spent(server.sim.demoKey);
    await runAndKill(dataDir, folder, users, 12);
    server.sim.faults.clear();
    expect(followersIn(join(folder, 'study.sqlite')).run.state).toBe('running');

    let core: AppCore | null = null;
    try {
      core = createAppCore(testCoreOptions({ baseUrl: server.url, fetch, key: server.sim.demoKey }, dataDir, { ask: createAskRecorder('decline').ask }));
      await core.start();
      const [study] = await core.handlers.studyList({}, { senderId: 1 });
      for (let i = 0; i < 400; i++) {
        const run = (await core.handlers.studyRuns({ id: study!.id }, { senderId: 1 }))[0];
        if (run && run.state !== 'running') break;
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      await core?.stop();
    }
    const file = join(folder, 'study.sqlite');
    expect(followersIn(file).run.state).toBe('done');
    for (const u of users) expect(followersIn(file, u.pk).ids.sort()).toEqual([...u.followers].sort());
    expect(followersIn(file).distinct).toBe(0);
    // One page of each list at most was under way when the process died: only those may be paid twice.
    const spent = server.sim.keys.spent(server.sim.demoKey) - spentBefore;
    expect(spent).toBeGreaterThanOrEqual(pages);
    expect(spent).toBeLessThanOrEqual(pages + users.length);
    console.log(`kill -9 with four lists in flight: every follower once, ${spent} units billed for ${pages} pages`);
  }, 60_000);
});
