// The tables of a study as typed columns, for Parquet: posts, comments, users, stories, snapshots and
// runs. Rows are made from the (possibly pseudonymised) normalised records; runs and snapshots from
// their own tables. docs/analysis.md lists every column.
import type { Comment, Post, Profile, Story, User } from '../../shared/records';
import type { ParquetColumn, ParquetValue } from '../export/parquet';
import type { Db } from '../studies/db';
import type { StudyRecord } from './records';

export type TableName = 'posts' | 'comments' | 'users' | 'stories' | 'follows' | 'snapshots' | 'runs';

const s = (name: string): ParquetColumn => ({ name, type: 'string' });
const n = (name: string): ParquetColumn => ({ name, type: 'int64' });
const t = (name: string): ParquetColumn => ({ name, type: 'timestamp' });
const b = (name: string): ParquetColumn => ({ name, type: 'boolean' });
const l = (name: string): ParquetColumn => ({ name, type: 'strings' });

const SEEN = [t('first_seen'), t('last_seen'), n('first_run'), n('last_run'), s('status'), t('checked_at')];
/** What media analysis found (posts and stories): electron/media-analysis/facts.ts. */
const MEDIA = [s('media_text'), n('media_text_confidence'), s('phash'), n('reuse_group'), l('keyframes')];

export const TABLE_COLUMNS: Readonly<Record<Exclude<TableName, 'snapshots'>, ParquetColumn[]>> = {
  posts: [
    s('id'), s('media_id'), s('code'), s('url'), s('owner_id'), s('username'), t('taken_at'), s('product_type'), s('media_type'), n('num_media'),
    s('caption'), l('hashtags'), l('mentions'), l('tagged_ids'), l('tagged'), l('coauthor_ids'), l('coauthors'), s('location_id'), s('location_name'),
    n('like_count'), n('comment_count'), n('play_count'), b('likes_hidden'), ...SEEN, ...MEDIA,
  ],
  comments: [s('id'), s('post_id'), s('parent_id'), s('author_id'), s('author'), t('created_at'), s('text'), n('like_count'), n('reply_count'), b('is_pinned'), ...SEEN],
  users: [
    s('id'), s('username'), s('full_name'), b('is_private'), b('is_verified'), b('is_profile'), s('biography'), n('follower_count'), n('following_count'),
    n('media_count'), s('category'), s('profile_pic_url'), ...SEEN,
  ],
  stories: [s('id'), s('code'), s('owner_id'), s('username'), t('taken_at'), t('expires_at'), s('media_type'), s('highlight_id'), l('mentions'), l('hashtags'), l('links'), ...SEEN, ...MEDIA],
  /** Who follows whom, as the watched accounts' followers and following lists said: one row per pair. */
  follows: [s('list'), s('follower_id'), s('follower'), s('followed_id'), s('followed'), t('first_seen'), t('last_seen')],
  runs: [
    n('id'), s('trigger'), s('state'), n('budget'), n('units_spent'), n('pages'), n('new_items'), n('items'), n('errors'), s('message'), s('mode'), s('origin'),
    n('estimate'), t('started_at'), t('updated_at'), t('finished_at'),
  ],
};

/** What a row of each table is (the README of a Parquet export). */
export const TABLE_HOLDS: Readonly<Record<TableName, string>> = {
  posts: 'One row per post; id is the media pk (what comments.post_id holds), media_id is <pk>_<owner id>.',
  comments: 'One row per comment or reply (parent_id: the comment replied to; post_id: posts.id).',
  users: 'One row per account the study stored (owners, authors, followers, profiles).',
  stories: 'One row per story; highlight_id names its highlight.',
  follows: 'Who follows whom, as the watched accounts\' followers and following lists said: one row per pair.',
  runs: 'The runs of the export (one, for a run\'s export), with what each spent and found.',
  snapshots: 'Profile snapshots of the watched accounts, one per run that read the profile (a run\'s export: that run\'s).',
};

const ms = (sec: number | null | undefined): number | null => (typeof sec === 'number' ? sec * 1000 : null);
const seen = (r: StudyRecord): ParquetValue[] => [r.firstSeen, r.lastSeen, r.firstRun, r.lastRun, r.status, r.checkedAt];
const media = ({ media: m }: StudyRecord): ParquetValue[] => [m?.text ?? null, m?.textConfidence ?? null, m?.phash ?? null, m?.reuseGroup ?? null, m?.keyframes ?? []];
const names = (users: readonly (Pick<User, 'username'> | null)[]): string[] => users.map((u) => u?.username ?? '').filter((x) => x !== '');
const ids = (users: readonly (Pick<User, 'id'> | null)[]): string[] => users.map((u) => u?.id ?? '').filter((x) => x !== '');

