// NDJSON, JSON and ZIP exports and their manifests, with records fetched through the real client from the
// simulator: lossless ids, provenance (the answer's sha256 checked against the answer itself), units from
// the ledger, a ZIP read back entry by entry, file names and atomic writes.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLossless } from '../../../../shared/api/json';
import { OPS, type OpArgs } from '../../../../shared/ipc';
import { escapeFormula } from '../../../../electron/export/csv';
import { createExportHandlers, type ExportHandlerDeps } from '../../../../electron/export/handlers';
import type { Manifest } from '../../../../electron/export/manifest';
import { safeLabel } from '../../../../electron/export/naming';
import type { SavedItem } from '../../../../electron/export/run';
import { DEFAULT_API_ORIGIN } from '../../../../electron/simulator/service';
import { threadOf, type World, type WorldMedia, type WorldUser } from '../../../../electron/simulator/world/world';
import { csvObjects, gridOf, readZip, richAccount, startApp, type App } from './support';

let app: App;
let world: World;
let folder: string;
let account: WorldUser;
let posts: SavedItem[];

beforeAll(async () => {
  app = await startApp();
  world = app.world;
  folder = mkdtempSync(join(tmpdir(), 'feedlens-export-formats-'));
  account = richAccount(world);
  posts = await app.collect('/v1/user/medias/chunk', { user_id: account.pk });
});
afterAll(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

function handlers(extra: Partial<ExportHandlerDeps> = {}) {
  return createExportHandlers({ downloadFolder: () => folder, version: '0.0.0-test', emit: () => undefined, ledger: app.ledger, ...extra });
}

async function run(items: SavedItem[], options: Partial<OpArgs<'exportRun'>>, extra: Partial<ExportHandlerDeps> = {}) {
  return handlers(extra).exportRun(OPS.exportRun.parse({ items, format: 'csv', ...options }), { senderId: 1 });
}

/** An NDJSON line of a posts export, as far as these tests read it. */
interface PostLine {
  kind: string;
  record: { id: string; mediaId: string; children: { id: string }[]; raw?: unknown };
  raw: { pk: string; code: string };
  provenance: { endpoint: string; params: Record<string, string>; requestId: string; fetchedAt: string; appVersion: string; sha256: string };
}

function linesOf(path: string): PostLine[] {
  return readFileSync(path, 'utf8').trimEnd().split('\n').map((line) => parseLossless(line) as PostLine);
}

function manifestBeside(path: string | null): Manifest {
  if (path === null) throw new Error('no manifest path');
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The answer body the simulator gives for a request, hashed (the same request, asked again). */
async function answerSha256(path: string, params: Record<string, unknown>): Promise<string> {
  const url = new URL(path, DEFAULT_API_ORIGIN);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  const res = await app.sim.handle(new Request(url, { headers: { 'x-access-key': app.sim.demoKey, 'user-agent': 'tests' } }));
  return createHash('sha256').update(Buffer.from(await res.arrayBuffer())).digest('hex');
}

describe('NDJSON', () => {
  it('writes one line per item: normalised record, raw record and provenance, ids exact', async () => {
    const result = await run(posts, { format: 'ndjson' });
    const lines = linesOf(result.path);
    const grid = gridOf(world, account);
    expect(lines).toHaveLength(grid.length);
    expect(result.rows).toBe(grid.length);
    lines.forEach((line, i) => {
      const m = grid[i] as WorldMedia;
      expect(m.pk.length).toBeGreaterThan(16); // beyond 2^53: a number would have lost digits
      expect(line.kind).toBe('post');
      expect(line.record.id).toBe(m.pk);
      expect(line.record.mediaId).toBe(`${m.pk}_${m.ownerPk}`);
      expect(line.record.children.map((c) => c.id)).toEqual(m.children.map((c) => c.pk));
      expect(line.record.raw).toBeUndefined(); // the raw record is written once, beside
      expect(line.raw.pk).toBe(m.pk);
      expect(line.raw.code).toBe(m.code);
      expect(line.provenance).toMatchObject({ endpoint: '/v1/user/medias/chunk', appVersion: '0.0.0-test' });
      expect(line.provenance.params['user_id']).toBe(account.pk);
      expect(new Date(line.provenance.fetchedAt).toISOString()).toBe(line.provenance.fetchedAt);
    });
  });

  it("carries the sha256 of the answer each record came from, as the ledger recorded it", async () => {
    const result = await run(posts, { format: 'ndjson' });
    const lines = linesOf(result.path);
    const first = lines[0]?.provenance;
    if (!first) throw new Error('no line');
    expect(first.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(first.sha256).toBe(await answerSha256(first.endpoint, first.params));
    // Items of the same page share the answer; items of different pages do not.
    const byRequest = new Map<string, Set<string>>();
    for (const { provenance } of lines) byRequest.set(provenance.requestId, (byRequest.get(provenance.requestId) ?? new Set()).add(provenance.sha256));
    expect([...byRequest.values()].every((hashes) => hashes.size === 1)).toBe(true);
    expect(new Set(lines.map((l) => l.provenance.sha256)).size).toBe(byRequest.size);
  });
});

describe('simulated data', () => {
  it('says on every line, in the manifest and in the name that demo-mode records are simulated, from the ledger', async () => {
    const result = await run(posts, { format: 'ndjson', label: 'demo posts' });
    const lines = linesOf(result.path) as unknown as { provenance: { simulated: boolean | null; origin: string | null } }[];
    const entries = (await app.ledger.query({ path: '/v1/user/medias/chunk' })).entries;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.mode === 'demo')).toBe(true);
    expect(lines.every((l) => l.provenance.simulated === true && l.provenance.origin === entries[0]?.origin)).toBe(true);
    expect(basename(result.path)).toMatch(/^simulated_demo_posts_/);
    const source = manifestBeside(result.manifestPath).source;
    expect(source).toMatchObject({ simulated: true, simulatedItems: posts.length, liveItems: 0, unknownItems: 0 });
    expect(source.origins).toEqual([entries[0]?.origin]);
    expect(source.note).toMatch(/invented by Feedlens' simulator/);
  });

  it('does not guess: items whose request the ledger does not know are counted unknown, the name unmarked', async () => {
    // The renderer sends provenance; a request id the ledger never wrote says nothing about the source.
    const strangers = posts.slice(0, 3).map((p, i) => ({ ...p, provenance: { ...p.provenance, requestId: `unknown-${i}` } }));
    const result = await run(strangers, { format: 'ndjson', label: 'strangers' });
    const lines = linesOf(result.path) as unknown as { provenance: { simulated: boolean | null; origin: string | null } }[];
    expect(lines.map((l) => l.provenance.simulated)).toEqual([null, null, null]);
    expect(basename(result.path)).toMatch(/^strangers_/);
    expect(manifestBeside(result.manifestPath).source).toMatchObject({ simulated: null, simulatedItems: 0, unknownItems: 3 });
  });
});

describe('JSON', () => {
  it('writes one document holding the same items as the NDJSON lines', async () => {
    const ndjson = await run(posts, { format: 'ndjson' });
    const json = await run(posts, { format: 'json' });
    const doc = parseLossless(readFileSync(json.path, 'utf8')) as { format: string; formatVersion: number; items: unknown[] };
    expect(doc.format).toBe('feedlens-export');
    expect(doc.items).toEqual(readFileSync(ndjson.path, 'utf8').trimEnd().split('\n').map((l) => parseLossless(l)));
    expect(json.path.endsWith('.json')).toBe(true);
  });
});

describe('manifest beside the file', () => {
  it('lists items, endpoints called, units spent from the ledger, the file and its sha256', async () => {
    const result = await run(posts, { format: 'csv', label: `posts of @${account.username}` });
    const manifest = manifestBeside(result.manifestPath);
    const pages = Math.ceil(account.posts.length / 12);
    expect(result.manifestPath).toBe(result.path.replace(/\.csv$/, '.manifest.json'));
    expect(manifest).toMatchObject({
      format: 'feedlens-export-manifest',
      app: { name: 'Feedlens', version: '0.0.0-test' },
      label: `posts_of_${account.username}`,
      export: { format: 'csv', columnSet: 'posts', delimiter: ',', bom: false, timeZone: 'UTC' },
      items: { total: account.posts.length, byKind: { post: account.posts.length }, rows: account.posts.length },
      // Every page of /v1/user/medias/chunk costs one unit.
      requests: { distinct: pages, inLedger: pages, unitsSpent: pages },
      pseudonymisation: null,
    });
    expect(manifest.endpoints).toHaveLength(pages);
    expect(manifest.endpoints.every((e) => e.path === '/v1/user/medias/chunk' && e.params['user_id'] === account.pk)).toBe(true);
    expect(manifest.endpoints.reduce((n, e) => n + e.items, 0)).toBe(account.posts.length);
    const bytes = readFileSync(result.path);
    expect(manifest.files).toEqual([
      { path: basename(result.path), role: 'data', format: 'csv', columnSet: 'posts', rows: account.posts.length, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
    ]);
    expect(result.files).toBe(2);
  });

  it('names files <label>_<UTC time>_UTC.<ext>, never reusing a name, and leaves no temp file', async () => {
    const now = () => Date.UTC(2026, 10, 21, 10, 20, 30);
    const sub = join(folder, 'naming');
    const deps = { now, downloadFolder: () => sub };
    const a = await run(posts, { format: 'ndjson', label: 'Posts: "best" of @Léa/..\\CON' }, deps);
    const b = await run(posts, { format: 'ndjson', label: 'Posts: "best" of @Léa/..\\CON' }, deps);
    // Collected in demo mode: the name says so before anything else.
    expect(basename(a.path)).toBe('simulated_Posts_best_of_Léa_CON_2026-11-21_10-20-30_UTC.ndjson');
    expect(basename(b.path)).toBe('simulated_Posts_best_of_Léa_CON_2026-11-21_10-20-30_UTC-2.ndjson');
    expect(readdirSync(join(sub, 'exports')).sort()).toEqual(
      [basename(a.path), basename(a.manifestPath ?? ''), basename(b.path), basename(b.manifestPath ?? '')].sort(),
    );
    expect(safeLabel('..', 'export')).toBe('export');
    expect(safeLabel('a'.repeat(300), 'x')).toHaveLength(80);
  });
  it('names files <target>_<list>_<date> when the screen says what they hold, in the export folder chosen', async () => {
    const now = () => Date.UTC(2026, 10, 23, 22, 5, 0);
    const chosen = join(folder, 'chosen');
    const deps = { now, exportFolder: () => chosen };
    const name = { target: account.username, list: 'posts', person: true };
    const a = await run(posts, { format: 'csv', label: 'Posts of someone', name }, deps);
    const b = await run(posts, { format: 'csv', label: 'Posts of someone', name }, deps);
    expect(a.path).toBe(join(chosen, `simulated_${account.username}_posts_2026-11-23.csv`));
    expect(basename(b.path)).toBe(`simulated_${account.username}_posts_2026-11-23-2.csv`);
    expect(basename(a.manifestPath ?? '')).toBe(`simulated_${account.username}_posts_2026-11-23.manifest.json`);
    // Unsafe parts are made safe, as labels are.
    const c = await run(posts, { format: 'ndjson', name: { target: '../..\\CON', list: 'top/recent' } }, deps);
    expect(basename(c.path)).toBe('simulated_CON_top_recent_2026-11-23.ndjson');
  });
});

describe('column sets and mixed selections', () => {
  it('refuses a CSV of several kinds without a column set, and skips the other kinds with one', async () => {
    const profile = await app.collect('/v1/user/by/username', { username: account.username });
    const mixed = [...posts, ...profile];
    await expect(run(mixed, { format: 'csv' })).rejects.toMatchObject({ kind: 'validation' });
    const result = await run(mixed, { format: 'csv', columns: 'posts' });
    expect(result.rows).toBe(posts.length);
    expect(manifestBeside(result.manifestPath).items.skipped).toEqual({ profile: 1 });
  });

  it('refuses records without the id the writers need', async () => {
    const broken = { ...posts[0], record: { ...posts[0]?.record, id: 42 } } as unknown as SavedItem;
    await expect(run([broken], { format: 'ndjson' })).rejects.toMatchObject({ kind: 'validation', issues: [{ param: 'items.0.record.id' }] });
  });
});

describe('formula injection', () => {
  it('escapes text cells a spreadsheet would run, and leaves numbers alone', () => {
    expect(escapeFormula('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`);
    expect(escapeFormula('+33 1 23')).toBe(`'+33 1 23`);
    expect(escapeFormula('-dash')).toBe(`'-dash`);
    expect(escapeFormula('@lea thanks')).toBe(`'@lea thanks`);
    expect(escapeFormula('\tcell')).toBe(`'\tcell`);
    expect(escapeFormula('-23.5505,-46.6333')).toBe('-23.5505,-46.6333');
    expect(escapeFormula('-12')).toBe('-12');
    expect(escapeFormula(-12)).toBe(-12);
    expect(escapeFormula('caption = fine')).toBe('caption = fine');
    expect(escapeFormula(null)).toBeNull();
  });
});

describe('ZIP bundle', () => {
  it('holds one CSV per kind, the NDJSON, the media and a manifest listing every file', async () => {
    const m = world.media.find((x) => threadOf(world, x).total > 3 && !world.userByPk.get(x.ownerPk)?.isPrivate) as WorldMedia;
    const comments = await app.collect('/v2/media/comments', { id: m.pk });
    const profile = await app.collect('/v1/user/by/username', { username: account.username });
    const items = [...posts, ...profile, ...comments];

    // Saved media: two files per post, each holding the id of its post, as the downloads module would give.
    const mediaDir = join(folder, 'media-src');
    mkdirSync(mediaDir, { recursive: true });
    const mediaFilesOf = async (item: SavedItem): Promise<string[]> => {
      if (item.record.kind !== 'post') return [];
      return ['jpg', 'mp4'].map((ext, n) => {
        const file = join(mediaDir, `${item.record.kind}-${n}-${(item.record as { id: string }).id}.${ext}`);
        writeFileSync(file, `media ${n} of ${(item.record as { id: string }).id}`);
        return file;
      });
    };

    const result = await run(items, { format: 'zip', includeMedia: true, label: 'bundle' }, { mediaFilesOf });
    expect(result.path.endsWith('.zip')).toBe(true);
    expect(result.manifestPath).toBeNull();
    const entries = readZip(readFileSync(result.path));
    const manifest = JSON.parse(entries.get('manifest.json')?.toString('utf8') ?? '{}') as Manifest;

    const names = [...entries.keys()].filter((n) => n !== 'manifest.json').sort();
    expect(manifest.files.map((f) => f.path).sort()).toEqual(names);
    expect(names.filter((n) => !n.startsWith('media/'))).toEqual(['README.txt', 'comments.csv', 'items.ndjson', 'posts.csv', 'tags.csv', 'users.csv']);
    for (const file of manifest.files) {
      const bytes = entries.get(file.path) as Buffer;
      expect(file.sha256, file.path).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(file.bytes).toBe(bytes.length);
    }
    // Each media file is mapped to its item.
    const media = manifest.files.filter((f) => f.role === 'media');
    expect(media).toHaveLength(posts.length * 2);
    for (const f of media) {
      expect(f.item?.kind).toBe('post');
      expect(entries.get(f.path)?.toString('utf8')).toMatch(new RegExp(` of ${f.item?.id}$`));
      expect(f.item?.code).toBe(world.mediaByPk.get(f.item?.id ?? '')?.code);
    }
    // The data files inside are the same as the separate exports.
    const postsCsv = csvObjects(entries.get('posts.csv')?.toString('utf8') ?? '');
    expect(postsCsv.rows.map((r) => r['id'])).toEqual(gridOf(world, account).map((p) => p.code));
    // The profile exported, once, and every account the posts and comments name by id.
    const users = csvObjects(entries.get('users.csv')?.toString('utf8') ?? '').rows;
    expect(users.filter((r) => r['username'] === account.username)).toHaveLength(1);
    expect(new Set(users.map((r) => r['id'])).size).toBe(users.length);
    expect(csvObjects(entries.get('comments.csv')?.toString('utf8') ?? '').rows.map((r) => r['comment_id'])).toEqual(
      threadOf(world, m).top.flatMap((c) => [c.pk, ...c.replies.slice(0, 2).map((r) => r.pk)]),
    );
    expect((entries.get('items.ndjson')?.toString('utf8') ?? '').trimEnd().split('\n')).toHaveLength(items.length);
    expect(manifest.items).toMatchObject({ total: items.length, byKind: { post: posts.length, profile: 1, comment: comments.length } });
    expect(result.files).toBe(entries.size);
  });
});
