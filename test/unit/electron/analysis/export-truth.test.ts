// Analysis exports say what they hold (issue 38 items 5, 6, 7): a study of posts and comments only (no
// follow lists), run twice with a rename between the runs. Its networks manifest lists the networks
// written and only those (no empty followers files); a renamed account is one node under its current name
// with its former name beside it, in every network and in the data browser; a run's Parquet export holds
// that run's snapshots only; every export folder's README lists exactly its files and their columns;
// the study's count is the data browser's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAnalysis } from '../../../../electron/analysis/exports';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import { browse, studyItemCount } from '../../../../electron/studies/browse';
import { NETWORK_KINDS } from '../../../../shared/ipc/analysis';
import { emptyBrowseQuery } from '../../../../shared/ipc/study-data';
import { finished } from '../studies/support';
import { csvObjects } from '../export/support';
import { readmeListing } from '../export/readme-support';
import { fillStudy, pickAccounts, type Filled } from './support';

let sim: Simulator;
let f: Filled;
let renamed: WorldUser;
let formerName: string;
let secondRun: number;

beforeAll(async () => {
  sim = createSimulator({ followerLimit: false });
  const accounts = pickAccounts(sim, 2);
  f = await fillStudy(sim, accounts, ['posts', 'comments', 'highlights']);
  renamed = accounts[0]!;
  formerName = renamed.username;
  sim.clock.advance(86_400_000);
  sim.clock.rename(renamed.pk, `${formerName}.renamed`);
  const runner = f.s.runner();
  const run = await finished(runner, runner.start({ trigger: 'manual', budget: 100_000, options: {}, estimate: null }).id);
  expect(run.state).toBe('done');
  secondRun = run.id;
}, 180_000);
afterAll(() => f?.s.close());

const env = () => ({ db: f.s.db, studyId: 'test-study-0001', studyName: 'Truth', folder: f.s.dir, appVersion: 'test', userAgent: 'Feedlens test' });

describe('network exports say what they hold', () => {
  it('list the networks written in the manifest, and write none of lists the study never collected', async () => {
    const out = await exportAnalysis({ kind: 'networks', scope: 'seen', networks: [...NETWORK_KINDS] }, env());
    const manifest = JSON.parse(readFileSync(out.manifestPath, 'utf8')) as { export: { networks: { kind: string }[]; networksNotWritten: { kind: string }[] } };
    const written = readdirSync(out.path).filter((n) => n.endsWith('.gexf')).map((n) => n.slice(0, -5)).sort();
    expect(manifest.export.networks.map((n) => n.kind).sort()).toEqual(written);
    expect(written).toEqual(['coauthors', 'cohashtag', 'comments', 'mentions', 'replies', 'tagged']);
    expect(manifest.export.networks.length).toBeGreaterThan(0);
    expect(manifest.export.networksNotWritten.map((n) => n.kind).sort()).toEqual(['followers', 'following', 'reuse']);
    // The comments network says what it counts, in the file.
    expect(readFileSync(join(out.path, 'comments.gexf'), 'utf8')).toContain('top-level comments only');
  });

  it('show a renamed account under its current name, its former name beside it, in every network and in the data browser', async () => {
    const out = await exportAnalysis({ kind: 'networks', scope: 'seen', networks: [...NETWORK_KINDS] }, env());
    let seen = 0;
    for (const file of readdirSync(out.path).filter((n) => n.endsWith('_nodes.csv'))) {
      for (const node of csvObjects(readFileSync(join(out.path, file), 'utf8')).rows) {
        expect(node.label, file).not.toBe(formerName);
        if (node.id !== renamed.pk) continue;
        seen += 1;
        expect({ file, label: node.label, former: node.former_usernames }).toEqual({ file, label: `${formerName}.renamed`, former: formerName });
      }
    }
    expect(seen).toBeGreaterThan(0);
    const page = browse(f.s.db, { ...emptyBrowseQuery(), kinds: ['post'] }, 0, 10_000);
    const own = page.rows.filter((r) => r.ownerId === renamed.pk);
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((r) => r.username))).toEqual(new Set([`${formerName}.renamed`]));
  });
});

describe('Parquet exports', () => {
  it("of a run hold that run's snapshots only", async () => {
    const total = (f.s.db.prepare('SELECT count(*) AS n FROM snapshots').get() as { n: number }).n;
    const ofRun = (f.s.db.prepare('SELECT count(*) AS n FROM snapshots WHERE run_id = ?').get(secondRun) as { n: number }).n;
    expect(ofRun).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(ofRun);
    const out = await exportAnalysis({ kind: 'parquet', scope: 'seen', runId: secondRun }, env());
    const manifest = JSON.parse(readFileSync(out.manifestPath, 'utf8')) as { files: { path: string; rows: number }[] };
    expect(manifest.files.find((x) => x.path === 'snapshots.parquet')?.rows).toBe(ofRun);
  });
});

describe('README.txt of every export folder', () => {
  it('lists exactly the files written, with the columns of each table, and how to read ids as text', async () => {
    for (const kind of ['networks', 'parquet'] as const) {
      const out = await exportAnalysis({ kind, scope: 'seen' }, env());
      const text = readFileSync(join(out.path, 'README.txt'), 'utf8');
      const listing = readmeListing(text);
      expect([...listing.keys()].sort()).toEqual(readdirSync(out.path).sort());
      for (const [file, columns] of listing) {
        if (file.endsWith('.csv')) expect({ file, columns }).toEqual({ file, columns: csvObjects(readFileSync(join(out.path, file), 'utf8')).header });
        if (file.endsWith('.parquet')) expect(columns?.length, file).toBeGreaterThan(0);
      }
      expect(text).toContain('dtype=str');
      expect(text).toContain('colClasses = "character"');
    }
  });
});

describe("the study's count", () => {
  it("is the data browser's unfiltered count, highlights, places and hashtags being inside other records", () => {
    const inside = (f.s.db.prepare("SELECT count(*) AS n FROM records WHERE kind IN ('highlight', 'location', 'hashtag', 'track')").get() as { n: number }).n;
    expect(inside).toBeGreaterThan(0);
    expect(studyItemCount(f.s.db)).toBe(browse(f.s.db, emptyBrowseQuery(), 0, 1).total);
  });
});
