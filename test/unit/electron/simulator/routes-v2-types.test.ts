// The simulator's v2 user feeds write ids and usertags as production does (issue 41 item 3): media and
// user pks as strings, usertags as a plain list; and the app reads them as it reads production's: the
// same ids, the tagged accounts kept.
import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../../shared/api/catalog';
import { parseLossless } from '../../../../shared/api/json';
import { normalizeAnswer } from '../../../../shared/api/normalize';
import type { Post } from '../../../../shared/records';
import { callRoute, sharedWorld, wireText } from './routes-support';

const world = sharedWorld();
const tagger = world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.clips.length >= 2 && u.posts.some((pk) => (world.mediaByPk.get(pk)?.usertags.length ?? 0) > 0))!;
const tagged = world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.tagged.length >= 2)!;

describe('v2 user feeds, in production’s types', () => {
  it.each([
    ['/v2/user/medias', tagger.pk],
    ['/v2/user/clips', tagger.pk],
    ['/v2/user/tag/medias', tagged.pk],
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
