// The job handlers as the IPC router calls them: the confirmation main enforces, the estimate (which
// sends nothing) against the pages a job really uses on the simulator, and refusals that spend nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAskRecorder } from '../../../support/ask-recorder';
import { createJobHandlers, type Jobs } from '../../../../electron/jobs/handlers';
import { createStudyService } from '../../../../electron/studies/service';
import type { HandlerContext } from '../../../../electron/ipc/router';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { threadOf } from '../../../../electron/simulator/world/comments';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import { jobSpecSchema, type JobInfo, type JobSpec } from '../../../../shared/ipc';
import { accountWithFollowers, callStack, newKey, tempDir } from './support';

let sim: Simulator;
const cleanup: (() => Promise<void>)[] = [];
const ctx: HandlerContext = { senderId: 1 };

beforeAll(() => {
  // Long follower lists: production's follower limit (the simulator's default) is lifted here.
  sim = createSimulator({ followerLimit: false });
});
afterAll(async () => {
  for (const remove of cleanup) await remove();
});

/**
 * The stated margin of the estimate for account lists whose count is known: within 10% of the pages the
 * job really used, or one page, whichever is larger (docs/bulk-jobs.md).
 */
function withinMargin(estimated: number, actual: number): boolean {
  return Math.abs(estimated - actual) <= Math.max(1, Math.ceil(actual * 0.1));
}

function jobSpec(fields: Partial<JobSpec> & Pick<JobSpec, 'kind' | 'target'> & { knownCount?: number }): JobSpec {
  const { knownCount, ...rest } = fields;
  const spec = jobSpecSchema.parse({ label: '', budget: 100_000, ...rest });
  // `knownCount` is the proposed addition to jobSpecSchema (see docs/bulk-jobs.md); the handler reads it.
  return knownCount === undefined ? spec : ({ ...spec, knownCount } as JobSpec);
}

async function setup(options: { simulated?: boolean } = {}) {
  const temp = await tempDir();
  cleanup.push(temp.remove);
  const key = newKey(sim);
  const stack = await callStack(sim, key, temp.path);
  const events: JobInfo[] = [];
  const asks = createAskRecorder('confirm');
  let jobs: Jobs | null = null;
  const studies = createStudyService({
    dataDir: temp.path,
    documentsDir: join(temp.path, 'Documents'),
    appVersion: 'test',
    pickFolder: async () => null,
    calls: stack.calls,
    cache: stack.cache,
    session: () => stack.session.info,
    emit: (event) => jobs?.onStudyEvent(event),
    tickMs: 0,
    log: () => undefined,
  });
  studies.start();
  cleanup.unshift(() => studies.stop());
  jobs = createJobHandlers({
    studies,
    balance: stack.balance,
    ask: asks.ask,
    cache: stack.cache,
    emit: (_event, info) => void events.push(info),
    log: () => undefined,
    simulated: () => options.simulated ?? false,
  });
  const handlers = jobs.handlers;
  /** Resolves with the job's first event in a final state. */
  const finished = async (id: string): Promise<JobInfo> => {
    for (let i = 0; i < 2000; i++) {
      const last = events.filter((e) => e.id === id).at(-1);
      if (last && last.state !== 'running') return last;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`job ${id} did not finish`);
  };
  return { dir: temp.path, key, stack, handlers, finished, asks };
}

function publicUser(predicate: (u: WorldUser) => boolean): WorldUser {
  const user = sim.world.users.find((u) => u.tier === 'main' && !u.isPrivate && predicate(u));
  if (!user) throw new Error('no such account in the world');
  return user;
}

