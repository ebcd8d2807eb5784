// A study folder is data, never authority to spend (docs/security.md). A study made on one "computer"
// (a data folder, key A), its database then edited to hold a huge budget, a queued run (with calls to a
// 3-unit endpoint), a running re-check and a schedule, is opened on another computer with another key
// (key B): with every question declined nothing is sent and nothing spent; confirmed, it spends within
// what the user confirmed only. A cancelled run stays cancelled.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import { CHANGED_OUTSIDE, NOT_AUTHORISED } from '../../../../electron/studies/authority';
import type { RunInfo } from '../../../../shared/ipc/studies';
import { createAskRecorder, type AskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';

const ctx = { senderId: 1 };
let sim: Simulator;
let root: string;
let folder: string;
let studyId: string;

interface Machine {
  core: AppCore;
  asks: AskRecorder;
  /** Requests this machine sent to the service (the free balance call left out). */
  sent: string[];
  key: string;
}

function machine(dataDir: string, key: string, asks: AskRecorder, sent: string[] = []): Machine {
  const count = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/sys/balance') sent.push(url.pathname);
    return sim.handle(new Request(input, init));
  };
  const core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: count, key }, dataDir, { ask: asks.ask, pickFolder: async () => folder, fetchMedia: (url, init) => sim.handle(new Request(url, init)) }),
  );
  return { core, asks, sent, key };
}

function edit(sql: string, ...args: (string | number)[]): void {
  const db = new DatabaseSync(join(folder, 'study.sqlite'));
  try {
    db.prepare(sql).run(...args);
  } finally {
    db.close();
  }
}

