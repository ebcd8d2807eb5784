// Generated post records for the export benchmark: a carousel of three photos every fifth post, else a
// photo; a caption with tags and a mention; 5,000 distinct accounts. Synthetic values only.
import type { Provenance } from '../../shared/ipc';
import type { Post, User } from '../../shared/records';
import type { SavedItem } from '../../electron/export/run';

const BASE_PK = 3776832898280228145n;
/** Distinct accounts: post i is by account i % ACCOUNTS (and tags and mentions the next ones). */
export const ACCOUNTS = 5000;

function user(n: number): User {
  const a = n % ACCOUNTS;
  const id = String(51234567 + a);
  return {
    kind: 'user',
    id,
    username: `person.${a}`,
    fullName: `Person ${a}`,
    avatarUrl: `https://scontent.cdninstagram.com/v/t51.2885-19/${id}_n.jpg?oe=6790ABCD`,
    isPrivate: false,
    isVerified: n % 7 === 0,
    raw: { pk: id, username: `person.${a}`, full_name: `Person ${a}` },
    source: { family: 'v1', path: '/v1/user/medias/chunk' },
  };
}

/** A carousel of three photos every fifth post, else a photo; a caption with tags and a mention. */
export function post(i: number): Post {
  const pk = (BASE_PK + BigInt(i) * 10n).toString();
  const owner = user(i);
  const caption = `Golden hour number ${i} with @person.${(i + 1) % ACCOUNTS} #travel #sunset #café`;
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
    caption: { text: caption, hashtags: ['travel', 'sunset', 'café'], mentions: [`person.${(i + 1) % ACCOUNTS}`] },
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


export function provenanceOf(i: number): Provenance {
  return { path: '/v1/user/medias/chunk', params: { user_id: '51234567', end_cursor: String(Math.floor(i / 12)) }, requestId: `r${Math.floor(i / 12)}`, fetchedAt: 1_763_700_000_000 };
}

/** The i-th saved item. */
export function item(i: number): SavedItem {
  return { record: post(i), provenance: provenanceOf(i) };
}

/** `count` items generated anew every time it is iterated: never all in memory. */
export function generatedItems(count: number): Iterable<SavedItem> {
  return {
    *[Symbol.iterator]() {
      for (let i = 0; i < count; i++) yield item(i);
    },
  };
}
