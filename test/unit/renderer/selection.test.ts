// The selection store and its helpers, with records normalised from the interface's example answers:
// what each record counts as, keys that survive navigation, Shift-click ranges, select all, and the
// items as they cross to main.
import { beforeEach, describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../shared/api/catalog';
import { normalizeAnswer, normalizeItems } from '../../../shared/api/normalize';
import { readPage } from '../../../shared/api/pager';
import { savedItemSchema, type Provenance } from '../../../shared/ipc';
import type { AppRecord, Comment, Highlight, Post, Story, User } from '../../../shared/records';
import {
  countByKind, describeCounts, entriesOf, entryWith, highlightItem, rangeFrom, selectionKey, selectionKind, toSavedItems, toSelected, useSelection,
  type Selectable, type SelectedItem,
} from '../../../renderer/src/state/selection';
import { loadAnswer } from '../shared/api/normalize/support';

function recordsOf(path: string, file: string): AppRecord[] {
  const endpoint = findEndpoint(path);
  if (!endpoint) throw new Error(`no endpoint ${path}`);
  if (endpoint.paging) return normalizeItems(endpoint, readPage(endpoint, loadAnswer(file), {}).items);
  const records = normalizeAnswer(endpoint, loadAnswer(file));
  return Array.isArray(records) ? records : records ? [records] : [];
}

const provenance = (path: string, params: Provenance['params'] = {}): Provenance => ({ path, params, requestId: 'req-1', fetchedAt: 1_763_900_000_000 });

const carousel = recordsOf('/v1/media/by/code', 'v1-media-by-code-carousel.json')[0] as Post;
const reels = recordsOf('/v1/user/clips/chunk', 'v1-user-clips-chunk.json') as Post[];
const followers = recordsOf('/g1/user/followers', 'g1-user-followers.json') as User[];
const comments = recordsOf('/v2/media/comments', 'v2-media-comments.json').filter((r): r is Comment => r.kind === 'comment');
const highlight = recordsOf('/v2/highlight/by/id', 'v2-highlight-by-id.json')[0] as Highlight;
const stories = recordsOf('/v1/user/stories', 'v1-user-stories.json') as Story[];

const sel = (record: AppRecord, path = '/v1/user/medias/chunk'): Selectable => ({ record, provenance: provenance(path) });

describe('what a record counts as', () => {
  it('tells posts, reels, carousel items, stories, highlight items, accounts and comments apart', () => {
    expect(carousel.mediaType).toBe('carousel');
    expect(selectionKind(carousel)).toBe('post');
    const child = carousel.children[1];
    expect(child).toBeDefined();
    expect(selectionKind(child as Post)).toBe('item');
    expect(reels.length).toBeGreaterThan(0);
    for (const reel of reels) expect(selectionKind(reel)).toBe('reel');
    expect(selectionKind(followers[0] as User)).toBe('user');
    expect(selectionKind(comments[0] as Comment)).toBe('comment');
    expect(selectionKind(stories[0] as Story)).toBe('story');
    expect(highlight.items.length).toBeGreaterThan(1);
    // A whole highlight is not selectable; one of its stories is.
    expect(selectionKind(highlight)).toBeNull();
    expect(selectionKind(highlightItem(highlight, highlight.items[1] as Story))).toBe('highlightItem');
  });

  it('keys records by kind and id, so the same account is one whatever list it came from', () => {
    const user = followers[0] as User;
    expect(selectionKey(user)).toBe(`user:${user.id}`);
    expect(selectionKey({ ...user, kind: 'profile' } as unknown as AppRecord)).toBe(`user:${user.id}`);
    const child = carousel.children[0] as Post;
    expect(selectionKey(child)).toBe(`post:${child.id}`);
    expect(selectionKey(child)).not.toBe(selectionKey(carousel));
    const item = highlight.items[0] as Story;
    expect(selectionKey(highlightItem(highlight, item))).toBe(`highlight:${highlight.id}:${item.id}`);
    expect(selectionKey(item)).toBe(`story:${item.id}`);
  });

  it('makes a highlight item the highlight with that one story, for the highlights/<title>/ folder', () => {
    const story = highlight.items[1] as Story;
    const one = highlightItem(highlight, story);
    expect(one.items).toEqual([story]);
    expect(one.mediaIds).toEqual([story.id]);
    expect(one.title).toBe(highlight.title);
    expect(highlight.items.length).toBeGreaterThan(1); // the original is left alone
  });
});

describe('counts', () => {
  it('counts per kind and says it in words, in a fixed order', () => {
    const items = [sel(reels[0] as Post), sel(carousel), sel(followers[0] as User), sel(followers[1] as User), sel(carousel.children[0] as Post)]
      .map(toSelected)
      .filter((i): i is SelectedItem => i !== null);
    const counts = countByKind(items);
    expect(counts).toEqual({ reel: 1, post: 1, user: 2, item: 1 });
    expect(describeCounts(counts)).toBe('1 post · 1 reel · 1 carousel item · 2 accounts');
  });
});

describe('the store', () => {
  beforeEach(() => useSelection.getState().clear());
  const store = () => useSelection.getState();
  const keys = () => Object.keys(store().items).sort();

  it('toggles an item on and off, keeping its provenance', () => {
    const item: Selectable = { record: carousel, provenance: provenance('/v1/media/by/code', { code: carousel.code ?? '' }) };
    store().toggle(item);
    expect(keys()).toEqual([`post:${carousel.id}`]);
    expect(store().items[`post:${carousel.id}`]?.provenance.params).toEqual({ code: carousel.code });
    store().toggle(item);
    expect(keys()).toEqual([]);
  });

  it('selects the same record once, from whichever list', () => {
    const user = followers[0] as User;
    store().toggle(sel(user, '/g1/user/followers'));
    store().setMany([sel(user, '/v1/user/following/chunk'), sel(followers[1] as User, '/v1/user/following/chunk')], true);
    expect(keys()).toEqual([`user:${followers[0]?.id}`, `user:${followers[1]?.id}`].sort());
    // The first selection's provenance is kept.
    expect(store().items[`user:${user.id}`]?.provenance.path).toBe('/g1/user/followers');
  });

  it('selects the range between the last click and a Shift-click in the same list, in either direction', () => {
    const list = reels.map((r) => sel(r));
    expect(list.length).toBeGreaterThanOrEqual(2);
    const grid = [...list, ...list.map((s) => ({ ...s, record: { ...s.record, id: `${(s.record as Post).id}9` } as Post }))];
    store().toggle(grid[grid.length - 1] as Selectable, { list: 'grid', index: grid.length - 1 });
    store().extend('grid', grid, 1);
    expect(keys()).toEqual(grid.slice(1).map((s) => selectionKey(s.record)).sort());
    // Shift-click on a selected item unselects the range from the new anchor.
    store().extend('grid', grid, 2);
    expect(keys()).toEqual([selectionKey((grid[grid.length - 1] as Selectable).record), ...grid.slice(3, grid.length - 1).map((s) => selectionKey(s.record))].sort());
  });

  it('treats a Shift-click without an anchor in that list as a plain toggle', () => {
    const list = followers.map((u) => sel(u));
    store().toggle(sel(carousel), { list: 'other', index: 0 });
    store().extend('followers', list, 1);
    expect(keys()).toEqual([`post:${carousel.id}`, `user:${followers[1]?.id}`].sort());
    expect(rangeFrom(null, 'followers', 1, list)).toBeNull();
    expect(rangeFrom({ list: 'followers', index: 0 }, 'followers', 1, list)).toHaveLength(2);
  });

  it('"select all" adds every loaded item of the list and unselects them again', () => {
    const list = comments.map((c) => sel(c, '/v2/media/comments'));
    store().toggle(sel(carousel));
    store().setMany(list, true);
    expect(Object.keys(store().items)).toHaveLength(comments.length + 1);
    store().setMany(list, false);
    expect(keys()).toEqual([`post:${carousel.id}`]);
    store().clear();
    expect(keys()).toEqual([]);
    expect(store().anchor).toBeNull();
  });
});

describe('pairing records with the call they came from', () => {
  it('leaves out records of no known page and records that cannot be selected', () => {
    const page = provenance('/v1/user/clips/chunk', { user_id: '1', end_cursor: 'abc' });
    const known = new Set<AppRecord>(reels.slice(0, 1));
    const lookup = (r: AppRecord) => (known.has(r) ? page : null);
    expect(entriesOf(reels, lookup)).toEqual([{ record: reels[0], provenance: page }]);
    expect(entryWith(lookup)(reels[0] as Post)).toEqual({ record: reels[0], provenance: page });
    expect(entryWith(() => page)({ kind: 'hashtag', id: null, name: 'x', mediaCount: null, avatarUrl: null, formattedMediaCount: null, isTrending: null, raw: {}, source: { family: 'v1' } })).toBeNull();
  });

  it('gives main items that pass its savedItem schema', () => {
    const items = toSavedItems([sel(carousel.children[0] as Post, '/v1/media/by/code'), sel(comments[0] as Comment, '/v2/media/comments'), sel(highlightItem(highlight, highlight.items[0] as Story), '/v2/highlight/by/id')]);
    for (const item of items) expect(savedItemSchema.safeParse(item).success).toBe(true);
  });
});
