// Studies through the real core and IPC handlers, over the in-process simulator: a study made in the
// folder main's picker returns, targets pasted in bulk (preview, lookups after main's question), runs
// authorised only by main's question, a schedule within its daily budget (and a run missed while the
// app was closed), exports, and the database read by the sqlite3 command line.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import type { RunInfo, StudyInfo } from '../../../../shared/ipc/studies';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';

const ctx = { senderId: 1 };
const POSTS = { lists: ['posts' as const], since: null, until: null, maxUnitsPerRun: null };
let sim: Simulator;
let dataDir: string;
let core: AppCore;
let clock = Date.UTC(2026, 10, 20, 9, 0, 0);
const asks = createAskRecorder('confirm');
const notes: { title: string; body: string }[] = [];
let picked: string | null = null;

function makeCore(): AppCore {
  return createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, {
      ask: asks.ask,
      pickFolder: async () => picked,
      notify: (n) => void notes.push(n),
      fetchMedia: (url, init) => sim.handle(new Request(url, init)),
      now: () => clock,
    }),
  );
}

beforeAll(async () => {
  sim = createSimulator({ seed: 7 });
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-core-studies-'));
  core = makeCore();
  await core.start();
});
afterAll(async () => {
  await core?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function settled(studyId: string): Promise<RunInfo> {
  for (let i = 0; i < 400; i++) {
    const { runs } = await core.handlers.studyGet({ id: studyId }, ctx);
    const run = runs[0];
    if (run && run.state !== 'running') return run;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the run did not stop');
}

const publicUsers = () => sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.posts.length > 3 && u.posts.length < 30);

describe('a study through the core', () => {
  let study: StudyInfo;

  it('is made in the folder main’s picker returns, and cancelling the picker makes none', async () => {
    picked = null;
    await expect(core.handlers.studyCreate({ name: 'Local food', description: '' }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    picked = join(dataDir, 'chosen');
    study = await core.handlers.studyCreate({ name: 'Local food', description: 'Cafés over a month' }, ctx);
    expect(study).toMatchObject({ name: 'Local food', folder: picked, database: join(picked, 'study.sqlite'), targets: 0, problem: null });
    expect(existsSync(join(picked, 'media'))).toBe(true);
    expect(existsSync(join(picked, 'exports'))).toBe(true);
    expect((await core.handlers.studyList({}, ctx)).map((s) => s.id)).toEqual([study.id]);
  });

  it('previews pasted entries (valid, duplicate, invalid, to look up) sending nothing, then adds them after main asks for the lookups', async () => {
    const users = publicUsers();
    const [a, b, c] = users;
    const tag = sim.world.hashtags.find((h) => h.recent.length > 5)!;
    const text = [
      `@${a!.username}`,
      `https://www.instagram.com/${b!.username}/`,
      c!.pk,
      `#${tag.name}`,
      `@${a!.username}`, // duplicate of line 1
      'not a valid entry!',
      '@nobody.here.at.all',
    ].join('\n');
    const before = sim.keys.spent(sim.demoKey);
    const preview = await core.handlers.studyTargetsPreview({ id: study.id, text }, ctx);
    expect(preview.counts).toEqual({ valid: 2, resolve: 3, duplicate: 1, invalid: 1 });
    expect(preview.resolveUnits).toBe(3);
    expect(preview.entries[4]).toMatchObject({ status: 'duplicate', note: 'Same as line 1.' });
    expect(sim.keys.spent(sim.demoKey)).toBe(before);

    asks.policy = 'decline';
    await expect(core.handlers.studyTargetsAdd({ id: study.id, text, collect: POSTS }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    expect(asks.asked.at(-1)).toMatchObject({ purpose: 'spend', title: 'Spend 3 requests?' });
    expect((await core.handlers.studyGet({ id: study.id }, ctx)).targets).toHaveLength(0);
    expect(sim.keys.spent(sim.demoKey)).toBe(before);

    asks.policy = 'confirm';
    const added = await core.handlers.studyTargetsAdd({ id: study.id, text, collect: POSTS }, ctx);
    expect(added).toMatchObject({ added: 4, duplicates: 1, invalid: 1, notFound: ['@nobody.here.at.all'], unitsSpent: 3 });
    const { targets } = await core.handlers.studyGet({ id: study.id }, ctx);
    expect(targets.map((t) => t.key)).toEqual([a!.pk, b!.pk, c!.pk, tag.name.toLowerCase()]);
    // Pasting the same again adds nothing and costs nothing: the study knows them now.
    const again = await core.handlers.studyTargetsPreview({ id: study.id, text }, ctx);
    expect(again.counts).toMatchObject({ valid: 0, resolve: 1, duplicate: 5 });
  });

  it('starts a run only after main’s question; the estimate of a first run is within a page a list of what it bills where sizes are known', async () => {
    const estimate = await core.handlers.studyRunEstimate({ id: study.id }, ctx);
    asks.policy = 'decline';
    await expect(core.handlers.studyRunStart({ id: study.id, budget: estimate.suggestedBudget }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    expect((await core.handlers.studyGet({ id: study.id }, ctx)).runs).toHaveLength(0);
    asks.policy = 'confirm';
    const before = sim.keys.spent(sim.demoKey);
    await core.handlers.studyRunStart({ id: study.id, budget: estimate.suggestedBudget }, ctx);
    expect(asks.asked.at(-1)).toMatchObject({ purpose: 'job', title: `Spend up to ${estimate.suggestedBudget} requests?` });
    const run = await settled(study.id);
    expect(run).toMatchObject({ state: 'done', mode: 'demo', trigger: 'manual', estimate: estimate.units });
    expect(sim.keys.spent(sim.demoKey) - before).toBe(run.unitsSpent);
    const detail = await core.handlers.studyRunDetail({ id: study.id, runId: run.id }, ctx);
    if (process.env.STUDY_DEBUG) console.log(JSON.stringify({ lines: estimate.lines, targets: detail.targets }, null, 1));
    // Lists of known size (accounts whose profile the study holds): within a page each; the others are
    // marked open (read to their end within the budget).
    for (const t of detail.targets) {
      const lines = estimate.lines.filter((l) => l.targetId === t.targetId);
      if (lines.some((l) => l.open)) continue;
      expect(Math.abs(t.units - lines.reduce((n, l) => n + l.units, 0))).toBeLessThanOrEqual(lines.length);
    }
    expect(estimate.lines.filter((l) => l.open).map((l) => l.label)).toEqual([expect.stringMatching(/^user \d+$/), `#${estimate.lines.at(-1)!.label.slice(1)}`]);
    expect(notes.at(-1)).toMatchObject({ title: 'Local food: run finished', body: expect.stringContaining(`for ${run.unitsSpent} requests`) });
  });

  it('answers a documented query in the sqlite3 command-line tool', () => {
    const out = execFileSync('sqlite3', ['-readonly', '-separator', '|', study.database, "SELECT username, count(*) FROM posts GROUP BY username ORDER BY username"], { encoding: 'utf8' });
    const rows = out.trim().split('\n').map((l) => l.split('|'));
    const users = publicUsers().slice(0, 3);
    for (const u of users) expect(rows).toContainEqual([u.username, String(u.posts.filter((pk) => sim.world.mediaByPk.get(pk)!.ownerPk === u.pk).length)]);
    const fts = execFileSync('sqlite3', ['-readonly', study.database, "SELECT count(*) FROM records_fts WHERE records_fts MATCH 'the'"], { encoding: 'utf8' });
    expect(Number(fts.trim())).toBeGreaterThan(0);
  });

  it('exports a run to the study’s own exports folder', async () => {
    const run = (await core.handlers.studyRuns({ id: study.id }, ctx))[0]!;
    const out = await core.handlers.studyExport({ id: study.id, runId: run.id, scope: 'new', format: 'ndjson' }, ctx);
    expect(out.path.startsWith(join(study.folder, 'exports'))).toBe(true);
    const lines = readFileSync(out.path, 'utf8').trim().split('\n');
    expect(lines.length).toBe(out.rows);
    expect(out.rows).toBeGreaterThan(run.newItems - 1);
    // Pseudonymised with the study's own key: the same person, the same pseudonym, in every export of it.
    const a = await core.handlers.studyExport({ id: study.id, runId: run.id, scope: 'seen', format: 'json', pseudonymise: { dropNames: false, dropPictures: false, dropText: false } }, ctx);
    const b = await core.handlers.studyExport({ id: study.id, scope: 'seen', format: 'json', pseudonymise: { dropNames: false, dropPictures: false, dropText: false } }, ctx);
    const manifest = (p: string | null) => JSON.parse(readFileSync(p ?? '', 'utf8')) as { pseudonymisation: { project: string; keyFingerprint: string } };
    expect(manifest(a.manifestPath).pseudonymisation.project).toBe(`study:${study.id}`);
    expect(manifest(a.manifestPath).pseudonymisation.keyFingerprint).toBe(manifest(b.manifestPath).pseudonymisation.keyFingerprint);
    const publicUser = publicUsers()[0]!;
    expect(readFileSync(a.path, 'utf8')).not.toContain(publicUser.username);
  });

  it('is forgotten and opened again from its folder (moved, archived, from a colleague) as the same study', async () => {
    const before = await core.handlers.studyGet({ id: study.id }, ctx);
    // A pass over its media, running when the study is forgotten, ends with it rather than failing after.
    expect((await core.handlers.studyMediaStart({ id: study.id, languages: [] }, ctx)).state).toBe('running');
    expect(await core.handlers.studyForget({ id: study.id }, ctx)).toBe(true);
    expect(await core.handlers.studyList({}, ctx)).toEqual([]);
    expect(existsSync(study.database)).toBe(true); // its folder stays
    picked = join(dataDir, 'nowhere');
    await expect(core.handlers.studyOpenFolder({}, ctx)).rejects.toMatchObject({ kind: 'validation' });
    picked = study.folder;
    const opened = await core.handlers.studyOpenFolder({}, ctx);
    expect(opened).toMatchObject({ id: study.id, name: 'Local food', targets: before.targets.length, items: before.study.items });
    expect((await core.handlers.studyGet({ id: study.id }, ctx)).runs).toEqual(before.runs);
    // Nothing of the stopped pass goes on against the study opened again: it waits for a new start.
    expect((await core.handlers.studyMediaStatus({ id: study.id }, ctx)).state).toBe('idle');
  });

  it('saves the media of what a run found new into the study’s own media folder', async () => {
    const run = (await core.handlers.studyRuns({ id: study.id }, ctx))[0]!;
    const saved = await core.handlers.studyRunMedia({ id: study.id, runId: run.id }, ctx);
    expect(saved.folder).toBe(join(study.folder, 'media'));
    expect(saved.queued).toBeGreaterThan(0);
    let files: string[] = [];
    for (let i = 0; i < 400 && !files.some((f) => f.endsWith('.json')); i++) {
      await new Promise((r) => setTimeout(r, 25));
      files = existsSync(saved.folder) ? readdirSync(saved.folder, { recursive: true }).map(String) : [];
    }
    expect(files.some((f) => /\.(jpg|png|mp4)$/.test(f))).toBe(true);
    expect(files.some((f) => f.endsWith('.json'))).toBe(true); // the sidecars, with each item's provenance
  });

  it('starts no run when a schedule is set: the first one comes a period later, unless “Run now as well” asked for one', async () => {
    asks.policy = 'confirm';
    const runs = (await core.handlers.studyRuns({ id: study.id }, ctx)).length;
    const spent = sim.keys.spent(sim.demoKey);
    const schedule = await core.handlers.studyScheduleSet({ id: study.id, everyHours: 6, dailyBudget: 3 }, ctx);
    expect(asks.asked.at(-1)).toMatchObject({ title: 'Spend up to 3 requests a day?', message: expect.stringContaining('The first run starts in 6 hours.') });
    expect(schedule).toMatchObject({ nextRunAt: clock + 6 * 3_600_000, confirmed: true, waiting: null });
    core.tickSchedules();
    expect((await core.handlers.studyRuns({ id: study.id }, ctx)).length).toBe(runs);
    expect(sim.keys.spent(sim.demoKey)).toBe(spent);
    expect(await core.handlers.studyScheduleClear({ id: study.id }, ctx)).toBe(true);
  });

  it('runs on a schedule within its daily budget, and a run missed while the app was closed runs at the next start', async () => {
    asks.policy = 'decline';
    await expect(core.handlers.studyScheduleSet({ id: study.id, everyHours: 6, dailyBudget: 3, runNow: true }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    asks.policy = 'confirm';
    const before = (await core.handlers.studyRuns({ id: study.id }, ctx)).length;
    const schedule = await core.handlers.studyScheduleSet({ id: study.id, everyHours: 6, dailyBudget: 3, runNow: true }, ctx);
    expect(asks.asked.at(-1)).toMatchObject({ title: 'Spend up to 3 requests a day?', message: expect.stringContaining('The first run starts now.') });
    expect(schedule).toMatchObject({ everyHours: 6, dailyBudget: 3, mode: 'demo' });
    // “Run now as well”: the first scheduled run starts at once, and stops at the daily budget.
    const first = await settled(study.id);
    expect(first).toMatchObject({ trigger: 'schedule', state: 'stopped_budget', unitsSpent: 3 });
    expect(first.message).toContain('daily budget');
    expect((await core.handlers.studyGet({ id: study.id }, ctx)).study.schedule).toMatchObject({ spentToday: 3, waiting: expect.stringContaining('Today') });
    // Later the same day: due, but nothing is left of today's budget.
    clock += 7 * 3_600_000;
    core.tickSchedules();
    expect((await core.handlers.studyRuns({ id: study.id }, ctx)).length).toBe(before + 1);

    // The app closes; the next day it starts again and runs what it missed, within the new day's budget.
    await core.stop();
    clock += 24 * 3_600_000;
    core = makeCore();
    await core.start();
    const missed = await settled(study.id);
    expect(missed).toMatchObject({ trigger: 'schedule', unitsSpent: 3 });
    expect(missed.estimate).toEqual(expect.any(Number)); // scheduled runs record their estimate too
    expect((await core.handlers.studyRuns({ id: study.id }, ctx)).length).toBe(before + 2);
    expect(await core.handlers.studyScheduleClear({ id: study.id }, ctx)).toBe(true);
  });
});
