// What a bulk job would take, before it starts: pages = items / typical page size, units = pages * cost
// per page (catalog), money = units * price per unit (balance). Sends nothing: the count of items comes
// from an answer already in the cache (a profile, a post, a hashtag), else from what the renderer showed
// (`knownCount`), else from the job's limit; with none of them only the budget bounds the job.
import { costOf, findEndpoint } from '../../shared/api/catalog';
import { normalizeAnswer } from '../../shared/api/normalize';
import { getPath } from '../../shared/api/pager';
import type { BalanceState, JobEstimate, JobSpec } from '../../shared/ipc';
import type { AppRecord } from '../../shared/records';
import type { CallCache } from '../calls/calls';
import { endpointOf, firstList, LIST_PLANS, REPLY_CALLS_PER_COMMENT, REPLIES_PLAN, TOP_LEVEL_SHARE, type JobKind } from './plan';

/** `knownCount`: the list's size as the renderer knows it (proposed addition to jobSpecSchema). */
export type EstimateSpec = JobSpec & { knownCount?: number };

export interface EstimateOptions {
  /** The response cache, only read: a hit costs nothing. */
  cache?: Pick<CallCache, 'get'>;
  balance: BalanceState | null;
  /** Demo mode: the simulator's units bill nothing, so no money is said. */
  simulated?: boolean;
}

interface Known {
  count: number;
  /** Where the count came from, in words. */
  from: string;
}

const NOUNS: Readonly<Record<JobKind, string>> = {
  posts: 'posts',
  reels: 'reels',
  tagged: 'tagged posts',
  followers: 'followers',
  following: 'accounts followed',
  comments: 'comments',
  hashtag: 'posts',
  location: 'posts',
};

const ACCOUNT_COUNTS: Partial<Record<JobKind, 'media' | 'followers' | 'following'>> = {
  posts: 'media',
  followers: 'followers',
  following: 'following',
};

const fmt = (n: number): string => n.toLocaleString('en-US');

/** The first record of a cached answer of `path` with these params, if the cache holds one. */
async function cachedRecord(cache: Pick<CallCache, 'get'>, path: string, params: Record<string, string>): Promise<AppRecord | null> {
  const endpoint = findEndpoint(path);
  const hit = endpoint ? await cache.get(path, params) : null;
  if (!endpoint || !hit) return null;
  const record = normalizeAnswer(endpoint, hit.data);
  return Array.isArray(record) ? (record[0] ?? null) : record;
}

function usernameOf(label: string): string | null {
  const name = label.trim().replace(/^@/, '');
  return /^[A-Za-z0-9._]{1,30}$/.test(name) ? name : null;
}

async function countFromCache(spec: JobSpec, cache: Pick<CallCache, 'get'>): Promise<Known | null> {
  const target = spec.target.trim();
  const field = ACCOUNT_COUNTS[spec.kind];
  if (field) {
    const username = usernameOf(spec.label);
    const lookups: [string, Record<string, string>][] = [
      ['/v1/user/by/id', { id: target }],
      ['/v2/user/by/id', { id: target }],
      ...(username ? ([['/v1/user/by/username', { username }], ['/v2/user/by/username', { username }]] as [string, Record<string, string>][]) : []),
    ];
    for (const [path, params] of lookups) {
      const record = await cachedRecord(cache, path, params);
      const count = record?.kind === 'profile' && record.id === target ? record.counts[field] : null;
      if (typeof count === 'number') return { count, from: `the profile in the cache (${path})` };
    }
  }
  if (spec.kind === 'comments') {
    const pk = target.split('_')[0] ?? target;
    for (const path of ['/v1/media/by/id', '/v2/media/info/by/id']) {
      const record = await cachedRecord(cache, path, { id: target });
      const count = record?.kind === 'post' && record.id === pk ? record.counts.comments : null;
      if (typeof count === 'number') return { count, from: `the post in the cache (${path})` };
    }
    const firstPage = await cache.get(LIST_PLANS.comments.path, { id: target });
    const count = firstPage ? getPath(firstPage.data, 'response.comment_count') : undefined;
    if (typeof count === 'number') return { count, from: 'the first page of comments in the cache' };
  }
  if (spec.kind === 'hashtag') {
    for (const path of ['/v1/hashtag/by/name', '/v2/hashtag/by/name']) {
      const record = await cachedRecord(cache, path, { name: target });
      const count = record?.kind === 'hashtag' && record.name.toLowerCase() === target.toLowerCase() ? record.mediaCount : null;
      if (typeof count === 'number') return { count, from: `the hashtag in the cache (${path})` };
    }
  }
  return null;
}

