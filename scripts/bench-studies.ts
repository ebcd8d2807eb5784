// A study's run over the in-process simulator, to show what committing page by page costs: the big
// account's posts (641), reels, followers (5,484) and the comments of its posts, each page written in one
// transaction (synchronous=FULL, WAL). Prints pages, records, time, pages and records per second, the
// database's size, a second (incremental) run's pages, and a full-text query's time.
// Run: node --import tsx scripts/bench-studies.ts
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimulator } from '../electron/simulator/service';
import { studySetup } from '../test/unit/electron/studies/support';

const sim = createSimulator({ followerLimit: false });
const big = sim.world.userByName.get('skyward.atlas');
if (!big) throw new Error('no big account in the world');
const dir = mkdtempSync(join(tmpdir(), 'feedlens-bench-studies-'));
try {
  const s = await studySetup(sim, 10_000_000);
  s.add({ kind: 'account', key: big.pk, label: '@skyward.atlas' }, ['posts', 'reels', 'followers', 'comments']);
  const runner = s.runner();
  const t0 = performance.now();
  const first = runner.start({ trigger: 'manual', budget: 100_000, options: {}, estimate: null });
  const done = await runner.settled(first.id);
  const ms = performance.now() - t0;
  const records = (s.db.prepare('SELECT count(*) AS n FROM records').get() as { n: number }).n;
  const file = join(s.dir, 'study.sqlite');
  s.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  console.log(`first run: ${done?.state}, ${done?.pages} pages, ${records} records in ${(ms / 1000).toFixed(1)} s: ${((done?.pages ?? 0) / (ms / 1000)).toFixed(0)} pages/s, ${(records / (ms / 1000)).toFixed(0)} records/s`);
  console.log(`database: ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`);
  const t1 = performance.now();
  const second = await runner.settled(runner.start({ trigger: 'manual', budget: 100_000, options: {}, estimate: null }).id);
  console.log(`second run (nothing new): ${second?.pages} pages, ${second?.unitsSpent} units in ${((performance.now() - t1) / 1000).toFixed(2)} s`);
  const t2 = performance.now();
  const hits = s.db.prepare("SELECT count(*) AS n FROM records_fts WHERE records_fts MATCH 'the OR and'").get() as { n: number };
  console.log(`full-text query over ${records} records: ${hits.n} hits in ${(performance.now() - t2).toFixed(1)} ms`);
  await s.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
