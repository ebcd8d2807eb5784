// The 4CAT export: NDJSON in Zeeschuimer's item format. Each line carries the envelope fields 4CAT's import
// reads, and its `data` goes through a TypeScript rendering of the "item list" branch of 4CAT's Instagram
// mapper (datasources/instagram/search_instagram.py, parse_itemlist_item: every field it reads, and
// where it would give a MissingMappedField or raise) without a missing field, to the same values as
// Feedlens' own 4CAT-column CSV of the same post.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAnalysis } from '../../../../electron/analysis/exports';
import { studyRecords } from '../../../../electron/analysis/records';
import { postRow } from '../../../../electron/export/rows';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import type { Post } from '../../../../shared/records';
import { fillStudy, pickAccounts, type Filled } from './support';

let sim: Simulator;
let f: Filled;

beforeAll(async () => {
  sim = createSimulator({ followerLimit: false });
  const world = sim.world;
  // Accounts whose posts between them have carousels, videos, tags, coauthors and places.
  const accounts = pickAccounts(sim, 60).filter((u) => u.posts.some((pk) => world.mediaByPk.get(pk)!.mediaType === 8)).slice(0, 4);
  f = await fillStudy(sim, accounts, ['posts']);
}, 120_000);
afterAll(() => f?.s.close());

type Dict = Record<string, unknown>;
const MISSING = Symbol('MissingMappedField');

