// A study export's files join (issue 38 items 2 and 3): a study the simulator filled (posts with comments
// and replies, tagged posts, stories, highlights, followers) exported as a ZIP, every CSV loaded into
// SQLite as text, and every reference between files (comment -> post, reply -> comment, story ->
// highlight, tag -> post and account, author and owner -> account) finds its row: no orphans. One row per
// story, its highlight named; the data browser's story export names the highlight too.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseWhere } from '../../../../electron/studies/browse';
import { exportStudy } from '../../../../electron/studies/export';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import { emptyBrowseQuery } from '../../../../shared/ipc/study-data';
import { fillStudy, type Filled } from '../analysis/support';
import { readmeListing } from '../export/readme-support';
import { csvObjects, readZip } from '../export/support';

let sim: Simulator;
let f: Filled;

/** Accounts with everything a study can hold: posts with tags and comments, stories and highlights, followers. */
function richAccounts(s: Simulator, n: number): WorldUser[] {
  const w = s.world;
  return w.users
    .filter(
      (u) =>
        u.tier === 'main' && !u.isPrivate && u.stories.length > 0 && u.highlights.length > 0 && u.posts.length >= 3 && u.posts.length <= 14 &&
        u.followers.length > 0 && u.followers.length <= 200 && u.posts.some((pk) => (w.mediaByPk.get(pk)?.usertags.length ?? 0) > 0),
    )
    .slice(0, n);
}

beforeAll(async () => {
  sim = createSimulator({ followerLimit: false });
  const accounts = richAccounts(sim, 2);
  expect(accounts).toHaveLength(2);
  f = await fillStudy(sim, accounts, ['posts', 'comments', 'stories', 'highlights', 'tagged', 'followers']);
}, 180_000);
afterAll(() => f?.s.close());

const env = () => ({ db: f.s.db, studyId: 'test-study-0001', studyName: 'Joins', folder: f.s.dir, appVersion: 'test' });

/** Every CSV of the ZIP as a table of text columns. */
function load(zip: Map<string, Buffer>): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  for (const [name, bytes] of zip) {
    if (!name.endsWith('.csv')) continue;
    const { header, rows } = csvObjects(bytes.toString('utf8'));
    const table = name.slice(0, -4);
    db.exec(`CREATE TABLE "${table}" (${header.map((c) => `"${c}" TEXT`).join(', ')})`);
    const insert = db.prepare(`INSERT INTO "${table}" VALUES (${header.map(() => '?').join(', ')})`);
    for (const row of rows) insert.run(...header.map((c) => row[c] ?? ''));
  }
  return db;
}

