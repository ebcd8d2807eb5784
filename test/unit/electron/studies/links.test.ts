// A study folder may come from someone else, holding symbolic links where Feedlens writes: `exports` and
// `media` pointing at a folder of the user's (their ~/.ssh, say), a link deeper inside, a link in place of
// the database's journal. Through the real core: every export, chart and media save is refused with a
// message that names the link and says what to do, and nothing is written (or changed) where they point.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import type { RunInfo, StudyInfo } from '../../../../shared/ipc/studies';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';
import { chartsOf } from '../../../../shared/charts';
import { rgbaPng } from '../analysis/png-fixtures';

const ctx = { senderId: 1 };
let sim: Simulator;
let dataDir: string;
/** The user's own folder the links point at. */
let outside: string;
let core: AppCore;
let study: StudyInfo;
let run: RunInfo;
let account: WorldUser;
let picked = '';

/** Every file and folder under `dir`, with each file's sha256. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true })
      .map(String)
      .sort()
      .map((name) => {
        const path = join(dir, name);
        return [name, statSync(path).isFile() ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'folder'];
      }),
  );
}

/** Puts a symbolic link to `target` at `path`, in place of whatever was there. */
function linkAt(path: string, target: string): void {
  rmSync(path, { recursive: true, force: true });
  symlinkSync(target, path);
}

function realFolderAt(path: string): void {
  rmSync(path, { recursive: true, force: true });
  mkdirSync(path);
}

const refusedFor = (link: string) => ({ kind: 'validation', message: expect.stringContaining(`${link} is a symbolic link to ${outside}`) });
const CHART = {
  name: 'Posts per day',
  kind: 'activity' as const,
  data: chartsOf([{ takenAt: 1_767_225_600, likes: 1, comments: 0, plays: null, hashtags: ['cats'], mentions: [], tagged: [], coauthors: [] }], { unit: 'day', timeZone: 'UTC' }),
  palette: { background: '#ffffff', text: '#16181d', muted: '#4f5665', border: '#dde1e8', sunken: '#eceef2', series: ['#2f5bd3'] },
  width: 600,
  png: rgbaPng(64, 48).toString('base64'),
};

