// Collecting with the window closed, through the real core over the in-process simulator and the
// background module with Electron's calls recorded: with a schedule, closing the window keeps the core
// running (the tray shows the run, the next run and today's units; a one-time notice) and the schedule
// fires; with none, the app quits; "Pause all collection" starts nothing until resumed; the power-save
// blocker is held exactly while a run runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createBackground, holdsPowerSave, trayMenu, type BackgroundDeps, type TrayItem } from '../../../../electron/platform/background';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import type { RunInfo, StudyInfo } from '../../../../shared/ipc/studies';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';

const ctx = { senderId: 1 };
const HOUR = 3_600_000;
let sim: Simulator;
let dataDir: string;
let core: AppCore;
let clock = Date.UTC(2026, 10, 20, 9, 0, 0);

beforeAll(async () => {
  sim = createSimulator({ seed: 5 });
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-background-'));
  core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, {
      ask: createAskRecorder('confirm').ask,
      pickFolder: async () => join(dataDir, 'study'),
      now: () => clock,
    }),
  );
  await core.start();
});
afterAll(async () => {
  await core?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The background with Electron's side recorded. */
function background() {
  const calls = { quit: 0, open: 0, notices: [] as { title: string; body: string }[], tray: [] as (TrayItem[] | null)[], powerSave: [] as boolean[], login: [] as boolean[] };
  const deps: BackgroundDeps = {
    ...core.background,
    settings: () => core.settings(),
    showTray: (items) => void calls.tray.push(items),
    powerSave: (hold) => void calls.powerSave.push(hold),
    notify: (n) => void calls.notices.push(n),
    openWindow: () => void calls.open++,
    quit: () => void calls.quit++,
    setOpenAtLogin: (open) => void calls.login.push(open),
  };
  return { bg: createBackground(deps), calls };
}

async function settled(id: string): Promise<RunInfo> {
  for (let i = 0; i < 400; i++) {
    const run = (await core.handlers.studyRuns({ id }, ctx))[0];
    if (run && run.state !== 'running') return run;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the run did not stop');
}

describe('closing the window', () => {
  let study: StudyInfo;

  it('quits when no study has a schedule or a run', () => {
    const { bg, calls } = background();
    expect(bg.windowClosed()).toBe(false);
    expect(calls).toMatchObject({ quit: 1, notices: [], tray: [] });
  });

  it('with a schedule, stays in the tray with what collects, says so once, and the schedule fires', async () => {
    study = await core.handlers.studyCreate({ name: 'Cafés', description: '' }, ctx);
    const u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.posts.length > 3 && x.posts.length < 20)!;
    await core.handlers.studyTargetsAdd({ id: study.id, text: u.pk, collect: { lists: ['posts'], since: null, until: null, maxUnitsPerRun: null } }, ctx);
    await core.handlers.studyScheduleSet({ id: study.id, everyHours: 6, dailyBudget: 50 }, ctx);
    const { bg, calls } = background();
    expect(bg.windowClosed()).toBe(true);
    expect(calls.quit).toBe(0);
    expect(calls.notices).toEqual([expect.objectContaining({ title: 'Feedlens keeps collecting' })]);
    const menu = calls.tray.at(-1)!;
    expect(menu.map((i) => i.label)).toEqual(['No run under way', expect.stringMatching(/^Next: Cafés, /), 'Spent today by schedules: 0 requests', 'Open Feedlens', 'Pause all collection', 'Quit Feedlens']);

    // Closed again later: no second notice.
    expect(bg.windowClosed()).toBe(true);
    expect(calls.notices).toHaveLength(1);

    // The window is closed and the core runs on: six hours later the schedule starts its run.
    clock += 6 * HOUR + 1;
    core.tickSchedules();
    bg.refresh();
    expect(calls.powerSave).toEqual([true]);
    expect(calls.tray.at(-1)![0]!.label).toMatch(/^Cafés: collecting \(\d+ pages, \d+ of 50 requests\)$/);
    const run = await settled(study.id);
    expect(run).toMatchObject({ trigger: 'schedule', state: 'done' });
    bg.refresh();
    expect(calls.powerSave).toEqual([true, false]);
    expect(calls.tray.at(-1)![2]!.label).toBe(`Spent today by schedules: ${run.unitsSpent} requests`);

    bg.act('open');
    expect(calls).toMatchObject({ open: 1 });
    expect(calls.tray.at(-1)).toBeNull();
  });

  it('"Pause all collection" starts no scheduled run until resumed', async () => {
    const { bg, calls } = background();
    bg.windowClosed();
    const before = (await core.handlers.studyRuns({ id: study.id }, ctx)).length;
    bg.act('pause');
    expect(calls.tray.at(-1)!.map((i) => i.label)).toContain('Resume collection');
    clock += 7 * HOUR;
    core.tickSchedules();
    expect((await core.handlers.studyRuns({ id: study.id }, ctx)).length).toBe(before);
    bg.act('resume'); // what fell due while paused starts now
    expect((await core.handlers.studyRuns({ id: study.id }, ctx)).length).toBe(before + 1);
    await settled(study.id);
  });

  it('stays quitting when the setting turns background collection off', () => {
    core.background.updateSettings({ backgroundCollection: false });
    const { bg, calls } = background();
    expect(bg.windowClosed()).toBe(false);
    expect(calls.quit).toBe(1);
    core.background.updateSettings({ backgroundCollection: true });
  });

  it('applies "open at login" when the setting changes', () => {
    const { bg, calls } = background();
    bg.refresh();
    core.background.updateSettings({ openAtLogin: true });
    bg.refresh();
    expect(calls.login).toEqual([false, true]);
  });
});

describe('the tray decisions', () => {
  const run = (state: RunInfo['state']) => ({ id: 1, state, pages: 3, unitsSpent: 4, budget: 10 }) as RunInfo;
  const info = (lastRun: RunInfo | null) => ({ name: 'S', lastRun, schedule: null }) as unknown as StudyInfo;

  it('holds the power-save blocker only while a run runs, not while it waits paused', () => {
    expect(holdsPowerSave({ studies: [info(run('running'))], paused: false })).toBe(true);
    expect(holdsPowerSave({ studies: [info(run('paused'))], paused: false })).toBe(false);
    expect(holdsPowerSave({ studies: [info(run('done'))], paused: false })).toBe(false);
  });

  it('says a paused run is paused, and that collection is paused', () => {
    const labels = trayMenu({ studies: [info(run('paused'))], paused: true }).map((i) => i.label);
    expect(labels.slice(0, 2)).toEqual(['S: paused (3 pages, 4 of 10 requests)', 'Collection paused: no scheduled run starts']);
  });
});
