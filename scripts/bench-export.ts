// Exports 100,000 generated post records (CSV, NDJSON, ZIP, and a pseudonymised NDJSON) and prints the
// time and the process's peak RSS, to show the writers stream with bounded memory: records are generated
// one at a time, so memory that grew with the row count would show here.
// Run: node --import tsx scripts/bench-export.ts [count]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Post, User } from '../shared/records';
import { runExport, type ExportFormat, type SavedItem } from '../electron/export/run';
import type { ProjectKeys } from '../electron/export/pseudonymise';

const COUNT = Number(process.argv[2] ?? 100_000);
const BASE_PK = 3776832898280228145n;

function user(n: number): User {
  const id = String(51234567 + (n % 5000));
  return {
    kind: 'user',
    id,
    username: `person.${n % 5000}`,
    fullName: `Person ${n % 5000}`,
    avatarUrl: `https://scontent.cdninstagram.com/v/t51.2885-19/${id}_n.jpg?oe=6790ABCD`,
    isPrivate: false,
    isVerified: n % 7 === 0,
    raw: { pk: id, username: `person.${n % 5000}`, full_name: `Person ${n % 5000}` },
    source: { family: 'v1', path: '/v1/user/medias/chunk' },
  };
}

/** A carousel of three photos every fifth post, else a photo; a caption with tags and a mention. */
function post(i: number): Post {
  const pk = (BASE_PK + BigInt(i) * 10n).toString();
  const owner = user(i);
  const caption = `Golden hour number ${i} with @person.${(i + 1) % 5000} #travel #sunset #café`;
  const image = (id: string) => ({ url: `https://scontent.cdninstagram.com/v/t51.2885-15/${id}_n.jpg?oe=6790ABCD`, width: 1080, height: 1350 });
  const children: Post[] =
    i % 5 === 0
      ? [1, 2, 3].map((n) => ({ ...post(-1), id: `${pk.slice(0, -1)}${n}`, mediaId: `${pk.slice(0, -1)}${n}_${owner.id}`, index: n, children: [], images: [image(`${pk}${n}`)] }))
      : [];
  return {
    kind: 'post',
    id: pk,
    mediaId: `${pk}_${owner.id}`,
    code: null,
    productType: children.length > 0 ? 'carousel_container' : 'feed',
    mediaType: children.length > 0 ? 'carousel' : 'image',
    takenAt: 1_700_000_000 + i * 60,
    owner,
    caption: { text: caption, hashtags: ['travel', 'sunset', 'café'], mentions: [`person.${(i + 1) % 5000}`] },
    images: [image(pk)],
    videos: [],
    videoDuration: null,
    thumbnailUrl: null,
    children,
    index: null,
    usertags: [{ user: user(i + 3), x: 0.5, y: 0.5 }],
    coauthors: [],
    location: null,
    counts: { likes: i % 997, comments: i % 31, plays: null, views: null, reshares: null },
    commentsDisabled: false,
    likesHidden: false,
    isTrial: false,
    accessibilityCaption: null,
    title: null,
    raw: { pk, id: `${pk}_${owner.id}`, caption_text: caption, user: owner.raw, like_count: i % 997, taken_at_ts: 1_700_000_000 + i * 60 },
    source: { family: 'v1', path: '/v1/user/medias/chunk' },
  };
}

/** Generated on demand, every time it is iterated: never all in memory. */
const items: Iterable<SavedItem> = {
  *[Symbol.iterator]() {
    for (let i = 0; i < COUNT; i++) {
      yield { record: post(i), provenance: { path: '/v1/user/medias/chunk', params: { user_id: '51234567', end_cursor: String(Math.floor(i / 12)) }, requestId: `r${Math.floor(i / 12)}`, fetchedAt: 1_763_700_000_000 } };
    }
  },
};

const keys: ProjectKeys = async () => {
  let value: string | null = null;
  return { get: async () => value, set: async (v: string) => void (value = v), backendName: 'memory', degraded: true };
};

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const folder = mkdtempSync(join(tmpdir(), 'feedlens-bench-export-'));
console.log(`${COUNT.toLocaleString('en')} post records; RSS at start ${mb(process.memoryUsage().rss / 1024)}`);
try {
  const runs: { name: string; format: ExportFormat; pseudonymise?: boolean }[] = [
    { name: 'CSV (4CAT columns)', format: 'csv' },
    { name: 'NDJSON', format: 'ndjson' },
    { name: 'ZIP (posts.csv + items.ndjson)', format: 'zip' },
    { name: 'NDJSON, pseudonymised', format: 'ndjson', pseudonymise: true },
  ];
  for (const r of runs) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const result = await runExport(
      {
        items,
        format: r.format,
        delimiter: ',',
        bom: false,
        includeMedia: false,
        label: 'bench',
        ...(r.pseudonymise ? { pseudonymise: { project: 'bench', dropNames: false, dropPictures: false, dropText: false } } : {}),
      },
      { folder, appVersion: 'bench', projectKeys: keys },
    );
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const size = statSync(result.path).size / 1024 / 1024;
    console.log(
      `${r.name.padEnd(32)} ${seconds.toFixed(1).padStart(5)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)  ` +
        `${String(result.rows).padStart(7)} rows  ${size.toFixed(0).padStart(4)} MB file  peak RSS so far ${mb(process.resourceUsage().maxRSS)}`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
