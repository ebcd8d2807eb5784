// What a run would take, before it starts: only the pages it needs, found from what the study already
// holds (the last run: which lists were read to their end, the counts seen then) and from the response
// cache (a profile or first page fetched since the last run tells what is new for free). Sends nothing.
//
// Per account: the profile (1 unit, none if a fresh copy is cached), its stories (2 units, only when
// the profile says there is a newer one), the highlights tray (2 units) and its changed highlights and
// the first page of reels unless a fresh profile in the cache says they are not due (profile-signals.ts),
// and per list: first read = its count / page size; later reads = the pages holding what is new since the
// last run (at least the first page), plus what earlier runs left unread.
import { findEndpoint } from '../../shared/api/catalog';
import { parseLossless } from '../../shared/api/json';
import { normalizeAnswer } from '../../shared/api/normalize';
import type { BalanceState } from '../../shared/ipc';
import type { AppRecord, Profile } from '../../shared/records';
import type { EstimateLine, RunEstimate } from '../../shared/studies';
import type { CallCache } from '../calls/calls';
import { LIST_PLANS, REPLY_CALLS_PER_COMMENT, TOP_LEVEL_SHARE } from '../jobs/plan';
import type { Db } from './db';
import { recordsOf } from './page';
import { ACCOUNT_LISTS, FEED_PATHS, listsOf, PROFILE_PATH, type AccountList, type RunOptions, type TargetRow } from './plan';
import { highlightsDue, reelsHeadDue } from './profile-signals';
import { activeTargets } from './runs';
import { createListStates, type ListStates } from './tasks';

export interface EstimateDeps {
  db: Db;
  cache: Pick<CallCache, 'get'>;
  balance: BalanceState | null;
}

/** Units a list of unknown size is allowed in the suggested budget (the run stops at the budget). */
export const OPEN_LIST_ALLOWANCE = 20;

interface Ctx extends EstimateDeps {
  states: ListStates;
}

const COUNT_OF: Partial<Record<AccountList, 'media' | 'followers' | 'following'>> = { posts: 'media', followers: 'followers', following: 'following' };

async function fresh(ctx: Ctx, path: string, params: Record<string, string>, after: number): Promise<unknown> {
  const hit = await ctx.cache.get(path, params);
  return hit && hit.fetchedAt > after ? hit.data : null;
}

function storedProfile(ctx: Ctx, id: string): Profile | null {
  const row = ctx.db.prepare("SELECT record, raw FROM records WHERE kind = 'user' AND id = ? AND richness = 2").get(id) as { record: string; raw: string } | undefined;
  return row ? { ...(JSON.parse(row.record) as Profile), raw: parseLossless(row.raw) } : null;
}

function listCount(ctx: Ctx, targetId: number, list: string): number {
  return (ctx.db.prepare('SELECT count(*) AS n FROM list_items WHERE target_id = ? AND list = ?').get(targetId, list) as { n: number }).n;
}

function knownIn(ctx: Ctx, targetId: number, list: string, records: readonly AppRecord[]): number {
  const known = ctx.db.prepare('SELECT 1 FROM list_items li JOIN records r ON r.rowid = li.record_id WHERE li.target_id = ? AND li.list = ? AND r.id = ?');
  return records.findIndex((r) => 'id' in r && typeof r.id === 'string' && known.get(targetId, list, r.id) !== undefined);
}

const pages = (items: number, size: number) => Math.max(1, Math.ceil(items / size));

