// Bulk jobs against the real call stack and the simulator: what a job collects is checked against the
// simulator's world, what it spent against the simulator's own bill for the test's key.
import { appendFileSync, copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from '../../../electron/jobs/runner';
import { ITEMS_FILE, STATE_FILE, type SavedItem } from '../../../electron/jobs/store';
import type { CallService } from '../../../electron/calls';
import { createSimulator, type Simulator } from '../../../electron/simulator/service';
import { threadOf } from '../../../electron/simulator/world/comments';
import { parseLossless } from '../../../shared/api/json';
import { jobSpecSchema, type JobInfo, type JobSpec } from '../../../shared/ipc';
import type { Comment } from '../../../shared/records';
import { accountWithFollowers, callStack, firstPageSize, newKey, pagesOf, tempDir, type CallStack } from './support';

let sim: Simulator;
const cleanup: (() => Promise<void>)[] = [];

beforeAll(() => {
  // Long follower lists: production's follower limit (the simulator's default) is lifted here.
  sim = createSimulator({ followerLimit: false });
});
afterAll(async () => {
  for (const remove of cleanup) await remove();
});

const FOLLOWERS = '/v1/user/followers/chunk';

function jobSpec(fields: Partial<JobSpec> & Pick<JobSpec, 'kind' | 'target'>): JobSpec {
  return jobSpecSchema.parse({ label: '', budget: 100_000, ...fields });
}

/** Every line of a job's items file, parsed (a torn or invalid line fails the test). */
function itemsIn(file: string | null): SavedItem[] {
  if (file === null) throw new Error('the job has no output');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => parseLossless(line) as SavedItem);
}

const idsOf = (items: SavedItem[]): unknown[] => items.map((item) => item.record.id);

/** The CallService with `before(n)` run just before the n-th call (1-based) goes out. */
function hooked(stack: CallStack, before: (n: number) => void): Pick<CallService, 'call'> {
  let n = 0;
  return {
    call: (args) => {
      n += 1;
      before(n);
      return stack.calls.call(args);
    },
  };
}

interface Setup {
  dir: string;
  key: string;
  stack: CallStack;
  events: JobInfo[];
  runner(calls?: Pick<CallService, 'call'>, extra?: Partial<JobRunnerOptions>): JobRunner;
}

async function setup(balance?: number): Promise<Setup> {
  const temp = await tempDir();
  cleanup.push(temp.remove);
  const key = newKey(sim, balance);
  const stack = await callStack(sim, key, temp.path);
  const events: JobInfo[] = [];
  return {
    dir: temp.path,
    key,
    stack,
    events,
    runner: (calls = stack.calls, extra = {}) =>
      createJobRunner({ calls, dir: join(temp.path, 'jobs'), emit: (_event, info) => void events.push(info), log: () => undefined, ...extra }),
  };
}

