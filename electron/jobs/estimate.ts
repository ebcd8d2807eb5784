// What a bulk job would take, before it starts, sending nothing. A job is a run of the ad-hoc study that
// reads one list whole (handlers.ts), so it is estimated as one: by the study estimate's per-target
// reads (electron/studies/estimate-target.ts) for the job's target and run options, likely figure and
// upper bound, with what dominates. The list's size comes from an answer already in the cache (a
// profile, a post, a hashtag), else from what the renderer showed (`knownCount`), else a prior; the job's
// limit caps it. Money = units * price per request (balance); none in demo mode.
import { normalizeAnswer } from '../../shared/api/normalize';
import { getPath } from '../../shared/api/pager';
import type { BalanceState, JobEstimate, JobSpec } from '../../shared/ipc';
import type { AppRecord, Profile } from '../../shared/records';
import { findEndpoint } from '../../shared/api/catalog';
import { requestsWord } from '../calls/ask';
import type { CallCache } from '../calls/calls';
import { openDb, type Db } from '../studies/db';
import { dominantShares } from '../studies/estimate';
import { followersShown, NO_CACHE, type Figure } from '../studies/estimate-knowledge';
import { estimateTarget } from '../studies/estimate-target';
import type { RunOptions, TargetRow } from '../studies/plan';
import { createListStates } from '../studies/tasks';
import { LIST_PLANS, REPLIES_PLAN, TOP_LEVEL_SHARE, type JobKind } from './plan';

/** `knownCount`: the list's size as the renderer knows it (proposed addition to jobSpecSchema). */
export type EstimateSpec = JobSpec & { knownCount?: number };

export interface EstimateOptions {
  /** The response cache, only read: a hit costs nothing. */
  cache?: Pick<CallCache, 'get'>;
  balance: BalanceState | null;
  /** Demo mode: the simulator's units bill nothing, so no money is said. */
  simulated?: boolean;
  /** The ad-hoc study's database (its history: sizes of similar lists); an empty study when there is none yet. */
  db?: Db;
}

interface Known {
  count: number;
  /** Where the count came from, in words. */
  from: string;
}

const NOUNS: Readonly<Record<JobKind, string>> = {
  posts: 'posts', reels: 'reels', tagged: 'tagged posts', followers: 'followers', following: 'accounts followed', comments: 'comments', hashtag: 'posts', location: 'posts',
};

const ACCOUNT_COUNTS: Partial<Record<JobKind, 'media' | 'followers' | 'following'>> = { posts: 'media', followers: 'followers', following: 'following' };

const fmt = (n: number): string => n.toLocaleString('en-US');

/** The job as the run it starts (handlers.ts `jobStart`): its target, not in the study yet, and its options. */
export function jobRun(spec: JobSpec): { target: TargetRow; options: RunOptions } {
  const key = spec.target.trim();
  const base = { id: -1, label: spec.label || key, username: null, since: null, until: null, maxUnitsPerRun: null, commentPagesPerPost: null } as const;
  const options: RunOptions = { lists: [], full: true, direct: true, ...(spec.limit !== undefined ? { limit: spec.limit } : {}), ...(spec.withReplies ? {} : { noReplies: true }) };
  switch (spec.kind) {
    case 'comments':
      return { target: { ...base, kind: 'post', key: key.split('_')[0] ?? key, lists: ['comments'] }, options: { ...options, lists: ['comments'] } };
    case 'hashtag':
      return { target: { ...base, kind: 'hashtag', key: key.toLowerCase(), label: `#${key}`, lists: ['posts'] }, options: { ...options, lists: ['posts'] } };
    case 'location':
      return { target: { ...base, kind: 'place', key, lists: ['posts'] }, options: { ...options, lists: ['posts'] } };
    default:
      return { target: { ...base, kind: 'account', key, lists: [spec.kind] }, options: { ...options, lists: [spec.kind] } };
  }
}

let emptyStudy: Db | null = null;
/** A study with nothing in it: a job estimated before the ad-hoc study exists has no history. */
function empty(): Db {
  emptyStudy ??= openDb(':memory:', { appVersion: 'estimate' });
  return emptyStudy;
}

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

/** The account's profile in the cache, by id or by the label's username. */
async function cachedProfile(spec: JobSpec, cache: Pick<CallCache, 'get'>): Promise<{ profile: Profile; path: string } | null> {
  const target = spec.target.trim();
  const username = usernameOf(spec.label);
  const lookups: [string, Record<string, string>][] = [
    ['/v1/user/by/id', { id: target }],
    ['/v2/user/by/id', { id: target }],
    ...(username ? ([['/v1/user/by/username', { username }], ['/v2/user/by/username', { username }]] as [string, Record<string, string>][]) : []),
  ];
  for (const [path, params] of lookups) {
    const record = await cachedRecord(cache, path, params);
    if (record?.kind === 'profile' && record.id === target) return { profile: record, path };
  }
  return null;
}