/** Pages a job reading `items` items takes. Comment counts include replies (comment_count does). */
function pagesFor(spec: JobSpec, items: number): number {
  const size = LIST_PLANS[spec.kind].pageSize;
  if (spec.kind === 'comments' && spec.withReplies) {
    return Math.max(1, Math.ceil((items * TOP_LEVEL_SHARE) / size) + Math.ceil(items * REPLY_CALLS_PER_COMMENT));
  }
  return Math.max(1, Math.ceil(items / size));
}

export async function estimateJob(spec: EstimateSpec, o: EstimateOptions): Promise<JobEstimate> {
  const plan = LIST_PLANS[spec.kind];
  const cost = costOf(endpointOf(plan.path), firstList(spec).params);
  const noun = NOUNS[spec.kind];
  const price = !o.simulated && o.balance && o.balance.requests > 0 ? o.balance.amount / o.balance.requests : null;
  const currency = o.balance?.currency ?? null;

  const known: Known | null =
    (o.cache ? await countFromCache(spec, o.cache) : null) ??
    (spec.knownCount !== undefined ? { count: spec.knownCount, from: 'the count the app showed' } : null);

  let items: number | null = null;
  const basis: string[] = [];
  if (known !== null) {
    // Without replies a comment job reads only the top-level comments, about a share of comment_count.
    const readable = spec.kind === 'comments' && !spec.withReplies ? Math.round(known.count * TOP_LEVEL_SHARE) : known.count;
    items = spec.limit !== undefined ? Math.min(readable, spec.limit) : readable;
    basis.push(`${fmt(known.count)} ${noun} (from ${known.from})${spec.limit !== undefined && spec.limit < readable ? `, limited to the latest ${fmt(spec.limit)}` : ''}.`);
  } else if (spec.limit !== undefined) {
    items = spec.limit;
    basis.push(`Up to ${fmt(spec.limit)} ${noun} (the limit you set; the list may hold fewer).`);
  }

  let pages: number;
  if (items === null) {
    pages = Math.floor(spec.budget / cost);
    basis.push(
      `The size of this list is not known, so the job reads until the end of the list or its budget of ${fmt(spec.budget)} units, ` +
        `whichever comes first: at most ${fmt(pages)} pages of about ${plan.pageSize} ${noun} (${plan.path}, ${cost} unit${cost === 1 ? '' : 's'} each).`,
    );
  } else {
    pages = pagesFor(spec, items);
    if (spec.kind === 'comments' && spec.withReplies) {
      basis.push(
        `About ${plan.pageSize} top-level comments per page of ${plan.path} plus one ${REPLIES_PLAN.path} call per comment with replies ` +
          `(about ${REPLIES_PLAN.pageSize} replies a page): about ${fmt(pages)} pages. Threads vary, so this is rough.`,
      );
    } else {
      basis.push(`About ${plan.pageSize} per page of ${plan.path}: ${fmt(pages)} page${pages === 1 ? '' : 's'} at ${cost} unit${cost === 1 ? '' : 's'} each.`);
    }
  }
  const units = pages * cost;
  const money = price === null ? null : Math.round(units * price * 1e6) / 1e6;
  if (money !== null && price !== null) {
    const perUnit = Number(price.toPrecision(2));
    basis.push(`${fmt(units)} units at ${perUnit} ${currency} per unit (from your balance): about ${money.toFixed(money < 1 ? 4 : 2)} ${currency}.`);
  } else if (o.simulated) {
    basis.push(`${fmt(units)} simulated units: in demo mode nothing is billed.`);
  } else {
    basis.push(`${fmt(units)} units; the price per unit is not known until the balance is.`);
  }
  if (items !== null && units > spec.budget) {
    basis.push(`Your budget of ${fmt(spec.budget)} units stops the job after about ${fmt(Math.floor(spec.budget / cost))} pages.`);
  }
  if (o.balance && Math.min(units, spec.budget) > o.balance.requests) {
    basis.push(`Your balance (${fmt(o.balance.requests)} units) runs out before that: the job then stops with an error.`);
  }
  if (spec.kind === 'followers') basis.push('The live service shows outsiders only about the first 50 followers of an account.');
  return { items, pages, units, money, currency, basis: basis.join(' ') };
}
