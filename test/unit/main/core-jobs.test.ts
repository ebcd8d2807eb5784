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

let sim: Simulator;
let core: AppCore;
let dataDir: string;
const revealed: string[] = [];
const ctx = { senderId: 1 };

beforeAll(async () => {
  // A follower list longer than production's limit of about 50 (the simulator's default) is collected here.
  sim = createSimulator({ seed: 7, followerLimit: false });
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-core-jobs-'));
  core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, { reveal: (p) => void revealed.push(p) }),
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
    const started = await core.handlers.jobStart({ spec, confirmedUnits: 20 }, ctx);
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
    const job = await settled((await core.handlers.jobStart({ spec, confirmedUnits: 5 }, ctx)).id);
    expect(job.state).toBe('done');
    await core.handlers.revealPath({ path: job.output! }, ctx);
    expect(revealed).toContain(job.output);
  });
});