/** What 4CAT's parse_itemlist_item reads, in its order; `missing` lists the fields it could not map. */
function fourCatMap(node: Dict): { mapped: Dict; missing: string[] } {
  const missing: string[] = [];
  const miss = (field: string) => {
    missing.push(field);
    return MISSING;
  };
  const partial = node._zs_partial ?? false;
  const mediaType = node.media_type as number;
  const carousel = mediaType === 8;
  const numMedia = carousel ? (node.carousel_media as unknown[]).length : 1;
  const caption = !('caption' in node) ? miss('body') : !node.caption ? '' : ((node.caption as Dict).text as string);
  const display: string[] = [];
  const media: string[] = [];
  const types = new Set<string>();
  let missingMedia: unknown = null;
  for (const m of (carousel ? node.carousel_media : [node]) as Dict[]) {
    if (m.media_type === 2) {
      if ('image_versions2' in m) display.push((((m.image_versions2 as Dict).candidates as Dict[])[0] as Dict).url as string);
      else if ('video_versions' in m) display.push(((m.video_versions as Dict[])[0] as Dict).url as string);
      else if (!partial) throw new Error('Instagram item format change');
      if ('video_versions' in m) media.push(((m.video_versions as Dict[])[0] as Dict).url as string);
      else if (!partial) throw new Error('Instagram item format change');
    } else if (m.media_type === 1 && m.image_versions2) {
      const url = (((m.image_versions2 as Dict).candidates as Dict[])[0] as Dict).url as string;
      display.push(url);
      media.push(url);
    } else missingMedia = miss('missing_media');
    types.add(({ 1: 'photo', 2: 'video' } as Record<number, string>)[m.media_type as number] ?? 'unknown');
  }
  const numComments = 'comment_count' in node ? node.comment_count : Array.isArray(node.comments) ? node.comments.length : -1;
  const loc = node.location as Dict | null | undefined;
  const user = (node.user ?? {}) as Dict;
  const owner = (node.owner ?? {}) as Dict;
  if (node.user && node.owner && owner.id !== user.id && user.username !== owner.username) throw new Error('different user and owner');
  const co = (node.coauthor_producers ?? []) as Dict[];
  const noLikes = Boolean(node.like_and_view_counts_disabled);
  const playCount = node.view_count !== undefined && node.view_count !== null ? node.view_count : node.play_count !== undefined && node.play_count !== null ? node.play_count : miss('play_count');
  const usertags = 'usertags' in node ? (node.usertags ? ((node.usertags as Dict).in as Dict[]).map((t) => (t.user as Dict).username).join(',') : '') : '';
  const meta = (node.__import_meta ?? {}) as Dict;
  const hashtags = typeof caption === 'string' ? [...caption.matchAll(/#([^\s!@#$%ˆ&*()_+{}:"|<>?[\];'\\,./`~'‘’]+)/gu)].map((m) => m[1]).join(',') : '';
  return {
    missing,
    mapped: {
      collected_from_url: meta.source_platform_url,
      collected_from_view: node._zs_instagram_view ?? '',
      partial_item: node._zs_partial ?? '',
      id: node.code,
      thread_id: node.code,
      parent_id: node.code,
      url: `https://www.instagram.com/p/${String(node.code)}`,
      body: caption,
      author_id: user.id ?? owner.id ?? miss('author_id'),
      author: user.username ?? owner.username ?? miss('author'),
      author_fullname: user.full_name ?? owner.full_name ?? miss('author_fullname'),
      verified: Boolean(user.is_verified),
      author_avatar_url: user.profile_pic_url ?? owner.profile_pic_url ?? miss('author_avatar_url'),
      coauthors: co.map((c) => c.username).join(','),
      coauthor_fullnames: co.map((c) => c.full_name).join(','),
      coauthor_ids: co.map((c) => c.id).join(','),
      media_type: types.size > 1 ? 'mixed' : [...types][0],
      num_media: numMedia,
      image_urls: display.join(','),
      media_urls: media.join(','),
      hashtags,
      usertags,
      play_count: playCount,
      likes_hidden: noLikes ? 'yes' : 'no',
      num_likes: noLikes ? miss('num_likes') : node.like_count,
      num_comments: numComments,
      location_name: loc ? (loc.name ?? null) : '',
      location_id: loc ? (loc.pk ?? null) : '',
      location_latlong: loc ? (loc.lat ? `${String(loc.lat)},${String(loc.lng)}` : '') : '',
      location_city: loc ? (loc.city ?? null) : '',
      unix_timestamp: partial ? miss('unix_timestamp') : node.taken_at,
      missing_media: missingMedia,
    },
  };
}

const ENVELOPE = ['id', 'item_id', 'timestamp_collected', 'source_platform', 'source_platform_url', 'source_url', 'user_agent', 'data'];

describe('4CAT export (Zeeschuimer NDJSON)', () => {
  it("carries every field 4CAT's Instagram mapper reads, mapping each post to the values of Feedlens' 4CAT-column CSV", async () => {
    const out = await exportAnalysis({ kind: '4cat', scope: 'seen' }, { db: f.s.db, studyId: 'test-study-0001', studyName: '4CAT test', folder: f.s.dir, appVersion: 'test', userAgent: 'Feedlens/test' });
    const lines = readFileSync(out.path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Dict);
    expect(lines).toHaveLength(f.posts.length);
    const records = new Map([...studyRecords(f.s.db, { scope: 'seen', kinds: ['post'] })].map((r) => [(r.record as Post).mediaId, r]));
    const kinds = new Set<number>();
    let withTags = 0;
    let hidden = 0;
    for (const item of lines) {
      for (const field of ENVELOPE) expect(item).toHaveProperty(field);
      expect(item.source_platform).toBe('instagram.com');
      const { data, ...meta } = item as { data: Dict } & Dict;
      const { mapped, missing } = fourCatMap({ ...data, __import_meta: meta });
      // Hidden likes are a made-up number: 4CAT leaves them out too (its "missing" default), as the CSV does.
      expect(missing.filter((m) => m !== 'num_likes')).toEqual([]);
      const r = records.get(String(item.item_id))!;
      const csv = postRow(r.record as Post, r.provenance);
      kinds.add(data.media_type as number);
      if (csv.usertags) withTags += 1;
      if (data.like_and_view_counts_disabled) hidden += 1;
      const same = (v: unknown) => (v === null || v === undefined || v === MISSING ? '' : String(v));
      for (const [field, value] of Object.entries(mapped)) {
        if (field === 'partial_item' || field === 'missing_media' || field === 'verified' || field === 'collected_from_view') continue;
        expect({ field, value: same(value) }).toEqual({ field, value: same(csv[field]) });
      }
      expect(mapped.verified ? 'yes' : 'no').toBe(csv.verified);
      expect(Date.parse(`${String(csv.timestamp).replace(' ', 'T')}Z`) / 1000).toBe(mapped.unix_timestamp);
    }
    // The test saw the cases that matter: photos, videos and carousels, tagged accounts.
    expect([...kinds].sort()).toEqual([1, 2, 8]);
    expect(withTags).toBeGreaterThan(0);
    console.log(`4cat: ${lines.length} posts, ${withTags} with tagged accounts, ${hidden} with hidden likes`);
  });

  it('names an export of demo records simulated_ and says where its records came from; live records keep the plain name', async () => {
    const env = { db: f.s.db, studyId: 'test-study-0001', studyName: 'Source test', folder: f.s.dir, appVersion: 'test', userAgent: 'Feedlens/test' };
    // The test study was collected with a key (a live session against the simulator).
    const live = await exportAnalysis({ kind: '4cat', scope: 'seen' }, env);
    expect(basename(live.path)).toMatch(/^Source_test_/);
    const liveSource = (JSON.parse(readFileSync(live.manifestPath, 'utf8')) as { source: Dict }).source;
    expect(liveSource).toMatchObject({ simulated: false, simulatedItems: 0, liveItems: f.posts.length, unknownItems: 0 });

    // The same records as if collected in demo mode: one request's mode is enough to name the export so.
    const modes = f.s.db.prepare('SELECT id, mode FROM requests').all() as { id: string; mode: string | null }[];
    try {
      f.s.db.prepare("UPDATE requests SET mode = 'demo' WHERE id = (SELECT first_request FROM records WHERE kind = 'post' LIMIT 1)").run();
      const demo = await exportAnalysis({ kind: 'parquet', scope: 'seen' }, env);
      expect(basename(demo.path)).toMatch(/^simulated_Source_test_/);
      const demoSource = (JSON.parse(readFileSync(demo.manifestPath, 'utf8')) as { source: Dict }).source;
      expect(demoSource.simulated).toBe(true);
      expect(demoSource.simulatedItems).toBeGreaterThan(0);
      expect(demoSource.note).toMatch(/demo mode/);
    } finally {
      const put = f.s.db.prepare('UPDATE requests SET mode = ? WHERE id = ?');
      for (const r of modes) put.run(r.mode, r.id);
    }
  });
});