async function countFromCache(spec: JobSpec, cache: Pick<CallCache, 'get'>, profile: { profile: Profile; path: string } | null): Promise<Known | null> {
  const target = spec.target.trim();
  const field = ACCOUNT_COUNTS[spec.kind];
  const count = field && profile ? profile.profile.counts[field] : null;
  if (typeof count === 'number') return { count, from: `the profile in the cache (${profile!.path})` };
  if (spec.kind === 'comments') {
    const pk = target.split('_')[0] ?? target;
    for (const path of ['/v1/media/by/id', '/v2/media/info/by/id']) {
      const record = await cachedRecord(cache, path, { id: target });
      const n = record?.kind === 'post' && record.id === pk ? record.counts.comments : null;
      if (typeof n === 'number') return { count: n, from: `the post in the cache (${path})` };
    }
    const firstPage = await cache.get(LIST_PLANS.comments.path, { id: target });
    const n = firstPage ? getPath(firstPage.data, 'response.comment_count') : undefined;
    if (typeof n === 'number') return { count: n, from: 'the first page of comments in the cache' };
  }
  if (spec.kind === 'hashtag') {
    for (const path of ['/v1/hashtag/by/name', '/v2/hashtag/by/name']) {
      const record = await cachedRecord(cache, path, { name: target });
      const n = record?.kind === 'hashtag' && record.name.toLowerCase() === target.toLowerCase() ? record.mediaCount : null;
      if (typeof n === 'number') return { count: n, from: `the hashtag in the cache (${path})` };
    }
  }
  return null;
}

/** The known count as the estimate's size of the job's list (followers as an outsider is shown them). */
function sizeOf(spec: JobSpec, known: Known): Figure & { from: string } {
  const figure: Figure = spec.kind === 'followers' ? followersShown(known.count) : { likely: known.count, upper: known.count, basis: 'reported' };
  return { ...figure, from: `from ${known.from}` };
}

export async function estimateJob(spec: EstimateSpec, o: EstimateOptions): Promise<JobEstimate> {
  const plan = LIST_PLANS[spec.kind];
  const noun = NOUNS[spec.kind];
  const price = !o.simulated && o.balance && o.balance.requests > 0 ? o.balance.amount / o.balance.requests : null;
  const currency = o.balance?.currency ?? null;
  const account = ACCOUNT_COUNTS[spec.kind] !== undefined || spec.kind === 'reels' || spec.kind === 'tagged';
  const profile = o.cache && account ? await cachedProfile(spec, o.cache) : null;
  const known: Known | null =
    (o.cache ? await countFromCache(spec, o.cache, profile) : null) ??
    (spec.knownCount !== undefined ? { count: spec.knownCount, from: 'the count the app showed' } : null);

  const { target, options } = jobRun(spec);
  const db = o.db ?? empty();
  const lines = estimateTarget({ db, states: createListStates(db), cache: NO_CACHE, now: Date.now() }, target, options, {
    ...(known ? { size: sizeOf(spec, known) } : {}),
    ...(profile ? { profile: profile.profile } : {}),
  });
  const sum = (f: (l: (typeof lines)[number]) => number) => lines.reduce((n, l) => n + f(l), 0);
  const pages = Math.max(1, sum((l) => l.pages));
  const units = Math.max(1, sum((l) => l.units));
  const upperPages = Math.max(pages, sum((l) => l.upperPages));
  const upperUnits = Math.max(units, sum((l) => l.upperUnits));

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
  } else {
    basis.push(`The size of this list is not known: the figures are a prior (${lines.some((l) => l.basis === 'history') ? 'from similar lists of your collections' : 'Feedlens’ defaults'}), and the job reads until the end of the list or its budget, whichever comes first.`);
  }
  if (spec.kind === 'comments' && spec.withReplies) {
    basis.push(`About ${plan.pageSize} top-level comments per page of ${plan.path} plus one ${REPLIES_PLAN.path} call per comment with more replies than it shows (about ${REPLIES_PLAN.pageSize} replies a page): about ${fmt(pages)} pages, up to ${fmt(upperPages)}. Threads vary, so this is rough.`);
  } else {
    basis.push(`About ${plan.pageSize} per page of ${plan.path}: about ${fmt(pages)} page${pages === 1 ? '' : 's'}, up to ${fmt(upperPages)}.`);
  }
  const dominant = dominantShares(lines);
  if (dominant.length > 1) basis.push(`${dominant.map((d) => `${d.what.replace(/ of .*$/, '')}: about ${Math.round(d.share * 100)} %`).join(', ')}.`);
  const money = price === null ? null : Math.round(units * price * 1e6) / 1e6;
  if (money !== null && price !== null) {
    basis.push(`${requestsWord(units)} at ${Number(price.toPrecision(2))} ${currency} per request (from your balance): about ${money.toFixed(money < 1 ? 4 : 2)} ${currency}.`);
  } else if (o.simulated) {
    basis.push(`${requestsWord(units)}, simulated: in demo mode nothing is billed.`);
  } else {
    basis.push(`${requestsWord(units)}; the price per request is not known until the balance is.`);
  }
  if (units > spec.budget) basis.push(`Your budget of ${fmt(spec.budget)} requests stops the job before that.`);
  if (o.balance && Math.min(units, spec.budget) > o.balance.requests) {
    basis.push(`Your balance (${fmt(o.balance.requests)} requests) runs out before that: the job then stops with an error.`);
  }
  if (spec.kind === 'followers') basis.push('The live service shows outsiders only about the first 50 followers of an account, in one page.');
  return { items, pages, units, upperPages, upperUnits, dominant, money, currency, basis: basis.join(' ') };
}
