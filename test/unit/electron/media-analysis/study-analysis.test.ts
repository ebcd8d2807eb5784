// Media analysis of a study collected from the simulator: every picture hashed once, the reuse groups
// exactly the reposts the simulator planted (no false group at the default k), and a pass stopped
// half-way resumes without redoing finished items; the reuse network and the data browser's filter show
// the same groups. Media come through the simulator's CDN, never the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { createMediaAnalysis, type MediaAnalysis } from '../../../../electron/media-analysis/service';
import { existsSync, readFileSync } from 'node:fs';
import { KEYFRAMES } from '../../../../electron/media-analysis/keyframes';
import { MIN_CONFIDENCE } from '../../../../electron/media-analysis/ocr';
import { join } from 'node:path';
import { refreshReuse, studyReuseGroups } from '../../../../electron/media-analysis/reuse';
import { exportAnalysis } from '../../../../electron/analysis/exports';
import { exportStudy } from '../../../../electron/studies/export';
import { makeWall, TILE } from '../../../../electron/media-analysis/walls';
import { createSources } from '../../../../electron/media-analysis/sources';
import sharp from 'sharp';
import { DuckDBInstance } from '@duckdb/node-api';
import { browse } from '../../../../electron/studies/browse';
import { emptyBrowseQuery } from '../../../../shared/study-values';
import { csvObjects } from '../export/support';
import { writeMinimisation } from '../../../../electron/analysis/minimise';
import { NO_MINIMISATION } from '../../../../shared/study-values';
import { finished, studySetup, type StudySetup } from '../studies/support';

let sim: Simulator;
let s: StudySetup;
let mediaFetches = 0;

/** The accounts of the planted reposts, collected: posts only. */
beforeAll(async () => {
  sim = createSimulator();
  s = await studySetup(sim);
  const owners = new Set(sim.world.reuse.flatMap((g) => [g.original, ...g.copies.map((c) => c.pk)]).map((pk) => sim.world.mediaByPk.get(pk)!.ownerPk));
  for (const pk of owners) s.add({ kind: 'account', key: pk, label: `user ${pk}` }, ['posts']);
  const runner = s.runner();
  const run = await finished(runner, runner.start({ trigger: 'manual', budget: 500, options: {}, estimate: null }).id);
  expect(run.state).toBe('done');
}, 60_000);
afterAll(async () => {
  await s.close();
});

function analysis(threads = 2): MediaAnalysis {
  return createMediaAnalysis({
    study: () => ({ id: 'test-study-0001', folder: s.dir, db: s.db, readOnly: null }),
    fetchMedia: async (url, init) => {
      mediaFetches++;
      return sim.handle(new Request(url, init));
    },
    threads,
  });
}

const count = (sql: string): number => (s.db.prepare(sql).get() as { n: number }).n;

