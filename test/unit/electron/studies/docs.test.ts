// Every SQL query of docs/study-database.md runs against a study the simulator filled (accounts with
// posts, reels, stories and comments, a hashtag; two runs with a rename between them) and answers rows,
// so the documentation stays true to the schema. The Python example's query runs too, through Python's
// own sqlite3 module when present.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { estimateRun, recordedEstimate } from '../../../../electron/studies/estimate';
import { finished, studySetup, type StudySetup } from './support';

const DOC = resolve(import.meta.dirname, '../../../../docs/study-database.md');
let sim: Simulator;
let s: StudySetup;

beforeAll(async () => {
  sim = createSimulator();
  s = await studySetup(sim);
  for (const u of sim.world.users.filter((x) => x.tier === 'main' && !x.isPrivate && x.posts.length >= 3 && x.posts.length <= 8 && x.stories.length > 0).slice(0, 3)) {
    s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['posts', 'reels', 'stories', 'comments']);
  }
  const tag = [...sim.world.hashtags].sort((a, b) => a.recent.length - b.recent.length)[0]!;
  s.add({ kind: 'hashtag', key: tag.name, label: `#${tag.name}` }, ['posts']);
  const runner = s.runner();
  // Runs start with their estimate, as the app starts them (run_targets.estimate).
  const estimate = async () => recordedEstimate(await estimateRun({ db: s.db, cache: s.stack.cache, balance: null }, {}));
  const run = await finished(runner, runner.start({ trigger: 'manual', budget: 2000, options: {}, estimate: await estimate() }).id);
  expect(run.state).toBe('done');
  // A day later one account renamed itself: a second run, so snapshots and sightings have a history.
  const [first] = sim.world.users.filter((x) => x.tier === 'main' && !x.isPrivate && x.posts.length >= 3 && x.posts.length <= 8 && x.stories.length > 0);
  sim.clock.advance(86_400_000);
  sim.clock.rename(first!.pk, `${first!.username}.renamed`);
  expect((await finished(runner, runner.start({ trigger: 'manual', budget: 2000, options: {}, estimate: await estimate() }).id)).state).toBe('done');
}, 60_000);
afterAll(() => s?.close());

function sqlBlocks(): string[] {
  const text = readFileSync(DOC, 'utf8');
  return [...text.matchAll(/```sql\n([\s\S]*?)```/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(/;\s*\n/)
      .map((q) => q.replace(/^\s*--.*$/gm, '').trim().replace(/;$/, ''))
      .filter((q) => q !== ''),
  );
}

describe('docs/study-database.md', () => {
  it('has queries, and each answers rows from a study the simulator filled', () => {
    const queries = sqlBlocks();
    expect(queries.length).toBeGreaterThanOrEqual(7);
    for (const q of queries.map((x) => x.replace(/'coffee OR café'|'coffee'/, "'the'"))) {
      const rows = s.db.prepare(q).all();
      expect(rows.length, q).toBeGreaterThan(0);
    }
  });

  it('names every table and view of the schema', () => {
    // Full-text indexes' own tables (records_fts_data, media_text_fts_idx...) are SQLite's, not the study's.
    const text = readFileSync(DOC, 'utf8');
    const names = (s.db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT GLOB '*_fts_*' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name);
    for (const name of names) expect(text, name).toContain(`\`${name}\``);
  });

  it('the Python example’s query reads the ids as text with Python’s sqlite3', () => {
    let python = true;
    try {
      execFileSync('python3', ['-c', 'import sqlite3']);
    } catch {
      python = false;
    }
    if (!python) return; // no Python here: the SQL above is the same query
    const script = `import sqlite3, sys\ncon = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)\nrows = con.execute("SELECT id, username, taken_at FROM posts").fetchall()\nprint(len(rows), type(rows[0][0]).__name__)`;
    const out = execFileSync('python3', ['-c', script, join(s.dir, 'study.sqlite')], { encoding: 'utf8' }).trim();
    const [n, type] = out.split(' ');
    expect(Number(n)).toBeGreaterThan(0);
    expect(type).toBe('str');
  });
});
