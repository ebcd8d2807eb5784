// A study's data at hand through the real core and its IPC handlers, with the world clock: an account
// renames itself, edits its biography and deletes two posts between two runs. The timeline shows the
// rename and the biography's change; "Still there?" spends only after main's own question (declined:
// nothing is sent), then marks exactly the two posts gone and bills one unit per item checked; codes and
// notes come back out of a CSV and an NDJSON export unchanged, next to UTC ISO 8601 times and epoch seconds.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import type { RunInfo, StudyInfo } from '../../../../shared/ipc/studies';
import { OPS, type OpArgs } from '../../../../shared/ipc';
import type { CheckInfo, StudyDataOpResults } from '../../../../shared/ipc/study-data';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';
import { csvObjects } from '../export/support';

const ctx = { senderId: 1 };
const HOUR = 3_600_000;
const NEW_BIO = 'Small-batch roasting by the canal. Orders by message only.';
let sim: Simulator;
let dataDir: string;
let core: AppCore;
let study: StudyInfo;
let u: WorldUser;
let oldName = '';
let deleted: string[] = [];
let targetId = 0;
const asks = createAskRecorder('confirm');

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 800; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('it did not settle');
}
/** A data operation as the router hands it over: its arguments validated, defaults filled in. */
type DataOp = keyof StudyDataOpResults;
const op = <K extends DataOp>(name: K, args: OpArgs<K>): Promise<StudyDataOpResults[K]> =>
  (core.handlers[name] as (a: unknown, c: typeof ctx) => Promise<StudyDataOpResults[K]>)(OPS[name].parse(args), ctx);
const lastRun = (id: string) => until(async () => (await core.handlers.studyGet({ id }, ctx)).runs[0] as RunInfo | undefined, (r) => r !== undefined && r.state !== 'running');

async function run(): Promise<RunInfo> {
  const estimate = await core.handlers.studyRunEstimate({ id: study.id }, ctx);
  await core.handlers.studyRunStart({ id: study.id, budget: estimate.suggestedBudget + 50 }, ctx);
  return (await lastRun(study.id))!;
}

let spentAtStart = 0;
let lookups = 0;