function postRow(r: StudyRecord, p: Post): ParquetValue[] {
  const tagged = [...p.usertags, ...p.children.flatMap((c) => c.usertags)].map((x) => x.user);
  return [
    p.id, p.mediaId, p.code, p.code ? `https://www.instagram.com/p/${p.code}/` : null, p.owner?.id ?? null, p.owner?.username ?? null, ms(p.takenAt), p.productType, p.mediaType,
    p.children.length > 0 ? p.children.length : 1, p.caption.text, p.caption.hashtags, p.caption.mentions, ids(tagged), names(tagged), ids(p.coauthors), names(p.coauthors),
    p.location?.id ?? null, p.location?.name ?? null, p.likesHidden ? null : p.counts.likes, p.counts.comments, p.counts.plays ?? p.counts.views, p.likesHidden, ...seen(r),
    ...media(r),
  ];
}

function commentRow(r: StudyRecord, c: Comment): ParquetValue[] {
  return [c.id, c.postId, c.parentId, c.author?.id ?? null, c.author?.username ?? null, ms(c.createdAt), c.text, c.likeCount, c.replyCount, c.isPinned, ...seen(r)];
}

function userRow(r: StudyRecord, u: User | Profile): ParquetValue[] {
  const p = u.kind === 'profile' ? u : null;
  return [
    u.id, u.username, u.fullName, u.isPrivate, u.isVerified, p !== null, p?.biography ?? null, p?.counts.followers ?? null, p?.counts.following ?? null,
    p?.counts.media ?? null, p?.category ?? null, u.avatarUrl, ...seen(r),
  ];
}

function storyRow(r: StudyRecord, st: Story, highlightId: string | null): ParquetValue[] {
  return [
    st.id, st.code, st.owner?.id ?? null, st.owner?.username ?? null, ms(st.takenAt), ms(st.expiresAt), st.mediaType, highlightId,
    names(st.mentions.map((m) => m.user)), st.hashtags.map((h) => h.name), st.links.map((x) => x.url), ...seen(r), ...media(r),
  ];
}

/** The row of a record in its table (null: not in any of them). */
export function tableRowOf(r: StudyRecord, highlightOf: (storyId: string) => string | null): { table: TableName; row: ParquetValue[] } | null {
  const rec = r.record;
  switch (rec.kind) {
    case 'post':
      return { table: 'posts', row: postRow(r, rec) };
    case 'comment':
      return { table: 'comments', row: commentRow(r, rec) };
    case 'user':
    case 'profile':
      return { table: 'users', row: userRow(r, rec) };
    case 'story':
      return { table: 'stories', row: storyRow(r, rec, highlightOf(rec.id)) };
    default:
      return null;
  }
}

export function runRows(db: Db, runId?: number): Iterable<ParquetValue[]> {
  const stmt = db.prepare(
    `SELECT id, trigger, state, budget, units_spent, pages, new_items, items, errors, message, mode, origin, estimate, started_at, updated_at, finished_at FROM runs${runId !== undefined ? ' WHERE id = ?' : ''} ORDER BY id`,
  );
  return {
    *[Symbol.iterator]() {
      for (const row of stmt.iterate(...(runId !== undefined ? [runId] : [])) as Iterable<Record<string, ParquetValue>>) yield TABLE_COLUMNS.runs.map((c) => row[c.name] ?? null);
    },
  };
}

/**
 * The snapshots table (issue 13), column by column as SQLite declares them: integers as int64, reals as
 * doubles, the rest as strings; `*_at` integer columns are epoch milliseconds, written as timestamps. With a
 * run, only the snapshots that run took.
 */
export function snapshotTable(db: Db, runId?: number): { columns: ParquetColumn[]; rows: Iterable<ParquetValue[]> } {
  const info = db.prepare('SELECT name, type FROM pragma_table_info(?)').all('snapshots') as { name: string; type: string }[];
  const columns = info.map((c): ParquetColumn => {
    const type = c.type.toUpperCase();
    if (type.includes('INT')) return { name: c.name, type: /_at$/.test(c.name) ? 'timestamp' : 'int64' };
    if (type.includes('REAL') || type.includes('FLOA') || type.includes('DOUB')) return { name: c.name, type: 'double' };
    return { name: c.name, type: 'string' };
  });
  // A run's: the snapshots it took; otherwise every one.
  const stmt = db.prepare(`SELECT ${columns.map((c) => `"${c.name.replace(/"/g, '""')}"`).join(', ')} FROM snapshots${runId !== undefined ? ' WHERE run_id = ?' : ''} ORDER BY id`);
  return {
    columns,
    rows: {
      *[Symbol.iterator]() {
        for (const row of stmt.iterate(...(runId !== undefined ? [runId] : [])) as Iterable<Record<string, ParquetValue>>) yield columns.map((c) => row[c.name] ?? null);
      },
    },
  };
}
