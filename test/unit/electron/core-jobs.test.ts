// A bulk job through the real core, handing its items to the export: the output is a CSV of exactly the
// world's followers of the account, and "Show in folder" may reveal a job's kept output.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../electron/core';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../electron/simulator/service';
import type { JobInfo } from '../../../shared/ipc';
import { testCoreOptions } from '../../support/core-options';
import { createAskRecorder } from '../../support/ask-recorder';

let sim: Simulator;
let core: AppCore;
let dataDir: string;
const revealed: string[] = [];
const asks = createAskRecorder('confirm');
const ctx = { senderId: 1 };

beforeAll(async () => {
  // A follower list longer than production's limit of about 50 (the simulator's default) is collected here.
  sim = createSimulator({ seed: 7, followerLimit: false });
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-core-jobs-'));
  core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, { reveal: (p) => void revealed.push(p), ask: asks.ask }),
  );
  await core.start();
});
afterAll(async () => {
  await core?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function settled(id: string): Promise<JobInfo> {
  for (let i = 0; i < 200; i++) {
    const job = (await core.handlers.jobList({}, ctx)).find((j) => j.id === id);
    if (job && job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('job did not finish');
}

describe('bulk job to export (core)', () => {
  it('collects every follower once and writes them as a users CSV', async () => {
    const account = [...sim.world.users.values()].find((u) => u.tier === 'main' && !u.isPrivate && u.followers.length > 60 && u.followers.length < 140)!;
    const spec = { kind: 'followers' as const, target: account.pk, label: `followers of @${account.username}`, budget: 20, then: 'export' as const, withReplies: true };
    const started = await core.handlers.jobStart({ spec }, ctx);
    const job = await settled(started.id);
    expect(job.state).toBe('done');
    expect(job.output).toMatch(/\.csv$/);
    const rows = readFileSync(job.output!, 'utf8').trim().split('\n');
    expect(rows).toHaveLength(account.followers.length + 1);
    const ids = rows.slice(1).map((r) => r.split(',')[0]);
    expect(new Set(ids)).toEqual(new Set(account.followers));
  });

  it('may show a kept job output in the file manager', async () => {
    const account = [...sim.world.users.values()].find((u) => u.tier === 'main' && !u.isPrivate && u.followers.length > 10 && u.followers.length < 40)!;
    const spec = { kind: 'followers' as const, target: account.pk, label: 'kept', budget: 5, then: 'none' as const, withReplies: true };
    const job = await settled((await core.handlers.jobStart({ spec }, ctx)).id);
    expect(job.state).toBe('done');
    await core.handlers.revealPath({ path: job.output! }, ctx);
    expect(revealed).toContain(job.output);
  });

  it('continues a job stopped at its budget once the user confirms a higher one in main, and not before', async () => {
    const account = [...sim.world.users.values()].find((u) => u.tier === 'main' && !u.isPrivate && u.following.length > 60 && u.following.length < 200)!;
    const spec = { kind: 'following' as const, target: account.pk, label: `following of @${account.username}`, budget: 1, then: 'none' as const, withReplies: true };
    const stopped = await settled((await core.handlers.jobStart({ spec }, ctx)).id);
    expect(stopped).toMatchObject({ state: 'stopped_budget', unitsSpent: 1 });
    asks.policy = 'decline';
    await expect(core.handlers.jobBudgetRaise({ id: stopped.id, budget: 50 }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    expect((await core.handlers.jobList({}, ctx)).find((j) => j.id === stopped.id)).toMatchObject({ state: 'stopped_budget', unitsSpent: 1 });
    asks.policy = 'confirm';
    const raised = await core.handlers.jobBudgetRaise({ id: stopped.id, budget: 50 }, ctx);
    expect(raised.spec.budget).toBe(50);
    expect(asks.of('budget').at(-1)).toMatchObject({ title: 'Allow 49 requests more?' });
    const done = await settled(stopped.id);
    expect(done.state).toBe('done');
    expect(done.items).toBe(account.following.length);
  });
});