beforeAll(async () => {
  sim = createSimulator({ seed: 11 });
  spentAtStart = sim.keys.spent(sim.demoKey);
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-core-data-'));
  core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, {
      ask: asks.ask,
      pickFolder: async () => join(dataDir, 'study'),
      notify: () => undefined,
      fetchMedia: (url, init) => sim.handle(new Request(url, init)),
    }),
  );
  await core.start();
  u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.posts.length >= 6 && x.posts.length <= 20)!;
  oldName = u.username;
  study = await core.handlers.studyCreate({ name: 'Cafés', description: '' }, ctx);
  // A username the service does not know: its lookup is billed, and counted as the study's.
  const added = await core.handlers.studyTargetsAdd({ id: study.id, text: `@${oldName}\n@nobody.here.at.all`, collect: { lists: ['posts'], since: null, until: null, maxUnitsPerRun: null } }, ctx);
  expect(added).toMatchObject({ added: 1, notFound: ['@nobody.here.at.all'] });
  lookups = added.unitsSpent;
  expect((await run()).state).toBe('done');

  const before = [...u.posts];
  sim.clock.advance(HOUR);
  sim.clock.rename(u.pk, `${oldName}_studio`);
  sim.clock.editBio(u.pk, NEW_BIO);
  deleted = before.filter((pk) => sim.world.mediaByPk.has(pk)).slice(2, 4);
  for (const pk of deleted) sim.clock.deletePost(pk);
  expect((await run()).state).toBe('done');
  targetId = (await op('studyAccounts', { id: study.id }))[0]!.targetId;
}, 90_000);
afterAll(async () => {
  await core?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('what changed', () => {
  it('lists the account once, by its user id, with its former username and one change', async () => {
    const accounts = await op('studyAccounts', { id: study.id });
    expect(accounts).toEqual([expect.objectContaining({ userId: u.pk, username: `${oldName}_studio`, snapshots: 2, changes: 1, formerUsernames: [oldName] })]);
  });

  it('shows every row of the renamed account in the data browser under its current name, the old one beside it', async () => {
    const rows = (await op('studyBrowse', { id: study.id, query: { kinds: ['post', 'reel', 'user'] }, offset: 0, limit: 500 })).rows.filter((r) => r.ownerId === u.pk || r.id === u.pk);
    expect(rows.length).toBeGreaterThan(5);
    expect(new Set(rows.map((r) => `${r.username} ${r.formerUsernames.join(',')}`))).toEqual(new Set([`${oldName}_studio ${oldName}`]));
  });

  it('shows the rename and the biography’s change between the two runs, with both dates', async () => {
    const t = await op('studyTimeline', { id: study.id, targetId });
    expect(t.changes).toHaveLength(1);
    const [change] = t.changes;
    const fields = Object.fromEntries(change!.fields.map((f) => [f.field, f]));
    expect(fields.username).toEqual({ field: 'username', before: oldName, after: `${oldName}_studio` });
    expect(fields.biography).toEqual({ field: 'biography', before: t.snapshots[0]!.values.biography, after: NEW_BIO });
    expect(change!.since).toBe(t.snapshots[0]!.seenAt);
    expect(change!.at).toBe(t.snapshots[1]!.seenAt);
  });
});

describe('Still there?', () => {
  it('asks main’s question with the quoted cost; declined, nothing is sent', async () => {
    const quote = await op('studyCheckQuote', { id: study.id, scope: { targetId } });
    expect(quote.items).toBeGreaterThan(2);
    expect(quote.units).toBe(quote.items);
    asks.policy = 'decline';
    const spent = sim.keys.spent(sim.demoKey);
    await expect(op('studyCheckStart', { id: study.id, scope: { targetId } })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(asks.asked.at(-1)).toMatchObject({ purpose: 'job', title: `Spend ${quote.units} requests?` });
    expect(sim.keys.spent(sim.demoKey)).toBe(spent);
    expect(await op('studyChecks', { id: study.id })).toEqual([]);
  });

  it('confirmed, marks exactly the two deleted posts gone and bills one unit per item checked', async () => {
    asks.policy = 'confirm';
    const quote = await op('studyCheckQuote', { id: study.id, scope: { targetId } });
    const spent = sim.keys.spent(sim.demoKey);
    const started = await op('studyCheckStart', { id: study.id, scope: { targetId } });
    expect(started.budget).toBe(quote.units);
    const check = await until(async () => (await op('studyChecks', { id: study.id }))[0] as CheckInfo, (c) => c.state !== 'running');
    expect(check).toMatchObject({ state: 'done', items: quote.items, checked: quote.items, gone: 2, online: quote.items - 2, unitsSpent: quote.items });
    expect(sim.keys.spent(sim.demoKey) - spent).toBe(quote.items);
    const gone = await op('studyBrowse', { id: study.id, query: { statuses: ['gone'] }, offset: 0, limit: 50 });
    expect(gone.rows.map((r) => r.id).sort()).toEqual([...deleted].sort());
    // A gone post opens as it was last seen, with the time of the check.
    const record = await op('studyRecord', { id: study.id, rowid: gone.rows[0]!.rowid });
    expect(record).toMatchObject({ status: 'gone', checkedAt: expect.any(Number), record: { kind: 'post', id: gone.rows[0]!.id } });
    expect(record.checks.at(-1)).toMatchObject({ checkId: check.id, status: 'gone' });
    // One still there was stored afresh: it names the re-check's request as where it comes from.
    const online = (await op('studyBrowse', { id: study.id, query: { statuses: ['online'], kinds: ['post'] }, offset: 0, limit: 1 })).rows[0]!;
    expect((await op('studyRecord', { id: study.id, rowid: online.rowid })).provenance).toMatchObject({ path: '/v1/media/by/id', params: { id: online.id } });
  });
});

describe('codes and notes in exports', () => {
  it('come back out of CSV and NDJSON exports as they were written, with times in UTC ISO 8601 and epoch seconds', async () => {
    const codes = await op('studyCodeSave', { id: study.id, name: 'Promotion', description: 'Sells something', color: '#aa3355', shortcut: '1' });
    const both = await op('studyCodeSave', { id: study.id, name: 'Irony; "quoted"', description: '', color: '', shortcut: '2' });
    const promo = codes[0]!.id;
    const irony = both.find((c) => c.name.startsWith('Irony'))!.id;
    const posts = (await op('studyBrowse', { id: study.id, query: { kinds: ['post', 'reel'], sort: 'taken_at', desc: false }, offset: 0, limit: 500 })).rows;
    const [a, b] = posts;
    await op('studyCodeApply', { id: study.id, rows: { rowids: [a!.rowid, b!.rowid] }, codeId: promo, on: true });
    await op('studyCodeApply', { id: study.id, rows: { rowids: [b!.rowid] }, codeId: irony, on: true });
    const note = 'Price list in the 2nd image, "DM to order";\nsee the story of the same day.';
    await op('studyNoteSet', { id: study.id, rowid: b!.rowid, text: note });
    const rows = { query: { kinds: ['post' as const, 'reel' as const] } };

    const csv = await op('studyRowsExport', { id: study.id, rows, format: 'csv' });
    expect(csv.rows).toBe(posts.length);
    const { header, rows: lines } = csvObjects(readFileSync(csv.path, 'utf8').replace(/^\uFEFF/, ''));
    expect(header.slice(-10)).toEqual(['status', 'checked_at', 'checked_at_unix', 'codes', 'notes', 'media_text', 'media_text_confidence', 'phash', 'reuse_group', 'keyframes']);
    // 4CAT's id column is the shortcode.
    const byCode = new Map(lines.map((l) => [l.id, l]));
    const codeOf = (id: string) => posts.find((p) => p.id === id)!.code!;
    const byId = (id: string) => byCode.get(codeOf(id));
    expect(byId(a!.id)).toMatchObject({ codes: 'Promotion', notes: '' });
    expect(byId(b!.id)).toMatchObject({ codes: 'Irony; "quoted",Promotion', notes: note });
    const goneLine = byId(deleted[0]!)!;
    expect(goneLine.status).toBe('gone');
    expect(goneLine.checked_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(goneLine.checked_at!) / 1000).toBe(Number(goneLine.checked_at_unix));
    // The post's own time: UTC, next to its epoch seconds.
    expect(Date.parse(`${byId(a!.id)!.timestamp!.replace(' ', 'T')}Z`) / 1000).toBe(Number(byId(a!.id)!.unix_timestamp));
    expect(Number(byId(a!.id)!.unix_timestamp)).toBe(a!.takenAt);

    const nd = await op('studyRowsExport', { id: study.id, rows, format: 'ndjson' });
    const items = readFileSync(nd.path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { record: { id: string }; study: { status: string | null; checkedAt: string | null; checkedAtUnix: number | null; codes: string[]; notes: string | null } });
    const study2 = new Map(items.map((i) => [i.record.id, i.study]));
    expect(study2.get(a!.id)).toMatchObject({ codes: ['Promotion'], notes: null });
    expect(study2.get(b!.id)).toMatchObject({ codes: ['Irony; "quoted"', 'Promotion'], notes: note });
    const g = study2.get(deleted[1]!)!;
    expect(g.status).toBe('gone');
    expect(Date.parse(g.checkedAt!) / 1000).toBe(g.checkedAtUnix);
    expect(g.checkedAt).toMatch(/Z$/);
  });
});

describe('spend that reconciles', () => {
  it('the study, its runs and checks, the request log and the balance agree to the unit (lookups and billed 404s included)', async () => {
    const runs = (await core.handlers.studyRuns({ id: study.id }, ctx)) as RunInfo[];
    const checks = await op('studyChecks', { id: study.id });
    expect(checks.some((c) => c.gone > 0)).toBe(true); // the re-check met 404s
    const header = (await core.handlers.studyGet({ id: study.id }, ctx)).study.units;
    const parts = lookups + runs.reduce((n, r) => n + r.unitsSpent, 0) + checks.reduce((n, c) => n + c.unitsSpent, 0);
    const log = (await core.handlers.ledgerQuery({ limit: 10_000 }, ctx)).entries.filter((e) => e.studyId === study.id).reduce((n, e) => n + e.units, 0);
    const billed = sim.keys.spent(sim.demoKey) - spentAtStart;
    expect(lookups).toBeGreaterThan(1);
    expect({ header, parts, log }).toEqual({ header: billed, parts: billed, log: billed });
  });
});
