// The data browser at 100,000 records (issue 13): a study database filled with synthetic posts, reels,
// comments, stories and accounts through the app's own record store (full-text index, hashtags and
// mentions as a run writes them), then each query the browser sends for one screen (the count and the
// first page of 100 rows, in main, in SQLite) timed: full text, a date range, both, and the other filters
// and orders. Prints the median of 7 runs after one warm-up; the goal is the text + date query < 200 ms.
// Run: npm run bench:browser [-- <records>]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browse } from '../electron/studies/browse';
import { openDb } from '../electron/studies/db';
import { browseQuerySchema, type BrowseQueryInput } from '../shared/ipc/study-data';
import { fillSynthetic, SYNTHETIC_START } from '../test/support/synthetic-study';
import { goal, median } from './bench/support';

const COUNT = Number(process.argv[2] ?? 100_000);
const DAY = 86_400;
const dir = mkdtempSync(join(tmpdir(), 'feedlens-bench-browser-'));
try {
  const file = join(dir, 'study.sqlite');
  const db = openDb(file, { appVersion: 'bench' });
  const t0 = performance.now();
  fillSynthetic(db, COUNT, 13);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const total = (db.prepare('SELECT count(*) AS n FROM records').get() as { n: number }).n;
  console.log(`filled ${total.toLocaleString('en-US')} records in ${((performance.now() - t0) / 1000).toFixed(1)} s; database ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`);

  const time = (label: string, input: BrowseQueryInput, offset = 0): number => {
    const q = browseQuerySchema.parse(input);
    let matched = 0;
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      const t = performance.now();
      matched = browse(db, q, offset, 100).total;
      if (i > 0) times.push(performance.now() - t);
    }
    const ms = median(times);
    console.log(`${label.padEnd(44)} ${String(matched).padStart(7)} rows  ${ms.toFixed(1).padStart(7)} ms`);
    return ms;
  };

  const from = SYNTHETIC_START + 120 * DAY;
  const to = SYNTHETIC_START + 300 * DAY;
  console.log('query (count + first 100 rows, median of 7)        matched     time');
  time('everything, newest first', {});
  time('full text "harbour"', { text: 'harbour' });
  time('date range (180 days)', { from, to });
  const both = time('full text "cafe bread" + date range', { text: 'cafe bread', from, to });
  time('full text prefix "bak*" OR "rain" + range', { text: 'bak* OR rain', from, to });
  time('posts and reels, by likes', { kinds: ['post', 'reel'], sort: 'likes' });
  time('hashtag #coffee, videos', { hashtag: 'coffee', mediaTypes: ['video'] });
  time('account @maker_7, by account', { account: '@maker_7', sort: 'account', desc: false });
  time('comments with replies', { kinds: ['comment'], hasReplies: true });
  time('unchecked, oldest first', { statuses: ['unchecked'], desc: false });
  time('everything, page at row 90,000', {}, 90_000);
  db.close();
  goal('browser text+date filter', `${both.toFixed(1)} ms at ${total.toLocaleString('en-US')} records`, '< 200 ms', both < 200);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
