// The numbers behind the charts of a study, a profile, a hashtag or a place: posting activity by day or
// week, a weekday × hour heatmap, engagement over time and the top hashtags, mentions, tagged accounts
// and co-authors. One pure function over compact post rows, used by main (rows read from the study
// database) and by the renderer (the posts a page has loaded), so both draw the same numbers.

import type { Post } from './records';

export type ChartUnit = 'day' | 'week';
export type ChartTimeZone = 'UTC' | 'local';

/** What a chart needs of one post. */
export interface ChartPost {
  /** Epoch seconds; posts without a time are counted but not placed in time. */
  takenAt: number | null;
  likes: number | null;
  comments: number | null;
  plays: number | null;
  hashtags: readonly string[];
  mentions: readonly string[];
  /** Usernames tagged on the post (and its carousel items). */
  tagged: readonly string[];
  coauthors: readonly string[];
}

export interface ActivityPoint {
  /** The bucket's first day, YYYY-MM-DD (a week starts on Monday). */
  bucket: string;
  posts: number;
}

export interface EngagementPoint {
  bucket: string;
  posts: number;
  likes: number;
  comments: number;
  plays: number;
}

/** Engagement as observed at each sighting (item history): the latest known counts of every post seen by then. */
export interface ObservedPoint {
  bucket: string;
  posts: number;
  likes: number;
  comments: number;
}

export interface Ranked {
  name: string;
  count: number;
}

export interface ChartsData {
  posts: number;
  /** Posts with a time (the ones placed in time). */
  dated: number;
  unit: ChartUnit;
  timeZone: ChartTimeZone;
  activity: ActivityPoint[];
  /** 7 rows (Monday first) of 24 hours. */
  heatmap: number[][];
  /** By posting date, with each post's counts as last seen. */
  engagement: EngagementPoint[];
  /** From the item history (one point per sighting bucket), or null without it. */
  observed: ObservedPoint[] | null;
  /** Where `observed` comes from: each sighting's counts (the item history), or null without `observed`. */
  observedFrom: 'history' | null;
  top: { hashtags: Ranked[]; mentions: Ranked[]; tagged: Ranked[]; coauthors: Ranked[] };
}

export interface ChartOptions {
  unit: ChartUnit;
  timeZone: ChartTimeZone;
  /** How many of each top list. Default 15. */
  topN?: number;
}

const DAY = 86_400;

/** Seconds to add to UTC to get the wall clock of the chosen zone at that moment. */
function offsetOf(sec: number, tz: ChartTimeZone): number {
  return tz === 'UTC' ? 0 : -new Date(sec * 1000).getTimezoneOffset() * 60;
}

/** The bucket (YYYY-MM-DD of its first day) a time falls in. */
/** The last second of year 9999: later times (a database from elsewhere, an edit) have no day to chart. */
const LAST_CHARTABLE_SEC = 253_402_300_799;

/** A time charts can place on a day; others count as undated. */
function isChartable(sec: number | null): sec is number {
  return sec !== null && Number.isFinite(sec) && Math.abs(sec) <= LAST_CHARTABLE_SEC;
}

export function bucketOf(sec: number, unit: ChartUnit, tz: ChartTimeZone): string {
  const wall = sec + offsetOf(sec, tz);
  let day = Math.floor(wall / DAY);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
  if (unit === 'week') day -= (((day + 3) % 7) + 7) % 7;
  return new Date(day * DAY * 1000).toISOString().slice(0, 10);
}

/** Every bucket from the first to the last, so gaps show as zeros. */
export function bucketRange(first: string, last: string, unit: ChartUnit): string[] {
  const out: string[] = [];
  const step = unit === 'week' ? 7 : 1;
  const end = Date.parse(`${last}T00:00:00Z`) / 1000 / DAY;
  for (let day = Date.parse(`${first}T00:00:00Z`) / 1000 / DAY; day <= end && out.length < 20_000; day += step) {
    out.push(new Date(day * DAY * 1000).toISOString().slice(0, 10));
  }
  return out;
}

function ranked(counts: Map<string, { name: string; count: number }>, n: number): Ranked[] {
  return [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, n);
}

