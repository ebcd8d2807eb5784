// Same seed, same world, byte for byte: two simulators built from the same seed (and clock) answer the
// same bytes; another seed answers differently. Also: exact big integers in the raw text, strings with
// safe_int=true. These run over the real world and routes.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { ANCHORS, type World } from '../../../../electron/simulator/world/world';
import { parseLossless } from '../../../../shared/api/json';
import { NOW, USER_AGENT } from './service-fixtures';

async function answer(sim: Simulator, path: string, key = sim.demoKey): Promise<{ status: number; text: string }> {
  const res = await sim.handle(
    new Request(`https://api.feedlens-sim.invalid${path}`, { headers: { 'x-access-key': key, 'user-agent': USER_AGENT } }),
  );
  return { status: res.status, text: await res.text() };
}

function userOf(world: World, username: string): World['users'][number] {
  const user = world.userByName.get(username);
  if (!user) throw new Error(`anchor ${username} missing`);
  return user;
}

/** A spread of endpoints over every family, built from the world's own ids. */
function samplePaths(world: World): string[] {
  const big = userOf(world, ANCHORS.big);
  const business = userOf(world, ANCHORS.business);
  const post = world.mediaByPk.get(big.posts[0] ?? '');
  const highlight = big.highlights[0] ?? '';
  const hashtag = world.hashtags[0]?.name ?? '';
  const location = world.locations[0]?.pk ?? 0;
  if (!post) throw new Error('the big account has no posts');
  return [
    `/v1/user/by/username?username=${ANCHORS.big}`,
    `/v1/user/by/id?id=${business.pk}`,
    `/v2/user/by/username?username=${ANCHORS.business}`,
    `/a2/user?username=${ANCHORS.big}`,
    `/g1/user/followers?user_id=${big.pk}`,
    `/g2/user/followers?user_id=${big.pk}`,
    `/v1/user/medias/chunk?user_id=${big.pk}`,
    `/g2/user/medias?user_id=${big.pk}`,
    `/v2/user/clips?user_id=${big.pk}`,
    `/v1/user/stories?user_id=${big.pk}`,
    `/v2/user/stories?user_id=${big.pk}`,
    `/v1/user/highlights?user_id=${big.pk}`,
    `/v2/highlight/by/id?id=${highlight}`,
    `/v1/media/by/code?code=${post.code}`,
    `/v2/media/info/by/id?id=${post.pk}`,
    `/v1/media/comments/chunk?id=${post.pk}`,
    `/v2/media/comments?id=${post.pk}`,
    `/gql/media/likers?media_id=${post.pk}`,
    `/v1/hashtag/by/name?name=${encodeURIComponent(hashtag)}`,
    `/v2/hashtag/medias/recent?name=${encodeURIComponent(hashtag)}`,
    `/v1/location/by/id?id=${location}`,
    `/v1/search/users?query=a`,
    `/gql/topsearch?query=${ANCHORS.big.slice(0, 4)}`,
    '/sys/balance',
  ];
}

let first: Simulator;
let second: Simulator;
let other: Simulator;

beforeAll(() => {
  first = createSimulator({ seed: 7, now: () => NOW });
  second = createSimulator({ seed: 7, now: () => NOW });
  other = createSimulator({ seed: 8, now: () => NOW });
});

describe('determinism per seed', () => {
  it('answers identical bytes for the same seed', async () => {
    const paths = samplePaths(first.world);
    let ok = 0;
    for (const path of paths) {
      const a = await answer(first, path);
      const b = await answer(second, path);
      expect({ path, status: b.status }).toEqual({ path, status: a.status });
      expect(b.text === a.text, `bytes differ for ${path}`).toBe(true);
      expect(a.status, `${path}: ${a.text.slice(0, 120)}`).toBeLessThan(500);
      if (a.status === 200) ok++;
    }
    // The comparison means something only if the paths were answered.
    expect(ok).toBeGreaterThanOrEqual(paths.length - 2);
  });

  it('answers differently for another seed', async () => {
    for (const path of [`/v1/user/by/username?username=${ANCHORS.big}`, `/v1/user/by/username?username=${ANCHORS.business}`, '/v1/search/users?query=a']) {
      const a = await answer(first, path);
      const c = await answer(other, path);
      expect(a.status).toBe(200);
      expect(c.status).toBe(200);
      expect(c.text === a.text, `seed 8 answered like seed 7 for ${path}`).toBe(false);
    }
  });
});

describe('big integers', () => {
  let sim: Simulator;
  let world: World;
  beforeAll(() => {
    sim = first;
    world = first.world;
  });

  /** The text with every JSON string emptied: what is left are literals. */
  const outsideStrings = (text: string): string => text.replace(/"(?:[^"\\]|\\.)*"/g, '""');

  it('writes highlight media_ids as exact 19-digit integer literals (v1 and v2)', async () => {
    const big = userOf(world, ANCHORS.big);
    const highlight = world.highlightByPk.get(big.highlights[0] ?? '');
    if (!highlight) throw new Error('the big account has no highlight');
    const literal = `"media_ids":[${highlight.items.join(',')}]`;
    expect(highlight.items[0]).toMatch(/^\d{19}$/);
    expect(BigInt(highlight.items[0] ?? '0')).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));

    const v1 = await answer(sim, `/v1/highlight/by/url?url=${encodeURIComponent(`https://www.instagram.com/stories/highlights/${highlight.pk}/`)}`);
    expect(v1.status).toBe(200);
    expect(v1.text).toContain(literal);
    expect((parseLossless(v1.text) as { media_ids: string[] }).media_ids).toEqual(highlight.items);

    const v2 = await answer(sim, `/v2/highlight/by/id?id=${highlight.pk}`);
    expect(v2.status).toBe(200);
    expect(v2.text).toContain(literal);
  });

  it('turns every big integer into a string with safe_int=true', async () => {
    const big = userOf(world, ANCHORS.big);
    const highlight = world.highlightByPk.get(big.highlights[0] ?? '');
    if (!highlight) throw new Error('the big account has no highlight');
    for (const path of [`/v2/highlight/by/id?id=${highlight.pk}`, `/v2/user/stories?user_id=${big.pk}`]) {
      const raw = await answer(sim, path);
      const safe = await answer(sim, `${path}&safe_int=true`);
      expect(raw.status).toBe(200);
      expect(safe.status).toBe(200);
      expect(outsideStrings(raw.text)).toMatch(/\d{16,}/);
      expect(outsideStrings(safe.text)).not.toMatch(/\d{16,}/);
      // The same values, only quoted.
      expect(parseLossless(safe.text)).toEqual(parseLossless(raw.text));
    }
    const safe = await answer(sim, `/v2/highlight/by/id?id=${highlight.pk}&safe_int=true`);
    expect(safe.text).toContain(`"media_ids":[${highlight.items.map((pk) => `"${pk}"`).join(',')}]`);
  });

  it('ignores safe_int where the endpoint does not take it (v1 answers stay integers)', async () => {
    const big = userOf(world, ANCHORS.big);
    const highlight = big.highlights[0] ?? '';
    const url = encodeURIComponent(`https://www.instagram.com/stories/highlights/${highlight}/`);
    const v1 = await answer(sim, `/v1/highlight/by/url?url=${url}&safe_int=true`);
    expect(outsideStrings(v1.text)).toMatch(/\d{19}/);
  });
});