describe('a study export as a ZIP', () => {
  it('joins: every reference between its files finds its row', async () => {
    const out = await exportStudy({ scope: 'seen', format: 'zip' }, env());
    const zip = readZip(readFileSync(out.path));
    expect([...zip.keys()].filter((n) => n.endsWith('.csv')).sort()).toEqual(['comments.csv', 'highlights.csv', 'posts.csv', 'stories.csv', 'tags.csv', 'users.csv']);
    const db = load(zip);
    const references: [string, string, string, string][] = [
      ['comments', 'post_id', 'posts', 'post_id'],
      ['comments', 'parent_id', 'comments', 'comment_id'],
      ['comments', 'author_id', 'users', 'id'],
      ['posts', 'author_id', 'users', 'id'],
      ['stories', 'highlight_id', 'highlights', 'highlight_id'],
      ['stories', 'owner_id', 'users', 'id'],
      ['highlights', 'owner_id', 'users', 'id'],
      ['tags', 'post_id', 'posts', 'post_id'],
      ['tags', 'user_id', 'users', 'id'],
    ];
    const figures: string[] = [];
    for (const [from, column, to, key] of references) {
      const refs = (db.prepare(`SELECT count(*) AS n FROM "${from}" WHERE "${column}" <> ''`).get() as { n: number }).n;
      const orphans = db.prepare(`SELECT "${column}" AS id FROM "${from}" WHERE "${column}" <> '' AND "${column}" NOT IN (SELECT "${key}" FROM "${to}")`).all() as { id: string }[];
      figures.push(`${from}.${column} -> ${to}.${key}: ${refs} (${orphans.length} orphans)`);
      expect({ reference: `${from}.${column}`, orphans: orphans.slice(0, 3).map((o) => o.id) }).toEqual({ reference: `${from}.${column}`, orphans: [] });
      // The study holds such references: the join is tested, not assumed.
      expect(refs, `${from}.${column}`).toBeGreaterThan(0);
    }
    console.log(`joins: ${figures.join('; ')}`);
    // Ids are exact: every post's id is its media pk, and media_id is <pk>_<owner id>.
    for (const p of db.prepare('SELECT post_id, media_id, author_id FROM posts').all() as { post_id: string; media_id: string; author_id: string }[]) {
      expect(p.media_id).toBe(`${p.post_id}_${p.author_id}`);
    }
  });

  it('holds a README listing exactly its files and the columns of each CSV, and how to read ids as text', async () => {
    const out = await exportStudy({ scope: 'seen', format: 'zip' }, env());
    const zip = readZip(readFileSync(out.path));
    const text = zip.get('README.txt')!.toString('utf8');
    const listing = readmeListing(text);
    expect([...listing.keys()].sort()).toEqual([...zip.keys()].sort());
    for (const [file, columns] of listing) {
      if (file.endsWith('.csv')) expect({ file, columns }).toEqual({ file, columns: csvObjects(zip.get(file)!.toString('utf8')).header });
    }
    expect(text).toContain('dtype=str');
    expect(text).toContain('colClasses = "character"');
    expect(text).toContain('comments.post_id = posts.post_id');
    // Followers are what the service shows an outsider, not an account's whole audience (issue 38 item 9).
    expect(text.replace(/\s+/g, ' ')).toContain('only about the first 50 followers of an account');
  });

  it('writes one row per story, with its highlight and the study’s columns', async () => {
    const out = await exportStudy({ scope: 'seen', format: 'zip' }, env());
    const stories = csvObjects(readZip(readFileSync(out.path)).get('stories.csv')!.toString('utf8')).rows;
    const stored = f.s.db.prepare("SELECT id, parent_id FROM records WHERE kind = 'story'").all() as { id: string; parent_id: string | null }[];
    expect(stories.map((s) => s.id).sort()).toEqual(stored.map((s) => s.id).sort());
    const inHighlights = stored.filter((s) => s.parent_id !== null);
    expect(inHighlights.length).toBeGreaterThan(0);
    const byId = new Map(stories.map((s) => [s.id, s]));
    for (const s of inHighlights) expect(byId.get(s.id)?.highlight_id).toBe(s.parent_id);
    expect(stories.every((s) => 'status' in s && 'codes' in s)).toBe(true);
  });

  it("the data browser's story export names each story's highlight", async () => {
    const where = browseWhere({ ...emptyBrowseQuery(), kinds: ['story'] });
    const out = await exportStudy({ scope: 'seen', format: 'csv', rows: { where, what: 'stories' } }, env());
    const rows = csvObjects(readFileSync(out.path, 'utf8')).rows;
    const titled = f.s.db.prepare("SELECT s.id, h.id AS highlight, json_extract(h.record, '$.title') AS title FROM records s JOIN records h ON h.kind = 'highlight' AND h.id = s.parent_id WHERE s.kind = 'story'").all() as { id: string; highlight: string; title: string }[];
    expect(titled.length).toBeGreaterThan(0);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const t of titled) expect({ id: t.id, highlight: byId.get(t.id)?.highlight_id, title: byId.get(t.id)?.highlight_title }).toEqual({ id: t.id, highlight: t.highlight, title: t.title });
  });

  it('says demo or live from the study’s own log, without this computer’s request ledger', async () => {
    // env() has no ledger: a study folder collected elsewhere, or pages a run took from the cache. The
    // study was collected with a key (live mode, against the simulator): live, never "cannot be told".
    const out = await exportStudy({ scope: 'seen', format: 'ndjson' }, env());
    expect(basename(out.path)).not.toMatch(/^simulated_/);
    const first = JSON.parse(readFileSync(out.path, 'utf8').split('\n')[0]!) as { provenance: { simulated: boolean | null; origin: string | null } };
    expect(first.provenance.simulated).toBe(false);
    expect(first.provenance.origin).toMatch(/^http/);
    const manifest = JSON.parse(readFileSync(out.manifestPath!, 'utf8')) as { source: { simulated: boolean | null }; requests: { unitsSpent: number | null } };
    expect(manifest.source.simulated).toBe(false);
    expect(manifest.requests.unitsSpent).toBeGreaterThan(0);
  });
});
