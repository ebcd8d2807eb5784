// The numbers of a study's charts, from its database: compact rows of its posts (SQLite's JSON functions
// pick the hashtags, mentions, tagged accounts and co-authors out of each stored record, so no record is
// parsed in JavaScript) handed to the shared chart maths (shared/charts.ts), and engagement as observed
// from the item history (history.ts).
import { chartsOf, observedOf, type ChartOptions, type ChartPost, type ChartsData } from '../../shared/charts';
import type { Db } from '../studies/db';
import { postSightings } from './history';

interface Row {
  taken_at: number | null;
  like_count: number | null;
  comment_count: number | null;
  play_count: number | null;
  hashtags: string | null;
  mentions: string | null;
  tagged: string | null;
  coauthors: string | null;
}

const list = (json: string | null): string[] => {
  if (!json) return [];
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string' && v !== '') : [];
};

const POSTS_SQL = `
SELECT r.taken_at, CASE WHEN json_extract(r.record, '$.likesHidden') THEN NULL ELSE r.like_count END AS like_count, r.comment_count, r.play_count,
  json_extract(r.record, '$.caption.hashtags') AS hashtags,
  json_extract(r.record, '$.caption.mentions') AS mentions,
  (SELECT json_group_array(json_extract(t.value, '$.user.username')) FROM (
     SELECT value FROM json_each(r.record, '$.usertags')
     UNION ALL SELECT u.value FROM json_each(r.record, '$.children') ch, json_each(ch.value, '$.usertags') u) t) AS tagged,
  (SELECT json_group_array(json_extract(c.value, '$.username')) FROM json_each(r.record, '$.coauthors') c) AS coauthors
FROM records r WHERE r.kind = 'post'`;

/** The posts of the study (or of one target's lists) as chart rows, read lazily. */
export function chartPosts(db: Db, targetId?: number): Iterable<ChartPost> {
  const within = targetId !== undefined ? ' AND r.rowid IN (SELECT record_id FROM list_items WHERE target_id = ?)' : '';
  const stmt = db.prepare(POSTS_SQL + within);
  const args = targetId !== undefined ? [targetId] : [];
  return {
    *[Symbol.iterator]() {
      for (const r of stmt.iterate(...args) as Iterable<Row>) {
        yield {
          takenAt: r.taken_at,
          likes: r.like_count,
          comments: r.comment_count,
          plays: r.play_count,
          hashtags: list(r.hashtags),
          mentions: list(r.mentions),
          tagged: list(r.tagged),
          coauthors: list(r.coauthors),
        };
      }
    },
  };
}

export function studyCharts(db: Db, o: ChartOptions & { targetId?: number }): ChartsData {
  const data = chartsOf(chartPosts(db, o.targetId), o);
  const sightings = postSightings(db, o.targetId !== undefined ? { sql: 'SELECT record_id FROM list_items WHERE target_id = ?', args: [o.targetId] } : undefined);
  data.observed = observedOf(sightings.rows, o);
  data.observedFrom = sightings.from;
  return data;
}
