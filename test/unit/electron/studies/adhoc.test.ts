// One-off collections ("Collect all followers") as runs of the ad-hoc study, through the job handlers
// the Downloads screen uses: what a job collects is checked against the simulator's world, what it spent
// against the simulator's bill; stopped, restarted, failed, paused, cancelled and removed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobHandlers, type Jobs } from '../../../../electron/jobs/handlers';
import type { SavedItem } from '../../../../electron/export/run';
import type { CallService } from '../../../../electron/calls/calls';
import { createStudyService, type StudyService } from '../../../../electron/studies/service';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { threadOf } from '../../../../electron/simulator/world/comments';
import { jobSpecSchema, type JobInfo, type JobSpec } from '../../../../shared/ipc';
import { createAskRecorder } from '../../../support/ask-recorder';
import { accountWithFollowers, callStack, firstPageSize, newKey, pagesOf, tempDir, type CallStack } from '../jobs/support';
import { hooked } from './support';

let sim: Simulator;
const cleanup: (() => Promise<void>)[] = [];
const ctx = { senderId: 1 };
const FOLLOWERS = '/v1/user/followers/chunk';

beforeAll(() => {
  // Long follower lists: production's follower limit (the simulator's default) is lifted here.
  sim = createSimulator({ followerLimit: false });
});
afterAll(async () => {
  for (const f of cleanup) await f();
});

function jobSpec(fields: Partial<JobSpec> & Pick<JobSpec, 'kind' | 'target'>): JobSpec {
  return jobSpecSchema.parse({ label: '', budget: 100_000, ...fields });
}

interface App {
  stack: CallStack;
  studies: StudyService;
  jobs: Jobs;
  events: JobInfo[];
  exported: { items: SavedItem[]; csv: { columns: string; label: string } }[];
}

/** The app's studies and jobs over `dir` (a second call over the same folder is a restart). */
async function app(dir: string, key: string, calls?: (stack: CallStack) => Pick<CallService, 'call'>): Promise<App> {
  const stack = await callStack(sim, key, dir);
  const events: JobInfo[] = [];
  const exported: App['exported'] = [];
  let jobs: Jobs | null = null;
  const studies = createStudyService({
    dataDir: dir, documentsDir: join(dir, 'Documents'), appVersion: 'test', pickFolder: async () => null,
    calls: calls ? calls(stack) : stack.calls, cache: stack.cache, session: () => stack.session.info,
    emit: (event) => jobs?.onStudyEvent(event), tickMs: 0, log: () => undefined,
  });
  jobs = createJobHandlers({
    studies, balance: stack.balance, ask: createAskRecorder('confirm').ask, cache: stack.cache, emit: (_e, info) => void events.push(info), log: () => undefined,
    toExport: async (items, csv) => {
      exported.push({ items, csv });
      return '/exports/followers.csv';
    },
  });
  studies.start();
  cleanup.unshift(() => studies.stop());
  return { stack, studies, jobs, events, exported };
}

async function fresh(balance?: number) {
  const temp = await tempDir();
  cleanup.push(temp.remove);
  return { dir: temp.path, key: newKey(sim, balance) };
}

async function settled(a: App, id: string): Promise<JobInfo> {
  for (let i = 0; i < 2000; i++) {
    // A paused job's page under way is still committed: wait for the run's loop, then read the job.
    await a.studies.adhoc().runner.settled(Number(id.slice(4)));
    const job = (await a.jobs.handlers.jobList({}, ctx)).find((j) => j.id === id);
    if (job && job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`job ${id} did not stop`);
}

/** The ids a job's run collected in its list, from the study database. */
function jobIds(a: App, id: string): string[] {
  const file = join(a.studies.adhoc().folder, 'study.sqlite');
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const run = Number(id.slice(4));
    return (db.prepare('SELECT r.id FROM run_items ri JOIN records r ON r.rowid = ri.record_id JOIN list_items li ON li.record_id = r.rowid WHERE ri.run_id = ? GROUP BY r.rowid ORDER BY r.rowid').all(run) as { id: string }[]).map((r) => r.id);
  } finally {
    db.close();
  }
}