describe('bulk jobs: collecting', () => {
  it('collects the followers of a mid-size account to the end, each exactly once, in the service order', async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const s = await setup();
    const runner = s.runner();
    await runner.open();
    const started = await runner.start(jobSpec({ kind: 'followers', target: user.pk, label: `@${user.username}` }));
    expect(started.state).toBe('running');
    const done = await runner.settled(started.id);

    const pages = pagesOf(user.followers.length, await firstPageSize(sim, FOLLOWERS, { user_id: user.pk }));
    expect(done).toMatchObject({ state: 'done', items: user.followers.length, pages, unitsSpent: pages, error: null });
    expect(sim.keys.spent(s.key)).toBe(pages);
    expect(done?.output).toBe(join(s.dir, 'jobs', started.id, ITEMS_FILE));

    const items = itemsIn(done?.output ?? null);
    expect(idsOf(items)).toEqual(user.followers);
    expect(items.every((item) => item.record.kind === 'user')).toBe(true);
    // Provenance: the call each item came from (the first page carries no cursor, the others do).
    expect(items[0]?.provenance).toMatchObject({ path: FOLLOWERS, params: { user_id: user.pk } });
    expect(items[0]?.provenance.params).not.toHaveProperty('max_id');
    expect(items.at(-1)?.provenance.params).toHaveProperty('max_id');
    expect(new Set(items.map((item) => item.provenance.requestId)).size).toBe(pages);
    // Progress: an event after every page, the last one final.
    const progress = s.events.filter((e) => e.id === started.id && e.state === 'running').map((e) => e.pages);
    for (let page = 1; page <= pages; page++) expect(progress).toContain(page);
    expect(s.events.at(-1)).toMatchObject({ id: started.id, state: 'done' });
  });

  it('collects a comment thread with every reply, paging long reply lists', async () => {
    const world = sim.world;
    const post = world.media.find((m) => {
      if (m.commentsDisabled || world.userByPk.get(m.ownerPk)?.isPrivate) return false;
      const thread = threadOf(world, m);
      return thread.top.length > 15 && thread.top.some((c) => c.replies.length > 10);
    });
    if (!post) throw new Error('no post with a long thread in the world');
    const thread = threadOf(world, post);
    const s = await setup();
    const runner = s.runner();
    await runner.open();
    const done = await runner.settled((await runner.start(jobSpec({ kind: 'comments', target: post.pk }))).id);

    const items = itemsIn(done?.output ?? null);
    const comments = items.map((item) => item.record as unknown as Comment);
    expect(comments.every((c) => c.kind === 'comment' && c.postId === post.pk)).toBe(true);
    expect(comments.filter((c) => c.parentId === null).map((c) => c.id)).toEqual(thread.top.map((c) => c.pk));
    for (const top of thread.top) {
      expect(comments.filter((c) => c.parentId === top.pk).map((c) => c.id)).toEqual(top.replies.map((r) => r.pk));
    }
    expect(new Set(comments.map((c) => c.id)).size).toBe(thread.total);
    expect(comments).toHaveLength(thread.total);

    const long = thread.top.find((c) => c.replies.length > 10);
    const topSize = await firstPageSize(sim, '/v2/media/comments', { id: post.pk });
    const replySize = await firstPageSize(sim, '/v2/media/comments/replies', { media_id: post.pk, comment_id: long?.pk ?? '' });
    const pages = pagesOf(thread.top.length, topSize) + thread.top.filter((c) => c.replies.length > 0).reduce((n, c) => n + pagesOf(c.replies.length, replySize), 0);
    expect(done).toMatchObject({ state: 'done', items: thread.total, pages, unitsSpent: pages });
    expect(sim.keys.spent(s.key)).toBe(pages);
  });

  it('collects only the latest N posts of a hashtag and of a place, and no page more', async () => {
    const world = sim.world;
    const tag = world.hashtags.find((h) => h.recent.length > 40);
    const place = world.locations.find((l) => l.recent.length > 30);
    if (!tag || !place) throw new Error('no busy hashtag or place in the world');
    const s = await setup();
    const runner = s.runner();
    await runner.open();

    const tagJob = await runner.settled((await runner.start(jobSpec({ kind: 'hashtag', target: tag.name, limit: 30 }))).id);
    expect(idsOf(itemsIn(tagJob?.output ?? null))).toEqual(tag.recent.slice(0, 30));
    const tagPages = pagesOf(30, await firstPageSize(sim, '/v2/hashtag/medias/recent', { name: tag.name }));
    expect(tagJob).toMatchObject({ state: 'done', items: 30, pages: tagPages, unitsSpent: tagPages });

    const placeJob = await runner.settled((await runner.start(jobSpec({ kind: 'location', target: String(place.pk), limit: 20 }))).id);
    expect(idsOf(itemsIn(placeJob?.output ?? null))).toEqual(place.recent.slice(0, 20));
    const placePages = pagesOf(20, await firstPageSize(sim, '/v1/location/medias/recent/chunk', { location_pk: String(place.pk) }));
    expect(placeJob).toMatchObject({ state: 'done', items: 20, pages: placePages });
    expect(sim.keys.spent(s.key)).toBe(tagPages + placePages);
  });

  it('finishes an empty list (a post without comments) as done with nothing collected', async () => {
    const post = sim.world.media.find((m) => !m.commentsDisabled && !sim.world.userByPk.get(m.ownerPk)?.isPrivate && threadOf(sim.world, m).total === 0);
    if (!post) throw new Error('no post without comments in the world');
    const s = await setup();
    const runner = s.runner();
    await runner.open();
    const done = await runner.settled((await runner.start(jobSpec({ kind: 'comments', target: post.pk }))).id);
    expect(done).toMatchObject({ state: 'done', items: 0, pages: 1, error: null });
    expect(existsSync(done?.output ?? '')).toBe(false);
  });
});