/** One newest-first list: its pages, and how many new items they should bring (null: unknown). */
async function listLines(ctx: Ctx, t: TargetRow, list: AccountList, count: number | null, options: RunOptions, out: EstimateLine[]): Promise<number | null> {
  const feed = t.kind === 'account' ? null : FEED_PATHS[t.kind as 'hashtag' | 'place' | 'music'];
  const { path, pageSize: size } = feed ?? LIST_PLANS[list];
  const param = feed ? feed.param : 'user_id';
  const state = ctx.states.get({ targetId: t.id, list, contextId: '' });
  const line = (what: string, p: number, open = false) => out.push({ targetId: t.id, label: t.label, what, pages: p, units: p, open });
  const limited = (n: number | null) => (options.limit !== undefined ? Math.min(n ?? options.limit, options.limit) : n);
  if (options.full || !state || state.lastReadAt === null) {
    const n = limited(count);
    line(`${list} (first read${n !== null ? `, ${n.toLocaleString('en-US')} items` : ', size unknown'})`, n !== null ? pages(n, size) : 1, n === null);
    return n;
  }
  const cached = await fresh(ctx, path, { [param]: t.key }, state.lastReadAt);
  let fresh_: number | null = null;
  const endpoint = findEndpoint(path);
  if (cached !== null && endpoint) {
    const { records } = recordsOf(endpoint, cached, null);
    const at = knownIn(ctx, t.id, list, records);
    if (at >= 0) {
      line(`${list} (${at} new, from a page in the cache)`, 0);
      fresh_ = at;
    }
  }
  if (fresh_ === null) {
    const known = listCount(ctx, t.id, list);
    const expected = count !== null && state.complete ? Math.max(0, count - known) : null;
    line(`${list} (new since the last run${expected !== null ? `: about ${expected.toLocaleString('en-US')}` : ''})`, expected !== null ? pages(expected + 1, size) : 1);
    fresh_ = expected;
  }
  for (const _gap of state.gaps) line(`${list} (what an earlier run left unread)`, 1, true);
  if (!state.complete) {
    const left = count !== null ? Math.max(0, count - listCount(ctx, t.id, list)) : null;
    line(`${list} (the rest of the first read${left !== null ? `: about ${left.toLocaleString('en-US')}` : ''})`, left !== null ? pages(left, size) : 1, left === null);
  }
  return fresh_;
}

async function accountLines(ctx: Ctx, t: TargetRow, options: RunOptions, out: EstimateLine[]): Promise<number | null> {
  const lists = listsOf(t, options);
  const last = (list: string) => ctx.states.get({ targetId: t.id, list: list as AccountList, contextId: '' })?.lastReadAt ?? 0;
  let profile: Profile | null = null;
  if (!options.direct) {
    const cached = await fresh(ctx, PROFILE_PATH, { id: t.key }, last('profile'));
    const endpoint = findEndpoint(PROFILE_PATH)!;
    const found = cached !== null ? normalizeAnswer(endpoint, cached) : null;
    profile = found !== null && !Array.isArray(found) && found.kind === 'profile' ? found : null;
    out.push({ targetId: t.id, label: t.label, what: profile ? 'profile (in the cache)' : 'profile', pages: profile ? 0 : 1, units: profile ? 0 : 1, open: false });
  }
  const known = profile ?? storedProfile(ctx, t.key);
  if (known?.isPrivate) return 0;
  if (lists.has('stories')) {
    const newest = ctx.states.get({ targetId: t.id, list: 'stories', contextId: '' })?.count ?? 0;
    const due = profile === null || (profile.latestReelMedia ?? 1) > newest;
    out.push({ targetId: t.id, label: t.label, what: due ? (profile ? 'stories (new ones, the profile says)' : 'stories (if the profile shows new ones)') : 'stories (none new)', pages: due ? 1 : 0, units: due ? 2 : 0, open: false });
  }
  if (lists.has('highlights') && profile && !highlightsDue(profile, ctx.states, t.id)) {
    out.push({ targetId: t.id, label: t.label, what: 'highlights (nothing new, the profile says)', pages: 0, units: 0, open: false });
  } else if (lists.has('highlights')) {
    const read = ctx.states.get({ targetId: t.id, list: 'highlights', contextId: '' });
    const count = typeof (known?.raw as Record<string, unknown> | undefined)?.highlight_reel_count === 'number' ? ((known!.raw as Record<string, number>).highlight_reel_count ?? 0) : null;
    const details = read ? 0 : (count ?? 0);
    out.push({ targetId: t.id, label: t.label, what: read ? 'highlights (and any that changed)' : `highlights (first read${count !== null ? `: ${count}` : ''})`, pages: 1 + details, units: 2 + details, open: !read && count === null });
  }
  let fresh_: number | null = 0;
  for (const list of ACCOUNT_LISTS) {
    if (!lists.has(list)) continue;
    const state = ctx.states.get({ targetId: t.id, list, contextId: '' });
    if (list === 'reels' && state?.complete && state.gaps.length === 0 && profile && !reelsHeadDue(profile, ctx.states, t.id, lists)) {
      out.push({ targetId: t.id, label: t.label, what: 'reels (none new: the post count did not change)', pages: 0, units: 0, open: false });
      continue;
    }
    const field = COUNT_OF[list];
    // Reels are in the grid too: its count bounds theirs.
    const count = field && known ? known.counts[field] : list === 'reels' && known ? known.counts.media : null;
    const n = await listLines(ctx, t, list, count, options, out);
    if (list === 'posts' || list === 'reels' || list === 'tagged') fresh_ = fresh_ === null || n === null ? null : fresh_ + n;
  }
  return fresh_;
}

