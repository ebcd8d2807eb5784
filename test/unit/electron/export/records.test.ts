// The export's record check (electron/export/records.ts): every field the writers read is checked, at
// every depth, by the check; a field of the wrong type is refused with its path.
import { describe, expect, it } from 'vitest';
import { checkExportRecords } from '../../../../electron/export/records';

const user = { kind: 'user', id: '1', username: 'a', fullName: 'A', avatarUrl: 'https://example.test/a.jpg', isPrivate: false, isVerified: true };
const place = { id: '9', name: 'Park', city: 'Town', lat: 1.5, lng: 2.5 };
function post(children: unknown[]): Record<string, unknown> {
  return {
    kind: 'post', id: '11', mediaId: '11_1', code: 'C', mediaType: 'image', takenAt: 5, owner: user,
    caption: { text: 't', hashtags: ['h'], mentions: ['m'] }, images: [{ url: 'u', width: 1 }], videos: [{ url: 'v' }], thumbnailUrl: 'th',
    usertags: [{ user, x: 0.5 }], coauthors: [user], location: place, counts: { likes: 1, comments: 2, plays: 3, views: 4, reshares: 5 },
    likesHidden: false, children,
  };
}

/** A valid record of each kind, and the paths in it the writers do not read (a wrong type there is let through). */
const RECORDS: [Record<string, unknown>, string[]][] = [
  [post([post([])]), ['owner.kind', 'images.0.width', 'usertags.0.user.kind', 'usertags.0.x', 'coauthors.0.kind', 'children.0.kind', 'children.0.owner.kind', 'children.0.images.0.width', 'children.0.usertags.0.user.kind', 'children.0.usertags.0.x', 'children.0.coauthors.0.kind', 'children.0.children']],
  [
    { kind: 'story', id: '2', code: 'S', owner: user, takenAt: 1, expiresAt: 2, mediaType: 'video', images: [{ url: 'u' }], videos: [{ url: 'v' }], thumbnailUrl: 't', mentions: [{ user }], hashtags: [{ name: 'h' }], links: [{ url: 'l' }], locations: [{ location: place }], stickers: [{ type: 'poll' }] },
    ['owner.kind', 'mentions.0.user.kind'],
  ],
  [
    { kind: 'comment', id: '3', postId: '11', parentId: null, text: 'hi', author: user, createdAt: 1, likeCount: 2, replyCount: 3, isPinned: false, previewReplies: [{ kind: 'comment', id: '4', text: 'r', author: user }] },
    ['author.kind', 'previewReplies.0.kind', 'previewReplies.0.author.kind'],
  ],
  [{ ...user, kind: 'profile', counts: { media: 1, followers: 2, following: 3 }, biography: 'b', externalUrl: 'e', category: 'c' }, []],
  [{ kind: 'highlight', id: '5', title: 'T', items: [{ kind: 'story', id: '6' }] }, ['items.0.kind']],
  [{ kind: 'location', ...place }, ['id', 'city', 'lat', 'lng']],
  [{ kind: 'hashtag', name: 'h' }, []],
  [{ kind: 'track', id: '7' }, []],
  [user, []],
];

/** Every path in a value below its top (`a`, `a.0`, `a.0.b`...), but the record's own kind. */
function pathsOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [...(path === 'kind' ? [] : [path]), ...pathsOf(v, path)];
  });
}

/** The record with the value at `path` of another type: a number becomes a string, anything else a number. */
function withWrongType(record: Record<string, unknown>, path: string): Record<string, unknown> {
  // Through JSON: the records share `user` and `place`, and only this path is to change.
  const copy = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
  const keys = path.split('.');
  let parent = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = keys.at(-1) as string;
  parent[last] = typeof parent[last] === 'number' ? 'x' : 5;
  return copy;
}

function refusal(record: Record<string, unknown>): string[] | null {
  try {
    checkExportRecords([{ record: record as never }]);
    return null;
  } catch (error) {
    return (error as { issues: { param: string }[] }).issues.map((issue) => issue.param);
  }
}

describe('checkExportRecords', () => {
  it.each(RECORDS.map(([record, unread]) => [record.kind, record, unread] as const))('%s: valid passes; a wrong type anywhere the writers read is refused with its path', (_kind, record, unread) => {
    expect(refusal(record)).toBeNull();
    const paths = pathsOf(record);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const issues = refusal(withWrongType(record, path));
      if (unread.includes(path)) expect(issues, path).toBeNull();
      else expect(issues, path).toEqual([`items.0.record.${path}`]);
    }
  });

  it('an empty id is refused, an empty text is not', () => {
    expect(refusal({ ...RECORDS[0]![0], id: '' })).toEqual(['items.0.record.id']);
    expect(refusal({ ...RECORDS[0]![0], code: '' })).toBeNull();
    expect(refusal({ kind: 'comment', id: '3', text: '' })).toBeNull();
  });

  it('a record of an unknown kind, or that is not an object where one is needed, is refused', () => {
    expect(refusal({ kind: 'nothing' })).toEqual(['items.0.record.kind']);
    expect(refusal({ kind: 'post', id: '1', mediaId: '1_1', owner: [] })).toEqual(['items.0.record.owner']);
    expect(refusal({ kind: 'post', id: '1', mediaId: '1_1', images: {} })).toEqual(['items.0.record.images']);
  });
});