describe('bulk jobs: interrupted and resumed', () => {
  const K = 3;

  it('a runner stopped after K pages is resumed by a new runner: every item once, earlier pages never asked again', async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const pages = pagesOf(user.followers.length, await firstPageSize(sim, FOLLOWERS, { user_id: user.pk }));
    expect(pages).toBeGreaterThan(K + 2);
    const s = await setup();
    // The app quits while page K+1 is on its way: it is billed, but never committed.
    let first: JobRunner | null = null;
    first = s.runner(hooked(s.stack, (n) => void (n === K + 1 && first?.close())));
    await first.open();
    const { id } = await first.start(jobSpec({ kind: 'followers', target: user.pk }));
    const stopped = await first.settled(id);
    expect(stopped).toMatchObject({ state: 'running', pages: K });
    expect(sim.keys.spent(s.key)).toBe(K + 1);

    // A restart: a new call stack (its cache reloaded from disk) and a new runner over the same folder.
    const stack = await callStack(sim, s.key, s.dir);
    const second = createJobRunner({ calls: stack.calls, dir: join(s.dir, 'jobs'), emit: () => undefined, log: () => undefined });
    await second.open();
    const done = await second.settled(id);

    expect(done).toMatchObject({ state: 'done', items: user.followers.length, pages, unitsSpent: pages });
    expect(idsOf(itemsIn(done?.output ?? null))).toEqual(user.followers);
    expect(sim.keys.spent(s.key)).toBe(pages);
    // The new run started at page K+1 (from the cache: it had been fetched) and went on from there.
    expect(stack.ledger).toHaveLength(pages - K);
    expect(stack.ledger.map((e) => e.cacheHit)).toEqual([true, ...new Array<boolean>(pages - K - 1).fill(false)]);
    expect(stack.ledger.every((e) => e.cursorSent !== null)).toBe(true);
  });

  it('a page written to the items but not to the state is fetched again without duplicating its items; a torn line is dropped', async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const s = await setup();
    let first: JobRunner | null = null;
    const backup = join(s.dir, 'state-after-page-k-1.json');
    first = s.runner(
      hooked(s.stack, (n) => void (n === K + 1 && first?.close())),
      {
        emit: (_event, info) => {
          // Keep the state as it was after page K-1: restoring it below is a crash between the items
          // append of page K and the state write that counts it.
          if (info.pages === K - 1 && info.state === 'running') copyFileSync(join(s.dir, 'jobs', info.id, STATE_FILE), backup);
        },
      },
    );
    await first.open();
    const { id } = await first.start(jobSpec({ kind: 'followers', target: user.pk }));
    await first.settled(id);
    const folder = join(s.dir, 'jobs', id);
    copyFileSync(backup, join(folder, STATE_FILE));
    appendFileSync(join(folder, ITEMS_FILE), '{"record":{"kind":"user","id":"12'); // a crash mid-append

    const stack = await callStack(sim, s.key, s.dir);
    const second = createJobRunner({ calls: stack.calls, dir: join(s.dir, 'jobs'), emit: () => undefined, log: () => undefined });
    await second.open();
    const done = await second.settled(id);

    expect(done).toMatchObject({ state: 'done', items: user.followers.length });
    expect(idsOf(itemsIn(done?.output ?? null))).toEqual(user.followers);
    // Page K was asked again (from the cache), its items were already there.
    expect(stack.ledger[0]).toMatchObject({ cacheHit: true });
  });

  it('a job failed by reset connections keeps its items, and a new runner resumes it to the end on request', async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const pages = pagesOf(user.followers.length, await firstPageSize(sim, FOLLOWERS, { user_id: user.pk }));
    const s = await setup();
    // Page K+1 meets a reset connection on the first try and on both retries of the client.
    const first = s.runner(hooked(s.stack, (n) => void (n === K + 1 && sim.faults.set({ reset: { count: 3, path: FOLLOWERS } }))));
    await first.open();
    const { id } = await first.start(jobSpec({ kind: 'followers', target: user.pk }));
    const failed = await first.settled(id);
    sim.faults.clear();
    expect(failed).toMatchObject({ state: 'failed', pages: K, unitsSpent: K });
    expect(failed?.error).toEqual(expect.any(String));
    expect(idsOf(itemsIn(failed?.output ?? null))).toHaveLength(failed?.items ?? -1);
    await first.close();

    const stack = await callStack(sim, s.key, s.dir);
    const second = createJobRunner({ calls: stack.calls, dir: join(s.dir, 'jobs'), emit: () => undefined, log: () => undefined });
    await second.open();
    expect(second.get(id)?.state).toBe('failed'); // a failed job waits for the user
    expect(await second.control(id, 'resume')).toMatchObject({ state: 'running', error: null });
    const done = await second.settled(id);
    expect(done).toMatchObject({ state: 'done', items: user.followers.length, pages, unitsSpent: pages });
    expect(idsOf(itemsIn(done?.output ?? null))).toEqual(user.followers);
    expect(sim.keys.spent(s.key)).toBe(pages); // resets are not billed
  });
});