beforeAll(async () => {
  sim = createSimulator({ seed: 11 });
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-study-links-'));
  outside = join(dataDir, 'home', '.ssh');
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'authorized_keys'), 'ssh-ed25519 AAAA the user\n');
  core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, {
      ask: createAskRecorder('confirm').ask,
      pickFolder: async () => picked,
      fetchMedia: (url, init) => sim.handle(new Request(url, init)),
    }),
  );
  await core.start();
  picked = join(dataDir, 'study');
  study = await core.handlers.studyCreate({ name: 'From a colleague', description: '' }, ctx);
  account = sim.world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.posts.length > 3 && u.posts.length < 30)!;
  await core.handlers.studyTargetsAdd({ id: study.id, text: `@${account.username}`, collect: { lists: ['posts'], since: null, until: null, maxUnitsPerRun: null } }, ctx);
  await core.handlers.studyRunStart({ id: study.id, budget: 50 }, ctx);
  for (let i = 0; i < 400; i++) {
    const last = (await core.handlers.studyRuns({ id: study.id }, ctx))[0];
    if (last && last.state !== 'running') {
      run = last;
      break;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(run?.state).toBe('done');
}, 60_000);
afterAll(async () => {
  await core?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('symbolic links in a study folder that lead out of it', () => {
  it('exports, the analysis exports, a chart and the media refuse `exports`, `media` and `.feedlens` that are links out, writing nothing there', async () => {
    const exportsLink = join(study.folder, 'exports');
    const mediaLink = join(study.folder, 'media');
    const queueLink = join(study.folder, '.feedlens');
    linkAt(exportsLink, outside);
    linkAt(mediaLink, outside);
    linkAt(queueLink, outside);
    const before = snapshot(outside);

    await expect(core.handlers.studyExport({ id: study.id, scope: 'seen', format: 'ndjson' }, ctx)).rejects.toMatchObject(refusedFor(exportsLink));
    await expect(core.handlers.studyExport({ id: study.id, runId: run.id, scope: 'seen', format: 'zip' }, ctx)).rejects.toMatchObject(refusedFor(exportsLink));
    await expect(core.handlers.studyAnalysisExport({ id: study.id, kind: '4cat', scope: 'seen' }, ctx)).rejects.toMatchObject(refusedFor(exportsLink));
    await expect(core.handlers.studyAnalysisExport({ id: study.id, kind: 'parquet', scope: 'seen' }, ctx)).rejects.toMatchObject(refusedFor(exportsLink));
    await expect(core.handlers.chartSave({ studyId: study.id, ...CHART }, ctx)).rejects.toMatchObject(refusedFor(exportsLink));
    // The media queue keeps its state in .feedlens: refused first; with a real .feedlens, the media link is.
    await expect(core.handlers.studyRunMedia({ id: study.id, runId: run.id }, ctx)).rejects.toMatchObject(refusedFor(queueLink));
    realFolderAt(queueLink);
    await expect(core.handlers.studyRunMedia({ id: study.id, runId: run.id }, ctx)).rejects.toMatchObject(refusedFor(mediaLink));

    expect(snapshot(outside)).toEqual(before);
  });

  it('a link deeper inside (exports/charts, media/<account>) is refused too, and the study works again once they are real folders', async () => {
    realFolderAt(join(study.folder, 'exports'));
    realFolderAt(join(study.folder, 'media'));
    const chartsLink = join(study.folder, 'exports', 'charts');
    const accountLink = join(study.folder, 'media', account.username);
    linkAt(chartsLink, outside);
    linkAt(accountLink, outside);
    const before = snapshot(outside);

    await expect(core.handlers.chartSave({ studyId: study.id, ...CHART }, ctx)).rejects.toMatchObject(refusedFor(chartsLink));
    // The files go to media/<account>/: each fails, saying why, and none lands where the link points.
    const queued = await core.handlers.studyRunMedia({ id: study.id, runId: run.id }, ctx);
    expect(queued.queued).toBeGreaterThan(0);
    const stateFile = join(study.folder, '.feedlens', 'downloads', 'queue.json');
    let tasks: { state: string; error: string | null }[] = [];
    for (let i = 0; i < 400; i++) {
      tasks = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as { tasks: typeof tasks }).tasks : [];
      if (tasks.length > 0 && tasks.every((t) => t.state === 'failed')) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(tasks.length).toBe(queued.queued);
    for (const t of tasks) expect(t).toMatchObject({ state: 'failed', error: expect.stringContaining(`${accountLink} is a symbolic link to ${outside}`) });
    expect(snapshot(outside)).toEqual(before);

    realFolderAt(chartsLink);
    const chart = await core.handlers.chartSave({ studyId: study.id, ...CHART }, ctx);
    expect(chart.files.every((f) => f.startsWith(chartsLink) && existsSync(f))).toBe(true);
    const exported = await core.handlers.studyExport({ id: study.id, scope: 'seen', format: 'ndjson' }, ctx);
    expect(exported.path.startsWith(join(study.folder, 'exports'))).toBe(true);
    // The study was collected in demo mode: its chart files are named so, as its exports are.
    expect([exported.path, ...chart.files].map((f) => basename(f).slice(0, 10))).toEqual(Array(4).fill('simulated_'));
    expect(snapshot(outside)).toEqual(before);
  });

  it('a study whose database journal is a link out of its folder is not opened (SQLite would write through it)', async () => {
    picked = join(dataDir, 'second');
    const second = await core.handlers.studyCreate({ name: 'Second', description: '' }, ctx);
    await core.handlers.studyForget({ id: second.id }, ctx);
    const wal = join(second.folder, 'study.sqlite-wal');
    linkAt(wal, join(outside, 'authorized_keys'));
    const before = snapshot(outside);
    picked = second.folder;
    await expect(core.handlers.studyOpenFolder({}, ctx)).rejects.toMatchObject({ kind: 'validation', message: expect.stringContaining(`${wal} is a symbolic link to ${join(outside, 'authorized_keys')}`) });
    expect(snapshot(outside)).toEqual(before);
  });
});
