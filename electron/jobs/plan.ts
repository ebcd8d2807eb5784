// What each kind of bulk job reads: the list endpoint (the same ones the app's screens page through, so a
// page the user already opened comes from the cache for free), the request parameters, and the typical
// page size the estimate divides by. Paging itself is the shared pager's business (shared/api/pager.ts).
import { findEndpoint, type Endpoint } from '../../shared/api/catalog';
import type { PageCursor } from '../../shared/api/pager';
import type { JobSpec } from '../../shared/ipc';
import type { AppRecord } from '../../shared/records';

export type JobKind = JobSpec['kind'];

/** One list a job reads, with the cursor of the next page to fetch (null: the first page). */
export interface ListCursor {
  path: string;
  params: Record<string, string>;
  cursor: PageCursor | null;
}

export interface ListPlan {
  path: string;
  /** Name of the request parameter that carries the job's target. */
  targetParam: string;
  /** Items per page, as measured on the demo service (electron/simulator/routes.ts, SIZE). */
  pageSize: number;
  /** Where the page size comes from, in words (shown nowhere; kept for whoever tunes the estimate). */
  source: string;
}

/**
 * Page sizes: measured on the simulator (electron/simulator/routes.ts `SIZE`) and checked against what
 * service-facts.md says of production ("comments about 15, followers/following 25-50, reels 12").
 */
export const LIST_PLANS: Readonly<Record<JobKind, ListPlan>> = {
  posts: { path: '/v1/user/medias/chunk', targetParam: 'user_id', pageSize: 12, source: 'simulator 12; production 12-33' },
  reels: { path: '/v1/user/clips/chunk', targetParam: 'user_id', pageSize: 12, source: 'simulator 12; production 12 (service-facts.md)' },
  tagged: { path: '/v1/user/tag/medias/chunk', targetParam: 'user_id', pageSize: 12, source: 'simulator 12' },
  followers: { path: '/v1/user/followers/chunk', targetParam: 'user_id', pageSize: 25, source: 'simulator 25; production 25-50 (service-facts.md)' },
  following: { path: '/v1/user/following/chunk', targetParam: 'user_id', pageSize: 25, source: 'simulator 25; production 25-50 (service-facts.md)' },
  comments: { path: '/v2/media/comments', targetParam: 'id', pageSize: 15, source: 'simulator 15; production about 15 (service-facts.md)' },
  // "The latest N posts": the recent feed, as the hashtag screen's Recent tab reads it.
  hashtag: { path: '/v2/hashtag/medias/recent', targetParam: 'name', pageSize: 12, source: 'simulator 12' },
  location: { path: '/v1/location/medias/recent/chunk', targetParam: 'location_pk', pageSize: 12, source: 'simulator 12' },
};

/** Replies of one comment (comment jobs with replies): 10 per page on the simulator. */
export const REPLIES_PLAN = { path: '/v2/media/comments/replies', pageSize: 10, source: 'simulator 10' } as const;

/**
 * Comment threads: comment_count counts replies too. Measured on the simulator's 3,139 public threads
 * (49,702 comments): 56% are top-level, and a job with replies makes about 0.125 replies calls per
 * comment (one per comment that has replies, more for long threads). Production threads differ.
 */
export const TOP_LEVEL_SHARE = 0.56;
export const REPLY_CALLS_PER_COMMENT = 0.125;

export function endpointOf(path: string): Endpoint {
  const endpoint = findEndpoint(path);
  if (!endpoint || !endpoint.paging) throw new Error(`jobs: ${path} is not a paged endpoint of the catalog`);
  return endpoint;
}

/** The first list a job reads. */
export function firstList(spec: JobSpec): ListCursor {
  const plan = LIST_PLANS[spec.kind];
  return { path: plan.path, params: { [plan.targetParam]: spec.target.trim() }, cursor: null };
}

/** Lists a page opens: the replies of each top-level comment that has some (comment jobs with replies). */
export function followUps(spec: JobSpec, list: ListCursor, records: readonly AppRecord[]): ListCursor[] {
  if (spec.kind !== 'comments' || !spec.withReplies || list.path !== LIST_PLANS.comments.path) return [];
  const mediaId = spec.target.trim();
  const out: ListCursor[] = [];
  for (const record of records) {
    if (record.kind === 'comment' && record.parentId === null && (record.replyCount ?? 0) > 0) {
      out.push({ path: REPLIES_PLAN.path, params: { media_id: mediaId, comment_id: record.id }, cursor: null });
    }
  }
  return out;
}

/** The key items are de-duplicated by: a record's kind and its exact id. */
export function itemKey(record: { kind: string; id?: unknown }): string | null {
  return typeof record.id === 'string' && record.id !== '' ? `${record.kind}:${record.id}` : null;
}