describe('job handlers', () => {
  it('starts a job only after the user confirms its budget in main\'s question: declined, nothing is spent, no job is made', async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const s = await setup();
    s.asks.policy = 'decline';
    const spec = jobSpec({ kind: 'followers', target: user.pk, label: `@${user.username}`, budget: 40 });
    await expect(s.handlers.jobStart({ spec }, ctx)).rejects.toMatchObject({ kind: 'cancelled', billed: false });
    expect(s.asks.of('job')).toEqual([expect.objectContaining({ title: 'Spend up to 40 requests?', confirm: 'Spend up to 40 requests' })]);
    expect(s.asks.asked[0]?.message).toContain(`@${user.username}`);
    expect(await s.handlers.jobList({}, ctx)).toEqual([]);
    // Not even the study of one-off collections was made.
    expect(existsSync(join(s.dir, 'Documents'))).toBe(false);
    expect(sim.keys.spent(s.key)).toBe(0);
  });

  it('refuses a target the service would reject, or a destination that is missing, before anything is spent', async () => {
    const s = await setup();
    await expect(s.handlers.jobStart({ spec: jobSpec({ kind: 'hashtag', target: '#travel', budget: 5 }) }, ctx)).rejects.toMatchObject({
      kind: 'validation',
      issues: [{ param: 'target' }],
    });
    await expect(s.handlers.jobStart({ spec: jobSpec({ kind: 'followers', target: 'nasa', budget: 5 }) }, ctx)).rejects.toMatchObject({ kind: 'validation' });
    await expect(s.handlers.jobStart({ spec: jobSpec({ kind: 'followers', target: '123', budget: 5, then: 'export' }) }, ctx)).rejects.toMatchObject({
      kind: 'validation',
      issues: [{ param: 'then' }],
    });
    await expect(s.handlers.jobControl({ id: 'run-1', action: 'pause' }, ctx)).rejects.toMatchObject({ kind: 'validation' });
    expect(sim.keys.spent(s.key)).toBe(0);
  });

  it("estimates the accounts an account follows from the profile in the cache, sending nothing, within the margin of the pages used", async () => {
    const user = publicUser((u) => u.following.length >= 100);
    const s = await setup();
    const profile = await s.stack.calls.call({ path: '/v1/user/by/id', params: { id: user.pk } });
    expect(profile.ok).toBe(true);
    const spentBefore = sim.keys.spent(s.key);

    const spec = jobSpec({ kind: 'following', target: user.pk, label: `@${user.username}`, budget: 1000 });
    const estimate = await s.handlers.jobEstimate({ spec }, ctx);
    expect(sim.keys.spent(s.key)).toBe(spentBefore); // the estimate sent nothing
    expect(estimate.items).toBe(user.following.length);
    expect(estimate.basis).toMatch(/cache/);
    expect(estimate.upperPages).toBeGreaterThan(estimate.pages);

    const started = await s.handlers.jobStart({ spec }, ctx);
    const done = await s.finished(started.id);
    expect(done.state).toBe('done');
    expect(withinMargin(estimate.pages, done.pages)).toBe(true);
    const unitsPerPage = (sim.keys.spent(s.key) - spentBefore) / done.pages;
    expect(estimate.units).toBe(estimate.pages * unitsPerPage);
    const info = sim.keys.info(s.key);
    if (!info) throw new Error('the key has no balance');
    // The price per unit the balance reports (the tracker's copy may be a few units older).
    expect(estimate.money).toBeCloseTo((estimate.units * info.amount) / info.requests, 6);
    expect(estimate.currency).toBe(info.currency);
  });

  it('in demo mode says no money: the estimate and main\'s question say nothing is billed', async () => {
    const user = publicUser((u) => u.posts.length >= 40 && u.posts.length <= 120);
    const s = await setup({ simulated: true });
    await s.stack.calls.call({ path: '/sys/balance', params: {} }); // a known balance: a price per unit, were it live
    const spec = jobSpec({ kind: 'posts', target: user.pk, budget: 50, knownCount: user.posts.length });
    const estimate = await s.handlers.jobEstimate({ spec }, ctx);
    expect(estimate.money).toBeNull();
    expect(estimate.basis).toContain(`${estimate.units} requests, simulated: in demo mode nothing is billed`);
    expect(estimate.basis).not.toMatch(/USD|per unit/);
    // One page is one request, said so.
    const small = await s.handlers.jobEstimate({ spec: jobSpec({ kind: 'posts', target: user.pk, budget: 50, knownCount: 3 }) }, ctx);
    expect(small.units).toBe(1);
    expect(small.basis).toContain('1 request, simulated');
    await s.handlers.jobStart({ spec }, ctx);
    expect(s.asks.asked.at(-1)?.message).toContain('(demo mode: simulated, nothing is billed)');
  });

  it('estimates the posts of an account from the count the app showed, within the margin of the pages used', async () => {
    const user = publicUser((u) => u.posts.length >= 40 && u.posts.length <= 120);
    const s = await setup();
    const spec = jobSpec({ kind: 'posts', target: user.pk, budget: 500, knownCount: user.posts.length });
    const estimate = await s.handlers.jobEstimate({ spec }, ctx);
    expect(estimate.items).toBe(user.posts.length);
    expect(estimate.basis).toMatch(/showed/);
    expect(sim.keys.spent(s.key)).toBe(0);

    const done = await s.finished((await s.handlers.jobStart({ spec }, ctx)).id);
    expect(done).toMatchObject({ state: 'done', items: user.posts.length });
    expect(withinMargin(estimate.pages, done.pages)).toBe(true);
    expect(estimate.units).toBe(sim.keys.spent(s.key));
  });

  it('counts a comment job from the post in the cache, replies included, and says the figure is rough', async () => {
    const post = sim.world.media.find((m) => !m.commentsDisabled && !sim.world.userByPk.get(m.ownerPk)?.isPrivate && threadOf(sim.world, m).total > 30);
    if (!post) throw new Error('no post with comments in the world');
    const s = await setup();
    expect((await s.stack.calls.call({ path: '/v1/media/by/id', params: { id: post.pk } })).ok).toBe(true);
    const withReplies = await s.handlers.jobEstimate({ spec: jobSpec({ kind: 'comments', target: post.pk, budget: 100 }) }, ctx);
    expect(withReplies.items).toBe(threadOf(sim.world, post).total);
    expect(withReplies.basis).toMatch(/rough/);
    const topOnly = await s.handlers.jobEstimate({ spec: jobSpec({ kind: 'comments', target: post.pk, budget: 100, withReplies: false }) }, ctx);
    expect(topOnly.pages).toBeLessThan(withReplies.pages);
    expect(sim.keys.spent(s.key)).toBe(1);
  });

  it("estimates an account's followers as the service shows them to outsiders, one page of about 50; the whole list at most", async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const s = await setup();
    expect((await s.stack.calls.call({ path: '/v1/user/by/id', params: { id: user.pk } })).ok).toBe(true);
    const estimate = await s.handlers.jobEstimate({ spec: jobSpec({ kind: 'followers', target: user.pk, label: `@${user.username}`, budget: 1000 }) }, ctx);
    expect(estimate).toMatchObject({ items: user.followers.length, pages: 1, units: 1 });
    expect(estimate.basis).toMatch(/first 50 followers/);
    // This simulator lifts production's limit: the job reads them all, within the upper bound.
    const done = await s.finished((await s.handlers.jobStart({ spec: jobSpec({ kind: 'followers', target: user.pk, label: `@${user.username}`, budget: estimate.upperUnits }) }, ctx)).id);
    expect(done).toMatchObject({ state: 'done', items: user.followers.length });
    expect(done.pages).toBeLessThanOrEqual(estimate.upperPages);
  });

  it('without a known count, says so and estimates from a prior, with an upper bound above it', async () => {
    const user = publicUser((u) => u.clips.length > 0);
    const s = await setup();
    const estimate = await s.handlers.jobEstimate({ spec: jobSpec({ kind: 'reels', target: user.pk, budget: 50 }) }, ctx);
    expect(estimate.items).toBeNull();
    expect(estimate.upperUnits).toBeGreaterThan(estimate.units);
    expect(estimate.basis).toMatch(/not known: the figures are a prior/);
    const limited = await s.handlers.jobEstimate({ spec: jobSpec({ kind: 'location', target: '1', budget: 50, limit: 30 }) }, ctx);
    expect(limited.items).toBe(30);
    expect(limited.units).toBeLessThan(50);
    expect(sim.keys.spent(s.key)).toBe(0);
  });
});