describe('media analysis of a study', () => {
  it('hashes every picture once, through the media path, and resumes a stopped pass where it stopped', async () => {
    const a = analysis();
    const spentBefore = sim.keys.spent(s.key);
    // Without OCR here (the next test reads text in the pictures that hold some).
    a.start('test-study-0001', []);
    // Stop once a few items are committed.
    while (count('SELECT count(*) AS n FROM media_items') < 5) await new Promise((r) => setTimeout(r, 5));
    a.pause('test-study-0001');
    const paused = await a.finished('test-study-0001');
    expect(paused.state).toBe('paused');
    const doneAtPause = new Map((s.db.prepare('SELECT record_id, analysed_at FROM media_items').all() as { record_id: number; analysed_at: number }[]).map((r) => [r.record_id, r.analysed_at]));
    expect(doneAtPause.size).toBeLessThan(paused.items);

    const fetchesBefore = mediaFetches;
    a.start('test-study-0001');
    const end = await a.finished('test-study-0001');
    await a.close();
    expect(end).toMatchObject({ state: 'done', failed: 0 });
    expect(end.done).toBe(end.items);
    // Items finished before the pause are not done again.
    for (const [rowid, at] of doneAtPause) expect((s.db.prepare('SELECT analysed_at FROM media_items WHERE record_id = ?').get(rowid) as { analysed_at: number }).analysed_at).toBe(at);
    // One fetch per picture left, two per video left (its cover, then the video for its keyframes).
    const left = s.db.prepare("SELECT rowid, media_type FROM records WHERE kind IN ('post', 'carousel_item', 'story') AND coalesce(media_type, '') <> 'carousel'").all() as { rowid: number; media_type: string }[];
    expect(mediaFetches - fetchesBefore).toBe(left.filter((r) => !doneAtPause.has(r.rowid)).reduce((n, r) => n + (r.media_type === 'video' ? 2 : 1), 0));
    // Every item: a picture (or a video cover) hashed, with the tools that did it.
    expect(count(`SELECT count(*) AS n FROM records WHERE kind IN ('post', 'carousel_item', 'story') AND coalesce(media_type, '') <> 'carousel'`)).toBe(end.items);
    expect(count("SELECT count(*) AS n FROM media_frames WHERE frame = 0 AND phash GLOB '[0-9a-f]*' AND length(phash) = 16")).toBe(end.items);
    expect((s.db.prepare('SELECT tools FROM media_items LIMIT 1').get() as { tools: string }).tools).toMatch(/sharp \d+\.\d+\.\d+.*ffmpeg.*"ocr":null/);
    // Every video: KEYFRAMES keyframes, hashed, their files and a stripe in the study's analysis folder.
    const videos = s.db.prepare("SELECT rowid, id FROM records WHERE media_type = 'video'").all() as { rowid: number; id: string }[];
    expect(videos.length).toBeGreaterThan(0);
    for (const v of videos) {
      const frames = s.db.prepare('SELECT frame, at_seconds, phash, file FROM media_frames WHERE record_id = ? AND frame > 0 ORDER BY frame').all(v.rowid) as { frame: number; at_seconds: number; phash: string; file: string }[];
      expect(frames.map((f) => f.frame)).toEqual(Array.from({ length: KEYFRAMES }, (_, i) => i + 1));
      for (const f of frames) {
        expect(f.phash).toMatch(/^[0-9a-f]{16}$/);
        expect(f.file).toBe(join('analysis', 'keyframes', `${v.id}_${f.frame}.jpg`));
        expect(existsSync(join(s.dir, f.file))).toBe(true);
      }
      expect(frames.map((f) => f.at_seconds)).toEqual([...frames.map((f) => f.at_seconds)].sort((a, b) => a - b));
      const stripe = (s.db.prepare('SELECT stripe FROM media_items WHERE record_id = ?').get(v.rowid) as { stripe: string }).stripe;
      expect(existsSync(join(s.dir, stripe))).toBe(true);
    }
    expect(sim.keys.spent(s.key), 'nothing billed').toBe(spentBefore);
  }, 120_000);

  it('stops a pass for a study about to be forgotten: it ends without failing, and writes nothing after', async () => {
    s.db.exec('DELETE FROM media_frames; DELETE FROM media_items');
    const a = analysis();
    a.start('test-study-0001', []);
    while (count('SELECT count(*) AS n FROM media_items') < 2) await new Promise((r) => setTimeout(r, 5));
    await a.stop('test-study-0001');
    const written = count('SELECT count(*) AS n FROM media_items');
    expect(a.status('test-study-0001').state).toBe('idle');
    await new Promise((r) => setTimeout(r, 200));
    expect(count('SELECT count(*) AS n FROM media_items')).toBe(written);
    // A study without a pass stops at once.
    await a.stop('test-study-0001');
    // The next pass finishes the rest (for the tests after this one).
    a.start('test-study-0001', []);
    expect(await a.finished('test-study-0001')).toMatchObject({ state: 'done', failed: 0 });
    await a.close();
  }, 120_000);

  it('takes up posts a run stores while the pass runs, before the pass ends', async () => {
    s.db.exec('DELETE FROM media_frames; DELETE FROM media_items');
    // The newest picture post is held back, and stored again (as a run would store it) once the pass is under way.
    const late = (s.db.prepare("SELECT rowid FROM records WHERE kind = 'post' AND media_type = 'image' ORDER BY rowid DESC LIMIT 1").get() as { rowid: number }).rowid;
    // Its sightings and other rows keep pointing at it: the keys are checked again once it is back.
    s.db.exec(`PRAGMA foreign_keys = OFF; CREATE TEMP TABLE held AS SELECT * FROM records WHERE rowid = ${late}; DELETE FROM records WHERE rowid = ${late}`);
    const a = analysis();
    a.start('test-study-0001', []);
    while (count('SELECT count(*) AS n FROM media_items') < 2) await new Promise((r) => setTimeout(r, 5));
    s.db.exec('INSERT INTO records SELECT * FROM held; DROP TABLE held; PRAGMA foreign_keys = ON');
    expect(s.db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    const end = await a.finished('test-study-0001');
    await a.close();
    expect(end).toMatchObject({ state: 'done', failed: 0 });
    expect(end.done).toBe(end.items);
    expect(count(`SELECT count(*) AS n FROM media_items WHERE record_id = ${late} AND state = 'done'`)).toBe(1);
  }, 120_000);

  it('finds exactly the planted reposts at the default k, first poster first', () => {
    const answer = studyReuseGroups(s.db, 10);
    expect(answer.groups).toHaveLength(sim.world.reuse.length);
    const found = answer.groups.map((g) => g.items.map((i) => i.id));
    const planted = sim.world.reuse.map((g) => [g.original, ...g.copies.map((c) => c.pk).sort((x, y) => sim.world.mediaByPk.get(x)!.takenAt - sim.world.mediaByPk.get(y)!.takenAt)]);
    expect(found.map((ids) => [...ids].sort()).sort()).toEqual(planted.map((ids) => [...ids].sort()).sort());
    for (const g of answer.groups) {
      const original = sim.world.reuse.find((p) => p.original === g.items[0]!.id);
      expect(original, 'the first item of a group is the planted original').toBeDefined();
      expect(g.items.map((i) => i.takenAt)).toEqual([...g.items.map((i) => i.takenAt)].sort((x, y) => x! - y!));
      for (const i of g.items) expect(i.bits).toBeLessThanOrEqual(10);
    }
  });

  it('writes the reuse network: first poster → each later poster of another account, and the browser filter finds the posts', async () => {
    refreshReuse(s.db, null, true);
    const out = await exportAnalysis({ kind: 'networks', scope: 'seen', networks: ['reuse'] }, { db: s.db, studyId: 'test-study-0001', studyName: 'Reuse', folder: s.dir, appVersion: 'test', userAgent: 'test' });
    const edges = csvObjects(readFileSync(join(out.path, 'reuse_edges.csv'), 'utf8')).rows.map((e) => `${e.source}>${e.target}`).sort();
    const owner = (pk: string) => sim.world.mediaByPk.get(pk)!.ownerPk;
    const planted = sim.world.reuse.flatMap((g) => g.copies.filter((c) => owner(c.pk) !== owner(g.original)).map((c) => `${owner(g.original)}>${owner(c.pk)}`));
    expect(planted.length).toBeGreaterThan(0);
    expect(edges).toEqual([...new Set(planted)].sort());
    const gexf = readFileSync(join(out.path, 'reuse.gexf'), 'utf8');
    expect(gexf).toContain('defaultedgetype="directed"');

    const page = browse(s.db, { ...emptyBrowseQuery(), inReuse: true }, 0, 1000);
    const posts = sim.world.reuse.flatMap((g) => [g.original, ...g.copies.map((c) => c.pk)]);
    expect(page.rows.map((r) => r.id).sort()).toEqual(posts.sort());
  });

  it('reads the planted words in pictures, with their confidence, and the data browser’s search finds them', async () => {
    expect(sim.world.words.length).toBeGreaterThan(0);
    // Analysed again, in English: the planted pictures, a few others and a video (its keyframes are read too).
    const again = [...sim.world.words.map((w) => w.pk), ...sim.world.reuse.map((g) => g.original)];
    const video = (s.db.prepare("SELECT rowid FROM records WHERE media_type = 'video' LIMIT 1").get() as { rowid: number }).rowid;
    s.db.prepare(`DELETE FROM media_items WHERE record_id = ? OR record_id IN (SELECT rowid FROM records WHERE kind = 'post' AND id IN (${again.map(() => '?').join(', ')}))`).run(video, ...again);
    const a = analysis();
    a.start('test-study-0001', ['eng']);
    expect(await a.finished('test-study-0001')).toMatchObject({ state: 'done', failed: 0, languages: ['eng'] });
    await a.close();
    expect((s.db.prepare('SELECT count(*) AS n FROM media_frames WHERE record_id = ? AND ocr_confidence IS NOT NULL').get(video) as { n: number }).n).toBe(1 + KEYFRAMES);
    for (const { pk, words } of sim.world.words) {
      const row = s.db.prepare("SELECT f.ocr_text AS text, f.ocr_confidence AS confidence FROM media_frames f JOIN records r ON r.rowid = f.record_id WHERE r.kind = 'post' AND r.id = ? AND f.frame = 0").get(pk) as { text: string | null; confidence: number };
      expect(row.text?.toUpperCase()).toContain(words);
      expect(row.confidence).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
      const found = browse(s.db, { ...emptyBrowseQuery(), text: words.toLowerCase() }, 0, 100).rows.map((r) => r.id);
      expect(found).toEqual([pk]);
    }
    const kept = (s.db.prepare('SELECT count(*) AS n FROM media_frames WHERE ocr_text IS NOT NULL').get() as { n: number }).n;
    console.log(`OCR: ${kept} frames with text kept, ${sim.world.words.length} planted`);
  }, 60_000);

  it('exports what it found as columns: the text read, the pHash, the reuse group, the keyframes (NDJSON and Parquet)', async () => {
    refreshReuse(s.db, null, true);
    const env = { db: s.db, studyId: 'test-study-0001', studyName: 'Media', folder: s.dir, appVersion: 'test' };
    const ndjson = await exportStudy({ scope: 'seen', format: 'ndjson' }, env);
    const lines = readFileSync(ndjson.path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { kind: string; record: { id: string; mediaType: string }; study?: { media?: { text: string | null; phash: string; reuseGroup: number | null; keyframes: string[] } } });
    const byId = new Map(lines.filter((l) => l.kind === 'post').map((l) => [l.record.id, l]));
    for (const { pk, words } of sim.world.words) expect(byId.get(pk)!.study!.media!.text?.toUpperCase()).toContain(words);
    for (const g of sim.world.reuse) {
      const groups = new Set([g.original, ...g.copies.map((c) => c.pk)].map((pk) => byId.get(pk)!.study!.media!.reuseGroup));
      expect(groups.size).toBe(1);
      expect([...groups][0]).toBeGreaterThan(0);
    }
    const video = lines.find((l) => l.record.mediaType === 'video')!;
    expect(video.study!.media!.keyframes).toHaveLength(KEYFRAMES);

    const parquet = await exportAnalysis({ kind: 'parquet', scope: 'seen' }, { ...env, userAgent: 'test' });
    const duck = await DuckDBInstance.create(':memory:');
    const con = await duck.connect();
    const file = join(parquet.path, 'posts.parquet').replace(/'/g, "''");
    const rows = (await con.runAndReadAll(`SELECT id, media_text, phash, reuse_group, len(keyframes) AS keyframes FROM '${file}' WHERE media_text IS NOT NULL OR reuse_group IS NOT NULL`)).getRowObjects();
    const wordsRow = rows.find((r) => r.id === sim.world.words[0]!.pk)!;
    expect(String(wordsRow.media_text).toUpperCase()).toContain(sim.world.words[0]!.words);
    expect(rows.filter((r) => r.reuse_group !== null)).toHaveLength(sim.world.reuse.reduce((n, g) => n + 1 + g.copies.length, 0));
    con.closeSync();
  });

  it('lays out a reuse group, or rows of the data browser, as a wall: PNG, captions naming every tile, an HTML contact sheet', async () => {
    refreshReuse(s.db, null, true);
    const sources = await createSources({ mediaFolder: join(s.dir, 'media'), fetchMedia: async (url, init) => sim.handle(new Request(url, init)) });
    const groups = await makeWall({ db: s.db, studyFolder: s.dir, sources, where: { sql: 'r.rowid IN (SELECT post_rowid FROM media_reuse)', args: [] }, sort: 'group', label: 'Reuse groups', now: Date.now() });
    const reposts = sim.world.reuse.reduce((n, g) => n + 1 + g.copies.length, 0);
    expect(groups).toMatchObject({ tiles: reposts, missing: 0 });
    const captions = csvObjects(readFileSync(join(groups.path, 'captions.csv'), 'utf8')).rows;
    expect(captions.map((c) => Number(c.reuse_group))).toEqual(captions.map((c) => Number(c.reuse_group)).sort((a, b) => a - b));
    const columns = Math.ceil(Math.sqrt(reposts));
    expect(await sharp(join(groups.path, 'wall.png')).metadata()).toMatchObject({ width: columns * TILE, height: Math.ceil(reposts / columns) * TILE });
    for (const c of captions) expect(existsSync(join(groups.path, c.file!))).toBe(true);
    const html = readFileSync(join(groups.path, 'index.html'), 'utf8');
    expect(html.match(/<figure>/g)).toHaveLength(reposts);
    expect(html).toContain(`src="${captions[0]!.file}"`);

    const byEngagement = await makeWall({ db: s.db, studyFolder: s.dir, sources, where: { sql: "r.kind = 'post'", args: [] }, sort: 'engagement', label: 'All posts', now: Date.now() + 1000 });
    const engagement = csvObjects(readFileSync(join(byEngagement.path, 'captions.csv'), 'utf8')).rows.map((c) => Number(c.likes || 0) + Number(c.comments || 0));
    expect(engagement).toEqual([...engagement].sort((a, b) => b - a));
    await expect(makeWall({ db: s.db, studyFolder: s.dir, sources, where: { sql: '0', args: [] }, sort: 'date', label: 'None', now: Date.now() })).rejects.toThrow(/Nothing to lay out/);
  }, 60_000);

  it('refuses a study whose presets keep no media files, and one open read-only', async () => {
    writeMinimisation(s.db, { ...NO_MINIMISATION, noMediaFiles: true });
    const a = analysis(1);
    expect(() => a.start('test-study-0001')).toThrow(/keeps no media files/);
    writeMinimisation(s.db, NO_MINIMISATION);
    const held = createMediaAnalysis({ study: () => ({ id: 'x-study-0001', folder: s.dir, db: s.db, readOnly: 'another program holds it' }) });
    expect(() => held.start('x-study-0001')).toThrow(/read-only/);
    await a.close();
  });
});