describe('one-off collections are runs of the ad-hoc study', () => {
  it('collects the followers of an account to the end, each once, into the study’s database', async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const { dir, key } = await fresh();
    const a = await app(dir, key);
    const started = await a.jobs.handlers.jobStart({ spec: jobSpec({ kind: 'followers', target: user.pk, label: `@${user.username}` }) }, ctx);
    const done = await settled(a, started.id);
    const pages = pagesOf(user.followers.length, await firstPageSize(sim, FOLLOWERS, { user_id: user.pk }));
    expect(done).toMatchObject({ state: 'done', items: user.followers.length, pages, unitsSpent: pages, error: null });
    expect(done.output).toBe(join(a.studies.adhoc().folder, 'study.sqlite'));
    expect(jobIds(a, started.id)).toEqual(user.followers);
    expect(sim.keys.spent(key)).toBe(pages);
    expect(a.studies.list()).toEqual([expect.objectContaining({ name: 'Ad-hoc collections', adhoc: true })]);
    // Progress: an event after every page.
    const progress = a.events.filter((e) => e.id === started.id && e.state === 'running').map((e) => e.pages);
    for (let page = 1; page < pages; page++) expect(progress).toContain(page);
  });

  it('collects a comment thread with every reply, and a post without comments as done with nothing', async () => {
    const world = sim.world;
    const post = world.media.find((m) => !m.commentsDisabled && !world.userByPk.get(m.ownerPk)?.isPrivate && threadOf(world, m).top.length > 15 && threadOf(world, m).top.some((c) => c.replies.length > 10))!;
    const empty = world.media.find((m) => !m.commentsDisabled && !world.userByPk.get(m.ownerPk)?.isPrivate && threadOf(world, m).total === 0)!;
    const { dir, key } = await fresh();
    const a = await app(dir, key);
    const done = await settled(a, (await a.jobs.handlers.jobStart({ spec: jobSpec({ kind: 'comments', target: post.pk }) }, ctx)).id);
    expect(done).toMatchObject({ state: 'done', items: threadOf(world, post).total });
    expect(done.unitsSpent).toBe(sim.keys.spent(key));
    const none = await settled(a, (await a.jobs.handlers.jobStart({ spec: jobSpec({ kind: 'comments', target: empty.pk }) }, ctx)).id);
    expect(none).toMatchObject({ state: 'done', items: 0, pages: 1, error: null });
  });

  it('collects only the latest N posts of a hashtag and of a place, and no page more', async () => {
    const tag = sim.world.hashtags.find((h) => h.recent.length > 40)!;
    const place = sim.world.locations.find((l) => l.recent.length > 30)!;
    const { dir, key } = await fresh();
    const a = await app(dir, key);
    const t = await settled(a, (await a.jobs.handlers.jobStart({ spec: jobSpec({ kind: 'hashtag', target: tag.name, limit: 30 }) }, ctx)).id);
    const tagPages = pagesOf(30, await firstPageSize(sim, '/v2/hashtag/medias/recent', { name: tag.name }));
    expect(t).toMatchObject({ state: 'done', items: 30, pages: tagPages, unitsSpent: tagPages });
    expect(jobIds(a, t.id).slice(0, 30)).toEqual(tag.recent.slice(0, 30));
    const p = await settled(a, (await a.jobs.handlers.jobStart({ spec: jobSpec({ kind: 'location', target: String(place.pk), limit: 20 }) }, ctx)).id);
    expect(p).toMatchObject({ state: 'done', items: 20 });
    expect(sim.keys.spent(key)).toBe(tagPages + p.pages);
  });

  it('an app that quits after K pages resumes the job at its next start: every item once, earlier pages never asked again', async () => {
    const K = 3;
    const user = accountWithFollowers(sim, 150, 400);
    const pages = pagesOf(user.followers.length, await firstPageSize(sim, FOLLOWERS, { user_id: user.pk }));
    const { dir, key } = await fresh();
    let first: App | null = null;
    const quit: { stopped: Promise<void> | null } = { stopped: null };
    first = await app(dir, key, (stack) => hooked(stack.calls, (n) => void (n === K + 1 && (quit.stopped = first?.studies.stop() ?? null))));
    const { id } = await first.jobs.handlers.jobStart({ spec: jobSpec({ kind: 'followers', target: user.pk }) }, ctx);
    await vi.waitUntil(() => quit.stopped !== null, { timeout: 10_000 });
    await quit.stopped; // the app has quit: its run loop is closed
    expect(sim.keys.spent(key)).toBe(K + 1);

    const second = await app(dir, key);
    const done = await settled(second, id);
    expect(done).toMatchObject({ state: 'done', items: user.followers.length, pages, unitsSpent: pages });
    expect(jobIds(second, id)).toEqual(user.followers);
    expect(sim.keys.spent(key)).toBe(pages);
    // The restart began with page K+1, from the cache (it had been fetched, not committed).
    expect(second.stack.ledger).toHaveLength(pages - K);
    expect(second.stack.ledger[0]).toMatchObject({ cacheHit: true });
  });

  it('a job failed by reset connections keeps its items and resumes to the end on request; resets are not billed', async () => {
    const K = 3;
    const user = accountWithFollowers(sim, 150, 400);
    const pages = pagesOf(user.followers.length, await firstPageSize(sim, FOLLOWERS, { user_id: user.pk }));
    const { dir, key } = await fresh();
    const a = await app(dir, key, (stack) => hooked(stack.calls, (n) => void (n === K + 1 && sim.faults.set({ reset: { count: 3, path: FOLLOWERS } }))));
    const { id } = await a.jobs.handlers.jobStart({ spec: jobSpec({ kind: 'followers', target: user.pk }) }, ctx);
    const failed = await settled(a, id);
    sim.faults.clear();
    expect(failed).toMatchObject({ state: 'failed', pages: K, unitsSpent: K });
    expect(failed.error).toEqual(expect.any(String));
    expect(await a.jobs.handlers.jobControl({ id, action: 'resume' }, ctx)).toMatchObject({ state: 'running', error: null });
    const done = await settled(a, id);
    expect(done).toMatchObject({ state: 'done', items: user.followers.length, pages, unitsSpent: pages });
    expect(sim.keys.spent(key)).toBe(pages);
  });

  it('stops before spending past its budget and hands what it collected to the export', async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const size = await firstPageSize(sim, FOLLOWERS, { user_id: user.pk });
    const { dir, key } = await fresh();
    const a = await app(dir, key);
    const spec = jobSpec({ kind: 'followers', target: user.pk, budget: 3, then: 'export' });
    const id = (await a.jobs.handlers.jobStart({ spec }, ctx)).id;
    await settled(a, id);
    // The export is handed over after the run stops: the job has its output once it is written.
    const done = await vi.waitUntil(async () => (await a.jobs.handlers.jobList({}, ctx)).find((j) => j.id === id && j.output !== null));
    expect(done).toMatchObject({ state: 'stopped_budget', unitsSpent: 3, pages: 3, items: 3 * size, output: '/exports/followers.csv' });
    expect(a.exported).toHaveLength(1);
    // A follower list is written with the accounts' column set, under the job's label.
    expect(a.exported[0]?.csv).toEqual({ columns: 'users', label: spec.label });
    expect(a.exported[0]?.items.map((i) => (i.record as { id: string }).id)).toEqual(user.followers.slice(0, 3 * size));
  });

  it('fails with the service message when the balance runs out, having spent what there was', async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const { dir, key } = await fresh(2);
    const a = await app(dir, key);
    const done = await settled(a, (await a.jobs.handlers.jobStart({ spec: jobSpec({ kind: 'followers', target: user.pk }) }, ctx)).id);
    expect(done).toMatchObject({ state: 'failed', pages: 2, unitsSpent: 2 });
    expect(done.error).toMatch(/units|top up|balance/i);
    expect(sim.keys.spent(key)).toBe(2);
  });

  it('pauses after the page under way, resumes where it stopped; cancel stops it, remove deletes it and what only it collected', async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const { dir, key } = await fresh();
    let id = '';
    let a: App | null = null;
    a = await app(dir, key, (stack) => hooked(stack.calls, (n) => void (n === 3 && a?.jobs.handlers.jobControl({ id, action: 'pause' }, ctx))));
    id = (await a.jobs.handlers.jobStart({ spec: jobSpec({ kind: 'followers', target: user.pk }) }, ctx)).id;
    expect(await settled(a, id)).toMatchObject({ state: 'paused', pages: 3 });
    expect(sim.keys.spent(key)).toBe(3);
    await a.jobs.handlers.jobControl({ id, action: 'resume' }, ctx);
    expect(await settled(a, id)).toMatchObject({ state: 'done', items: user.followers.length });

    const other = (await a.jobs.handlers.jobStart({ spec: jobSpec({ kind: 'followers', target: user.pk }) }, ctx)).id;
    await a.jobs.handlers.jobControl({ id: other, action: 'cancel' }, ctx);
    expect(await settled(a, other)).toMatchObject({ state: 'cancelled' });
    expect(await a.jobs.handlers.jobControl({ id: other, action: 'remove' }, ctx)).toBeNull();
    expect((await a.jobs.handlers.jobList({}, ctx)).map((j) => j.id)).toEqual([id]);
    // The followers stay: the first job saw them too.
    expect(jobIds(a, id)).toEqual(user.followers);
    expect(existsSync(a.studies.adhoc().folder)).toBe(true);
  });
});
