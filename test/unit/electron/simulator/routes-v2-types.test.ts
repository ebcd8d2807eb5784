// The simulator writes ids and usertags as production does (issue 41 item 3): in the v2 user feeds media
// and user pks as strings, usertags as a plain list; v2 story pks by id as strings; in the GraphQL grids users'
// fbid_v2 and the caption author's pk as strings. The app reads them as it reads production's: the same
// ids, the tagged accounts kept.
import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../../shared/api/catalog';
import { parseLossless } from '../../../../shared/api/json';
import { normalizeAnswer } from '../../../../shared/api/normalize';
import type { Post } from '../../../../shared/records';
import { callRoute, sharedWorld, wireText } from './routes-support';

const world = sharedWorld();
const tagger = world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.clips.length >= 2 && u.posts.some((pk) => (world.mediaByPk.get(pk)?.usertags.length ?? 0) > 0))!;
const storied = world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.stories.length > 0)!;
const tagged = world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.tagged.length >= 2)!;

describe('v2 user feeds, in production’s types', () => {
  it.each([
    ['/v2/user/medias', tagger.pk],
    ['/v2/user/clips', tagger.pk],
    ['/v2/user/tag/medias', tagged.pk],
    ['/v2/user/videos', tagger.pk],
  ])('%s writes pk and user.pk as strings and usertags as a list', (path, userId) => {
    const text = wireText(callRoute(path, { user_id: userId }));
    const answer = parseLossless(text) as { response: { items: unknown[] } };
    const medias = answer.response.items.map((i) => ((i as { media?: unknown }).media ?? i) as { pk: unknown; user: { pk: unknown }; usertags: unknown });
    expect(medias.length).toBeGreaterThan(0);
    for (const m of medias) {
      expect(typeof m.pk).toBe('string');
      expect(typeof m.user.pk).toBe('string');
      expect(Array.isArray(m.usertags)).toBe(true);
    }
    // Read as the app reads production: every post, its tags.
    const posts = normalizeAnswer(findEndpoint(path)!, answer) as Post[];
    expect(posts.map((p) => p.id)).toEqual(medias.map((m) => m.pk));
    for (const p of posts) expect(p.usertags.map((t) => t.user.id).sort()).toEqual([...(world.mediaByPk.get(p.id)?.usertags ?? [])].map((t) => t.userPk).sort());
    // Posts an account is tagged in carry that tag: the list form is read, not dropped.
    if (path === '/v2/user/tag/medias') expect(posts.every((p) => p.usertags.some((t) => t.user.id === userId))).toBe(true);
  });
});

describe('GraphQL grids and v2 stories, in production’s types', () => {
  it.each([['/gql/user/medias'], ['/gql/user/clips'], ['/gql/user/reposts']])('%s writes fbid_v2 and the caption author’s pk as strings', (path) => {
    const user = path === '/gql/user/reposts' ? world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.following.length > 20)! : tagger;
    const text = wireText(callRoute(path, { user_id: user.pk }));
    const posts = normalizeAnswer(findEndpoint(path)!, parseLossless(text)) as Post[];
    expect(posts.length).toBeGreaterThan(0);
    // On the wire, never a number: a 17-digit fbid_v2 or an author's pk as a bare integer.
    expect(text).not.toMatch(/"fbid_v2":\d/);
    expect(text).toMatch(/"fbid_v2":"\d{17}"/);
    expect(text).not.toMatch(/"caption":\{[^{}]*"user":\{[^{}]*"pk":\d/);
  });

  it.each([
    ['/v2/user/stories', { user_id: storied.pk }, /"pk":\d{19}[,}]/],
    ['/v2/story/by/id', { id: storied.stories[0]! }, /"pk":"\d{19}"/],
  ])('%s writes story pks as production does (bare integers in the user reel, strings by id), read as the same ids', (path, params, written) => {
    const text = wireText(callRoute(path, params));
    expect(text).toMatch(written);
    const answer = parseLossless(text) as { reel: { items: { pk: unknown }[] } };
    expect(answer.reel.items.length).toBeGreaterThan(0);
    const stories = normalizeAnswer(findEndpoint(path)!, answer);
    const ids = (Array.isArray(stories) ? stories : [stories]).map((x) => (x as { id: string }).id);
    expect(ids).toEqual(answer.reel.items.map((i) => String(i.pk)));
  });
});