/** Counts a name once per post, case-insensitively, keeping the first spelling met. */
function tally(into: Map<string, { name: string; count: number }>, names: readonly string[]): void {
  const seen = new Set<string>();
  for (const raw of names) {
    const name = raw.replace(/^[#@]/, '');
    const key = name.toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    const entry = into.get(key);
    if (entry) entry.count += 1;
    else into.set(key, { name, count: 1 });
  }
}

export function chartsOf(posts: Iterable<ChartPost>, o: ChartOptions): ChartsData {
  const topN = o.topN ?? 15;
  const heatmap = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  const byBucket = new Map<string, EngagementPoint>();
  const tops = { hashtags: new Map(), mentions: new Map(), tagged: new Map(), coauthors: new Map() } as Record<keyof ChartsData['top'], Map<string, { name: string; count: number }>>;
  let total = 0;
  let dated = 0;
  for (const p of posts) {
    total += 1;
    tally(tops.hashtags, p.hashtags);
    tally(tops.mentions, p.mentions);
    tally(tops.tagged, p.tagged);
    tally(tops.coauthors, p.coauthors);
    if (!isChartable(p.takenAt)) continue;
    dated += 1;
    const wall = p.takenAt + offsetOf(p.takenAt, o.timeZone);
    const day = Math.floor(wall / DAY);
    const weekday = (((day + 3) % 7) + 7) % 7;
    const hour = Math.floor((wall - day * DAY) / 3600);
    heatmap[weekday]![hour]! += 1;
    const bucket = bucketOf(p.takenAt, o.unit, o.timeZone);
    let point = byBucket.get(bucket);
    if (!point) byBucket.set(bucket, (point = { bucket, posts: 0, likes: 0, comments: 0, plays: 0 }));
    point.posts += 1;
    point.likes += p.likes ?? 0;
    point.comments += p.comments ?? 0;
    point.plays += p.plays ?? 0;
  }
  const buckets = [...byBucket.keys()].sort();
  const all = buckets.length > 0 ? bucketRange(buckets[0]!, buckets[buckets.length - 1]!, o.unit) : [];
  const engagement = all.map((bucket) => byBucket.get(bucket) ?? { bucket, posts: 0, likes: 0, comments: 0, plays: 0 });
  return {
    posts: total,
    dated,
    unit: o.unit,
    timeZone: o.timeZone,
    activity: engagement.map((e) => ({ bucket: e.bucket, posts: e.posts })),
    heatmap,
    engagement,
    observed: null,
    observedFrom: null,
    top: { hashtags: ranked(tops.hashtags, topN), mentions: ranked(tops.mentions, topN), tagged: ranked(tops.tagged, topN), coauthors: ranked(tops.coauthors, topN) },
  };
}

/** One sighting of a post: when it was seen (epoch ms) and its counts then. */
export interface SightingPoint {
  post: string;
  seenAt: number;
  likes: number | null;
  comments: number | null;
}

/**
 * Engagement as observed over time: at the end of each bucket, the sum of the latest counts of every post
 * seen by then (a post seen once keeps its counts until it is seen again). Sightings in time order.
 */
export function observedOf(sightings: Iterable<SightingPoint>, o: Pick<ChartOptions, 'unit' | 'timeZone'>): ObservedPoint[] {
  const latest = new Map<string, { likes: number; comments: number }>();
  let likes = 0;
  let comments = 0;
  const points = new Map<string, ObservedPoint>();
  for (const s of sightings) {
    if (!isChartable(s.seenAt / 1000)) continue;
    const was = latest.get(s.post);
    const now = { likes: s.likes ?? was?.likes ?? 0, comments: s.comments ?? was?.comments ?? 0 };
    likes += now.likes - (was?.likes ?? 0);
    comments += now.comments - (was?.comments ?? 0);
    latest.set(s.post, now);
    const bucket = bucketOf(Math.floor(s.seenAt / 1000), o.unit, o.timeZone);
    points.set(bucket, { bucket, posts: latest.size, likes, comments });
  }
  const keys = [...points.keys()].sort();
  if (keys.length === 0) return [];
  let last: ObservedPoint | null = null;
  return bucketRange(keys[0]!, keys[keys.length - 1]!, o.unit).map((bucket) => {
    last = points.get(bucket) ?? { ...(last as ObservedPoint), bucket };
    return last;
  });
}

/** The table of numbers a chart draws, for its CSV. */
export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const CHART_KINDS = ['activity', 'heatmap', 'engagement', 'observed', 'hashtags', 'mentions', 'tagged', 'coauthors'] as const;

export type ChartKind = (typeof CHART_KINDS)[number];

export function tableOf(data: ChartsData, kind: ChartKind): ChartTable {
  const zone = data.timeZone === 'UTC' ? 'UTC' : 'local time';
  switch (kind) {
    case 'activity':
      return { columns: [data.unit === 'week' ? 'week_starting' : 'day', 'posts'], rows: data.activity.map((p) => [p.bucket, p.posts]) };
    case 'heatmap':
      return { columns: ['weekday', ...Array.from({ length: 24 }, (_, h) => `h${String(h).padStart(2, '0')}_${zone === 'UTC' ? 'utc' : 'local'}`)], rows: data.heatmap.map((row, d) => [WEEKDAYS[d]!, ...row]) };
    case 'engagement':
      return { columns: [data.unit === 'week' ? 'week_starting' : 'day', 'posts', 'likes', 'comments', 'plays'], rows: data.engagement.map((p) => [p.bucket, p.posts, p.likes, p.comments, p.plays]) };
    case 'observed':
      return { columns: [data.unit === 'week' ? 'week_starting' : 'day', 'posts_seen', 'likes', 'comments'], rows: (data.observed ?? []).map((p) => [p.bucket, p.posts, p.likes, p.comments]) };
    default:
      return { columns: [kind === 'hashtags' ? 'hashtag' : 'account', 'posts'], rows: data.top[kind].map((r) => [r.name, r.count]) };
  }
}

/** A loaded post as a chart row (the renderer charts what a profile, hashtag or place page has loaded). */
export function chartPostOf(p: Pick<Post, 'takenAt' | 'counts' | 'likesHidden' | 'caption' | 'usertags' | 'children' | 'coauthors'>): ChartPost {
  const tagged = [...p.usertags, ...p.children.flatMap((c) => c.usertags)].map((t) => t.user.username ?? '').filter((u) => u !== '');
  return {
    takenAt: p.takenAt,
    // A hidden like count is a made-up number: not drawn.
    likes: p.likesHidden ? null : p.counts.likes,
    comments: p.counts.comments,
    plays: p.counts.plays ?? p.counts.views,
    hashtags: p.caption.hashtags,
    mentions: p.caption.mentions,
    tagged,
    coauthors: p.coauthors.map((u) => u.username ?? '').filter((u) => u !== ''),
  };
}
