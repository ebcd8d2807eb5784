// The app's desktop notifications beyond a run's end: three failed runs in a row say so once they have
// failed three times, not before; a watched account renamed between two runs is named after the second
// (studies/alerts.ts, through the study service).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import type { RunInfo } from '../../../../shared/ipc/studies';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';

const ctx = { senderId: 1 };
let sim: Simulator;
let dataDir: string;
let core: AppCore;
const notes: { title: string; body: string }[] = [];

beforeAll(async () => {
  sim = createSimulator({ seed: 9 });
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-alerts-app-'));
  core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, {
      ask: createAskRecorder('confirm').ask,
      pickFolder: async () => join(dataDir, 'study'),
      notify: (n) => void notes.push(n),
    }),
  );
  await core.start();
});
afterAll(async () => {
  await core.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function settled(id: string): Promise<RunInfo> {
  for (let i = 0; i < 400; i++) {
    const run = (await core.handlers.studyRuns({ id }, ctx))[0];
    if (run && run.state !== 'running') return run;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the run did not stop');
}

describe('notifications of a study', () => {
  it('say three runs failed in a row on the third failure', async () => {
    const study = await core.handlers.studyCreate({ name: 'Failing', description: '' }, ctx);
    const u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.posts.length > 3)!;
    await core.handlers.studyTargetsAdd({ id: study.id, text: u.pk, collect: { lists: ['posts'], since: null, until: null, maxUnitsPerRun: null } }, ctx);
    sim.faults.set({ status: { path: '/v2/user/by/id', status: 402, count: 1000 } });
    const failing = () => notes.filter((n) => n.title === 'Failing: three runs failed in a row');
    for (let i = 1; i <= 3; i++) {
      await core.handlers.studyRunStart({ id: study.id, budget: 20 }, ctx);
      expect(await settled(study.id)).toMatchObject({ state: 'failed' });
      expect(failing()).toHaveLength(i === 3 ? 1 : 0);
    }
    expect(failing()[0]!.body).toMatch(/the last three runs failed; the last said: /);
    sim.faults.clear();
  });

  it('say a watched account was renamed, after the run that saw the new name', async () => {
    const study = await core.handlers.studyCreate({ name: 'Names', description: '' }, ctx);
    const u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.posts.length > 3 && x.posts.length < 30)!;
    const old = u.username;
    await core.handlers.studyTargetsAdd({ id: study.id, text: u.pk, collect: { lists: ['posts'], since: null, until: null, maxUnitsPerRun: null } }, ctx);
    const renamed = () => notes.filter((n) => n.title === 'Names: an account was renamed');
    await core.handlers.studyRunStart({ id: study.id, budget: 50 }, ctx);
    expect(await settled(study.id)).toMatchObject({ state: 'done' });
    expect(renamed()).toEqual([]);
    sim.clock.rename(u.pk, `${old}.new`);
    await core.handlers.studyRunStart({ id: study.id, budget: 50 }, ctx);
    expect(await settled(study.id)).toMatchObject({ state: 'done' });
    expect(renamed().map((n) => n.body)).toEqual([`@${old} is now @${old}.new.`]);
  });
});
