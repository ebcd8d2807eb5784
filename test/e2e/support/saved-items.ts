// Records fetched through the app (window.feedlens.call, so the ledger, cost guard and cache apply) and
// paired with their provenance as the renderer pairs them, ready for downloadsEnqueue; what the world
// says their saved files are called (docs/downloads.md); and waiting for the queue to finish.
import { findEndpoint } from '../../../shared/api/catalog';
import { normalizeAnswer, normalizeItems } from '../../../shared/api/normalize';
import { readPage, withCursor, type PageCursor } from '../../../shared/api/pager';
import type { CallValue, DownloadsSnapshot, Provenance, Result, SavedItemArg } from '../../../shared/ipc';
import type { AppRecord, Post, Profile, Story } from '../../../shared/records';
import type { WorldMedia, WorldUser } from '../../../electron/simulator/world/world';
import type { Harness } from '../harness/harness';

type Params = Record<string, string | number | boolean>;

interface Fetched {
  records: AppRecord[];
  provenance: Provenance;
  nextCursor: PageCursor | null;
}

/** One call through the renderer's bridge, normalised as the screens normalise it. */
export async function fetchThroughApp(h: Harness, path: string, params: Params): Promise<Fetched> {
  const endpoint = findEndpoint(path);
  if (!endpoint) throw new Error(`no endpoint ${path}`);
  const result = await h.page.evaluate(
    (args) => (window as unknown as { feedlens: { call(a: unknown): Promise<Result<CallValue>> } }).feedlens.call(args),
    { path, params },
  );
  if (!result.ok) throw new Error(`${path}: ${result.error.message}`);
  const { data, requestId, fetchedAt } = result.value;
  const provenance: Provenance = { path, params, requestId, fetchedAt };
  if (endpoint.paging) {
    const page = readPage(endpoint, data, params);
    return { records: normalizeItems(endpoint, page.items), provenance, nextCursor: page.nextCursor };
  }
  const one = normalizeAnswer(endpoint, data);
  return { records: one === null ? [] : Array.isArray(one) ? one : [one], provenance, nextCursor: null };
}

export function saved(record: AppRecord, provenance: Provenance): SavedItemArg {
  return { record: record as unknown as SavedItemArg['record'], provenance };
}

/** The account's profile, its posts page by page until `enough` says stop, and its first active story. */
export async function fetchAccount(h: Harness, username: string, enough: (posts: { post: Post; provenance: Provenance }[]) => boolean) {
  const profileAnswer = await fetchThroughApp(h, '/v1/user/by/username', { username });
  const profile = profileAnswer.records[0] as Profile;
  const posts: { post: Post; provenance: Provenance }[] = [];
  let cursor: PageCursor | null = null;
  for (let page = 0; page < 20 && !enough(posts); page++) {
    const answer = await fetchThroughApp(h, '/v1/user/medias/chunk', withCursor({ user_id: profile.id }, cursor) as Params);
    for (const record of answer.records) if (record.kind === 'post') posts.push({ post: record, provenance: answer.provenance });
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return { profile: { record: profile, provenance: profileAnswer.provenance }, posts };
}

export async function fetchStories(h: Harness, userId: string): Promise<{ story: Story; provenance: Provenance }[]> {
  // Billed 2 per call: main asks, and the test answers as the user would in main's dialog.
  const policy = h.asks.policy;
  h.asks.policy = 'confirm';
  const answer = await fetchThroughApp(h, '/v1/user/stories', { user_id: userId }).finally(() => (h.asks.policy = policy));
  return answer.records.filter((r): r is Story => r.kind === 'story').map((story) => ({ story, provenance: answer.provenance }));
}

export async function enqueue(h: Harness, items: SavedItemArg[]): Promise<{ queued: number; skipped: number; ids: string[] }> {
  const result = await h.page.evaluate(
    (args) => (window as unknown as { feedlens: { downloadsEnqueue(a: unknown): Promise<Result<{ queued: number; skipped: number; ids: string[] }>> } }).feedlens.downloadsEnqueue(args),
    { items },
  );
  if (!result.ok) throw new Error(`downloadsEnqueue: ${result.error.message}`);
  return result.value;
}

export async function downloadsList(h: Harness): Promise<DownloadsSnapshot> {
  const result = await h.page.evaluate(() => (window as unknown as { feedlens: { downloadsList(a: unknown): Promise<Result<DownloadsSnapshot>> } }).feedlens.downloadsList({}));
  if (!result.ok) throw new Error(`downloadsList: ${result.error.message}`);
  return result.value;
}

/** Waits until nothing is queued or running (paused items do not count), polling main's queue. */
export async function waitIdle(h: Harness, timeoutMs = 20_000): Promise<DownloadsSnapshot> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const snapshot = await downloadsList(h);
    if (!snapshot.items.some((i) => i.state === 'queued' || i.state === 'running')) return snapshot;
    if (Date.now() > until) throw new Error(`downloads still busy: ${JSON.stringify(snapshot.totals)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

// ---- expectations from the world (docs/downloads.md, default template) ----

/** `YYYY-MM-DD_HH-MM-SS`, UTC, from epoch seconds. */
export function dateUtc(epochSec: number): string {
  return new Date(epochSec * 1000).toISOString().slice(0, 19).replace('T', '_').replace(/:/g, '-');
}

/** The saved files of a world post, relative to the download folder: `_1.._N` for a carousel. */
export function postFiles(owner: WorldUser, media: WorldMedia): string[] {
  const stem = `${owner.username}/${dateUtc(media.takenAt)}_UTC_${media.code}`;
  if (media.children.length > 0) return media.children.map((c, i) => `${stem}_${i + 1}.${c.mediaType === 2 ? 'mp4' : 'png'}`);
  return [`${stem}.${media.mediaType === 2 ? 'mp4' : 'png'}`];
}

/** Picks, from the posts fetched, a carousel of at most `maxChildren` items and a video post. */
export function pickCarouselAndVideo(posts: { post: Post; provenance: Provenance }[], maxChildren = 4) {
  const carousel = posts.find((p) => p.post.mediaType === 'carousel' && p.post.children.length >= 2 && p.post.children.length <= maxChildren);
  const video = posts.find((p) => p.post.mediaType === 'video');
  return { carousel, video };
}