describe('bulk jobs: budget and control', () => {
  it('stops before spending past the budget and hands what it collected to the export', async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const size = await firstPageSize(sim, FOLLOWERS, { user_id: user.pk });
    const s = await setup();
    const exported: { items: SavedItem[]; spec: JobSpec }[] = [];
    const runner = s.runner(s.stack.calls, {
      toExport: async (items, spec) => {
        exported.push({ items, spec });
        return '/exports/followers.csv';
      },
    });
    await runner.open();
    const spec = jobSpec({ kind: 'followers', target: user.pk, budget: 3, then: 'export' });
    const done = await runner.settled((await runner.start(spec)).id);

    expect(done).toMatchObject({ state: 'stopped_budget', unitsSpent: 3, pages: 3, items: 3 * size, output: '/exports/followers.csv' });
    expect(sim.keys.spent(s.key)).toBe(3);
    expect(exported).toHaveLength(1);
    expect(exported[0]?.spec).toEqual(spec);
    expect(idsOf(exported[0]?.items ?? [])).toEqual(user.followers.slice(0, 3 * size));
  });

  it('fails with the service message when the balance runs out, having spent what there was', async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const s = await setup(2);
    const runner = s.runner();
    await runner.open();
    const done = await runner.settled((await runner.start(jobSpec({ kind: 'followers', target: user.pk }))).id);
    expect(done).toMatchObject({ state: 'failed', pages: 2, unitsSpent: 2 });
    expect(done?.error).toMatch(/units|top up|balance/i);
    expect(sim.keys.spent(s.key)).toBe(2);
  });

  it('pauses after the page under way, resumes where it stopped, and cancel or remove stop it for good', async () => {
    const user = accountWithFollowers(sim, 150, 400);
    const s = await setup();
    let runner: JobRunner | null = null;
    let id = '';
    runner = s.runner(hooked(s.stack, (n) => void (n === 3 && runner?.control(id, 'pause'))));
    await runner.open();
    id = (await runner.start(jobSpec({ kind: 'followers', target: user.pk }))).id;
    expect(await runner.settled(id)).toMatchObject({ state: 'paused', pages: 3 });
    expect(sim.keys.spent(s.key)).toBe(3);

    await runner.control(id, 'resume');
    const done = await runner.settled(id);
    expect(done?.state).toBe('done');
    expect(idsOf(itemsIn(done?.output ?? null))).toEqual(user.followers);

    let other = '';
    const second = s.runner(hooked(s.stack, (n) => void (n === 2 && second.control(other, 'cancel'))));
    await second.open();
    other = (await second.start(jobSpec({ kind: 'followers', target: user.pk }))).id;
    const cancelled = await second.settled(other);
    expect(cancelled).toMatchObject({ state: 'cancelled', pages: 2 });
    expect(idsOf(itemsIn(cancelled?.output ?? null))).toEqual(user.followers.slice(0, cancelled?.items));
    expect(await second.control(other, 'resume')).toMatchObject({ state: 'cancelled' });

    expect(await second.control(other, 'remove')).toBeNull();
    expect(existsSync(join(s.dir, 'jobs', other))).toBe(false);
    expect(second.list().map((j) => j.id)).toEqual([id]);
  });
});