export async function estimateRun(deps: EstimateDeps, options: RunOptions): Promise<RunEstimate> {
  const ctx: Ctx = { ...deps, states: createListStates(deps.db) };
  const lines: EstimateLine[] = [];
  for (const t of activeTargets(deps.db).filter((x) => !options.targetIds || options.targetIds.includes(x.id))) {
    const lists = listsOf(t, options);
    let newPosts: number | null = 0;
    if (t.kind === 'account') newPosts = await accountLines(ctx, t, options, lines);
    else if (t.kind === 'post') {
      lines.push({ targetId: t.id, label: t.label, what: 'the post (its counts)', pages: 1, units: 1, open: false });
      const row = deps.db.prepare("SELECT comment_count FROM records WHERE kind = 'post' AND id = ?").get(t.key) as { comment_count: number | null } | undefined;
      const read = ctx.states.get({ targetId: t.id, list: 'comments', contextId: t.key });
      if (lists.has('comments')) {
        const n = row?.comment_count ?? null;
        const p = n === null ? 1 : Math.ceil((n * TOP_LEVEL_SHARE) / LIST_PLANS.comments.pageSize) + Math.ceil(n * REPLY_CALLS_PER_COMMENT);
        lines.push({ targetId: t.id, label: t.label, what: read?.complete ? 'comments (again if their count changed)' : 'comments and replies', pages: Math.max(1, p), units: Math.max(1, p), open: n === null });
      }
      if (lists.has('likers')) lines.push({ targetId: t.id, label: t.label, what: 'likers (if their count changed)', pages: 1, units: 1, open: false });
      newPosts = 0;
    } else if (lists.has('posts')) {
      let count: number | null = null;
      if (t.kind === 'hashtag') {
        for (const path of ['/v1/hashtag/by/name', '/v2/hashtag/by/name']) {
          const data = await fresh(ctx, path, { name: t.key }, 0);
          const found = data !== null ? normalizeAnswer(findEndpoint(path)!, data) : null;
          if (found && !Array.isArray(found) && found.kind === 'hashtag' && found.mediaCount !== null) count = found.mediaCount;
        }
      }
      newPosts = await listLines(ctx, t, 'posts' as AccountList, count, options, lines);
    }
    const perPost = (lists.has('comments') && t.kind !== 'post' ? 1 : 0) + (lists.has('likers') && t.kind !== 'post' ? 1 : 0);
    if (perPost > 0) {
      lines.push({
        targetId: t.id, label: t.label, what: `comments${lists.has('likers') ? ' and likers' : ''} of new posts${newPosts !== null ? ` (about ${newPosts})` : ''}`,
        pages: (newPosts ?? 0) * perPost, units: (newPosts ?? 0) * perPost, open: newPosts === null,
      });
    }
    const pending = ctx.states.pending(t.id).filter((p) => (p.list === 'highlight' ? lists.has('highlights') : p.list === 'likers' ? lists.has('likers') : lists.has('comments')));
    if (pending.length > 0 && !options.full) lines.push({ targetId: t.id, label: t.label, what: `unfinished follow-ups of earlier runs (${pending.length})`, pages: pending.length, units: pending.length, open: true });
  }
  const units = lines.reduce((n, l) => n + l.units, 0);
  const pagesTotal = lines.reduce((n, l) => n + l.pages, 0);
  const open = lines.some((l) => l.open);
  const price = deps.balance && deps.balance.requests > 0 ? deps.balance.amount / deps.balance.requests : null;
  const money = price === null ? null : Math.round(units * price * 1e6) / 1e6;
  const openCount = lines.filter((l) => l.open).length;
  const raw = units + openCount * OPEN_LIST_ALLOWANCE;
  const margin = Math.ceil(raw + Math.max(1, raw * 0.1));
  const basis = [
    `${pagesTotal.toLocaleString('en-US')} pages, ${units.toLocaleString('en-US')} units, counted from what the study holds and the cache: lists read before cost only the pages with what is new.`,
    open ? `${openCount} list${openCount === 1 ? ' has' : 's have'} no known size: the run reads ${openCount === 1 ? 'it' : 'them'} to the end or until the budget, whichever comes first (the suggested budget allows ${OPEN_LIST_ALLOWANCE} units each).` : '',
    money !== null ? `About ${money.toFixed(money < 1 ? 4 : 2)} ${deps.balance?.currency ?? ''} at your balance's price per unit.` : 'The price per unit is not known until the balance is.',
  ].filter(Boolean);
  return { lines, pages: pagesTotal, units, open, money, currency: deps.balance?.currency ?? null, basis: basis.join(' '), suggestedBudget: Math.max(1, margin) };
}