async function settle(m: Machine): Promise<RunInfo[]> {
  for (let i = 0; i < 400; i++) {
    const { runs } = await m.core.handlers.studyGet({ id: studyId }, ctx);
    if (runs.every((r) => r.state !== 'running')) return runs;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('a run did not stop');
}

const newKey = (name: string) => {
  sim.keys.add({ key: name, balance: 1_000_000, rate: 100_000, amount: 1_000 });
  return name;
};

beforeAll(async () => {
  sim = createSimulator({ seed: 7 });
  root = mkdtempSync(join(tmpdir(), 'feedlens-authority-'));
  folder = join(root, 'shared-study');
  // Computer A makes the study, runs it until its small budget stops it, and closes.
  const a = machine(join(root, 'computer-a'), newKey('key-a'), createAskRecorder('confirm'));
  await a.core.start();
  studyId = (await a.core.handlers.studyCreate({ name: 'Shared study', description: '' }, ctx)).id;
  const big = sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.followers.length > 200).slice(0, 3);
  await a.core.handlers.studyTargetsAdd({ id: studyId, text: big.map((u) => u.pk).join('\n'), collect: { lists: ['followers', 'posts'], since: null, until: null, maxUnitsPerRun: null } }, ctx);
  await a.core.handlers.studyRunStart({ id: studyId, budget: 6 }, ctx);
  expect((await settle(a))[0]).toMatchObject({ state: 'stopped_budget', unitsSpent: 6 });
  await a.core.stop();
  // Someone edits the database: the run "running" with a huge budget and nothing spent, calls to a 3-unit
  // endpoint queued first, a re-check of every record under way, and a schedule of a million units a day.
  edit("UPDATE runs SET state = 'running', budget = 1000000, units_spent = 0, message = NULL");
  for (const [i, u] of big.entries()) {
    edit(
      "INSERT INTO run_tasks (run_id, pos, target_id, list, context_id, path, params, cursor, phase, min_fresh_at, read, boundary) VALUES (1, ?, 1, 'stories', '', '/v1/user/stories/by/username', ?, NULL, 'once', 0, 0, 0)",
      -100 + i,
      JSON.stringify({ username: u.username }),
    );
  }
  edit("INSERT INTO checks (label, scope, state, budget, items, session_id, mode, origin, started_at, updated_at) VALUES ('all', '{\"all\":true}', 'running', 1000000, 0, 's', 'demo', ?, 0, 0)", DEFAULT_API_ORIGIN);
  edit("INSERT INTO check_items (check_id, pos, record_id) SELECT 1, row_number() OVER (ORDER BY rowid), rowid FROM records WHERE kind = 'user'");
  edit('UPDATE checks SET items = (SELECT count(*) FROM check_items)');
  edit('INSERT INTO schedules (id, every_hours, daily_budget, authorised_at, mode, origin, next_run_at) VALUES (1, 1, 1000000, 0, ?, ?, 0)', 'demo', DEFAULT_API_ORIGIN);
  cpSync(folder, join(root, 'pristine-copy'), { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a study folder from elsewhere spends nothing by itself', () => {
  let b: Machine;

  it('opened with another key and every question declined: 0 requests sent, 0 units spent', async () => {
    b = machine(join(root, 'computer-b'), newKey('key-b'), createAskRecorder('decline'));
    await b.core.start();
    await b.core.handlers.studyOpenFolder({}, ctx);
    // Main's own question said who made it and what it would spend, at what rate; it was declined.
    const question = b.asks.asked.at(-1)!;
    expect(question.title).toBe('Let this study spend with your key?');
    expect(question.message).toContain('“Shared study” was created on');
    expect(question.message).toMatch(/resume its unfinished run #1, spending up to 1,000,000 requests/);
    expect(question.message).toContain('run by itself every hour, spending up to 1,000,000 requests a day');
    b.core.tickSchedules();
    await settle(b);
    const detail = await b.core.handlers.studyGet({ id: studyId }, ctx);
    expect(detail.runs[0]).toMatchObject({ id: 1, state: 'paused', message: NOT_AUTHORISED });
    expect(detail.study.schedule).toMatchObject({ confirmed: false });
    expect((await b.core.handlers.studyChecks({ id: studyId }, ctx))[0]).toMatchObject({ state: 'paused' });

    // The page asks to resume the run and the re-check: main asks again, the user declines.
    await expect(b.core.handlers.studyRunControl({ id: studyId, runId: 1, action: 'resume' }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    expect(b.asks.asked.at(-1)).toMatchObject({ title: 'Spend up to 1,000,000 requests?' });
    await expect(b.core.handlers.studyCheckControl({ id: studyId, checkId: 1, action: 'resume' }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    // A restart (runs and re-checks that were running go on at start) spends nothing either.
    await b.core.stop();
    edit("UPDATE runs SET state = 'running'");
    edit("UPDATE checks SET state = 'running'");
    b = machine(join(root, 'computer-b'), 'key-b', b.asks, b.sent);
    await b.core.start();
    b.core.tickSchedules();
    await settle(b);
    expect(b.sent).toEqual([]);
    expect(sim.keys.spent('key-b')).toBe(0);
  });

  it('confirmed, it spends within what the user confirmed only, and an edit behind the app’s back stops it', async () => {
    await b.core.stop();
    edit('UPDATE runs SET budget = units_spent + 20');
    edit('UPDATE schedules SET daily_budget = 30');
    b = machine(join(root, 'computer-b'), 'key-b', createAskRecorder('confirm'), b.sent);
    await b.core.start();
    const resumed = await b.core.handlers.studyRunControl({ id: studyId, runId: 1, action: 'resume' }, ctx);
    expect(resumed.state).toBe('running');
    expect(b.asks.asked.at(-1)).toMatchObject({ title: 'Spend up to 20 requests?' });
    const [run] = await settle(b);
    expect(run!.state).toBe('stopped_budget');
    expect(sim.keys.spent('key-b')).toBeLessThanOrEqual(20);
    // The 3-unit calls queued by the edit were refused as reads Feedlens does not plan, not paid for.
    expect(b.sent).not.toContain('/v1/user/stories/by/username');
    const spentOnRun = sim.keys.spent('key-b');

    // Edited again while open: nothing spent and a budget of a million. Main's record still says 20 of 20.
    edit('UPDATE runs SET units_spent = 0, budget = 1000000');
    b.asks.policy = 'decline';
    await expect(b.core.handlers.studyRunControl({ id: studyId, runId: 1, action: 'resume' }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    expect(b.asks.asked.at(-1)).toMatchObject({ title: 'Spend up to 1,000,000 requests?' });
    expect(sim.keys.spent('key-b')).toBe(spentOnRun);

    // The schedule, confirmed in main's question at 30 a day, spends within 30.
    b.asks.policy = 'confirm';
    const schedule = await b.core.handlers.studyScheduleSet({ id: studyId, everyHours: 24, dailyBudget: 30, runNow: true }, ctx);
    expect(schedule).toMatchObject({ confirmed: true, waiting: null });
    b.core.tickSchedules();
    await settle(b);
    expect(sim.keys.spent('key-b') - spentOnRun).toBeLessThanOrEqual(30);
    expect(sim.keys.spent('key-b')).toBeGreaterThan(spentOnRun);
    // A schedule edited afterwards (a million a day) is not the one main authorised: it runs nothing.
    edit('UPDATE schedules SET daily_budget = 1000000, next_run_at = 0');
    const before = sim.keys.spent('key-b');
    b.core.tickSchedules();
    await settle(b);
    expect(sim.keys.spent('key-b')).toBe(before);
    expect((await b.core.handlers.studyGet({ id: studyId }, ctx)).study.schedule).toMatchObject({ confirmed: false });
  });

  it('a run the user cancelled stays cancelled: resume from the page is refused and spends nothing', async () => {
    b.asks.policy = 'confirm';
    const { runs } = await b.core.handlers.studyGet({ id: studyId }, ctx);
    const last = runs.find((r) => r.id === 1)!;
    expect(last.state).toBe('stopped_budget');
    await b.core.handlers.studyRunControl({ id: studyId, runId: last.id, action: 'cancel' }, ctx);
    const before = { spent: sim.keys.spent('key-b'), sent: b.sent.length, asked: b.asks.asked.length };
    await expect(b.core.handlers.studyRunControl({ id: studyId, runId: last.id, action: 'resume' }, ctx)).rejects.toMatchObject({ kind: 'validation', message: expect.stringMatching(/stays cancelled/) });
    await expect(b.core.handlers.studyRunBudget({ id: studyId, runId: last.id, budget: last.budget + 100 }, ctx)).rejects.toMatchObject({ message: expect.stringMatching(/stays cancelled/) });
    // Its row edited back to "paused" in the database: main remembers the cancellation.
    edit("UPDATE runs SET state = 'paused' WHERE id = ?", last.id);
    await expect(b.core.handlers.studyRunControl({ id: studyId, runId: last.id, action: 'resume' }, ctx)).rejects.toMatchObject({ message: expect.stringMatching(/stays cancelled/) });
    await settle(b);
    expect({ spent: sim.keys.spent('key-b'), sent: b.sent.length, asked: b.asks.asked.length }).toEqual(before);
    await b.core.stop();
  });

  it('on its own computer with its own key, a budget edited in the database is not the one authorised: the run waits', async () => {
    // Back on computer A with key A and a copy of the folder as it was edited: A never authorised these numbers.
    rmSync(folder, { recursive: true, force: true });
    cpSync(join(root, 'pristine-copy'), folder, { recursive: true });
    const a = machine(join(root, 'computer-a'), 'key-a', createAskRecorder('decline'));
    await a.core.start();
    await settle(a);
    const run = (await a.core.handlers.studyGet({ id: studyId }, ctx)).runs[0]!;
    // A authorised a budget of 6; the database says a million: changed outside Feedlens.
    expect(run).toMatchObject({ state: 'paused', message: CHANGED_OUTSIDE });
    expect(a.sent).toEqual([]);
    await a.core.stop();
  });
});
