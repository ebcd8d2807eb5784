// One damaged study (a malformed row in its database) is listed as damaged; the list and the other
// studies still open.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';

const ctx = { senderId: 1 };
let sim: Simulator;
let dataDir: string;
let core: AppCore;
let picked = '';

beforeAll(async () => {
  sim = createSimulator({ seed: 7 });
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-damaged-'));
  core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, {
      ask: createAskRecorder('confirm').ask,
      pickFolder: async () => picked,
    }),
  );
  await core.start();
});
afterAll(async () => {
  await core.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('lists a study whose database holds a malformed row as damaged, and opens the others', async () => {
  picked = join(dataDir, 'one');
  const one = await core.handlers.studyCreate({ name: 'One', description: '' }, ctx);
  picked = join(dataDir, 'two');
  const two = await core.handlers.studyCreate({ name: 'Two', description: '' }, ctx);
  const db = new DatabaseSync(join(dataDir, 'one', 'study.sqlite'));
  db.exec(`INSERT INTO runs (trigger, state, budget, session_id, mode, origin, options, started_at, updated_at) VALUES ('manual', 'done', 1, 's', 'demo', 'x', '{not json', 0, 0)`);
  db.close();

  const list = await core.handlers.studyList({}, ctx);
  expect(list.map((s) => s.id)).toEqual([one.id, two.id]);
  expect(list[0]!.problem).toMatch(/damaged/);
  expect(list[1]).toMatchObject({ name: 'Two', problem: null });
  expect((await core.handlers.studyGet({ id: two.id }, ctx)).study.name).toBe('Two');
});
