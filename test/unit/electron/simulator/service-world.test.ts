// The shell over the real world: every media URL in real answers resolves to the bytes it promises, the
// CDN expiry applies to them, the follower limit option reaches the routes, and demo mode's key works.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, DEFAULT_MEDIA_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import { ANCHORS, type World } from '../../../../electron/simulator/world/world';
import { parseLossless } from '../../../../shared/api/json';
import { NOW, USER_AGENT } from './service-fixtures';

let sim: Simulator;
let world: World;

beforeAll(() => {
  sim = createSimulator({ seed: 7, now: () => NOW });
  world = sim.world;
});

async function api(s: Simulator, path: string): Promise<{ status: number; text: string }> {
  const res = await s.handle(new Request(`https://api.feedlens-sim.invalid${path}`, { headers: { 'x-access-key': s.demoKey, 'user-agent': USER_AGENT } }));
  return { status: res.status, text: await res.text() };
}

function bigAccount(): World['users'][number] {
  const user = world.userByName.get(ANCHORS.big);
  if (!user) throw new Error('big anchor missing');
  return user;
}

/** Every distinct media URL of the simulator in an answer's text. */
function mediaUrls(text: string): string[] {
  const found = text.match(/https:\/\/media\.feedlens-sim\.invalid\/media\/[^"\s\\]+/g) ?? [];
  return [...new Set(found)];
}

function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('media URLs in answers', () => {
  it('all resolve: images with the declared size, videos and audio as MP4', async () => {
    const big = bigAccount();
    const track = world.tracks[0];
    const texts = [
      (await api(sim, `/v1/user/medias/chunk?user_id=${big.pk}`)).text,
      (await api(sim, `/v1/user/stories?user_id=${big.pk}`)).text,
      (await api(sim, `/v1/user/by/username?username=${ANCHORS.big}`)).text,
      (await api(sim, `/v2/track/by/canonical/id?canonical_id=${track?.canonicalId ?? ''}`)).text,
    ];
    const urls = [...new Set(texts.flatMap(mediaUrls))];
    const kinds = new Set<string>();
    expect(urls.length).toBeGreaterThan(20);
    for (const raw of urls) {
      expect(sim.isMediaUrl(raw)).toBe(true);
      const url = new URL(raw);
      const res = await sim.handle(new Request(url));
      expect({ url: raw, status: res.status }).toEqual({ url: raw, status: 200 });
      const bytes = Buffer.from(await res.arrayBuffer());
      const type = res.headers.get('content-type') ?? '';
      kinds.add(type);
      if (type === 'image/png') {
        expect(pngSize(bytes)).toEqual([Number(url.searchParams.get('w')), Number(url.searchParams.get('h'))]);
      } else {
        expect(['video/mp4', 'audio/mp4']).toContain(type);
        expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
      }
    }
    expect(kinds).toEqual(new Set(['image/png', 'video/mp4', 'audio/mp4']));
  });

  it('expire like the CDN: 403 after the oe time', async () => {
    const text = (await api(sim, `/v1/user/by/username?username=${ANCHORS.big}`)).text;
    const url = mediaUrls(text)[0] ?? '';
    const later = createSimulator({ world, now: () => NOW + 4 * 24 * 3600 * 1000 });
    const res = await later.handle(new Request(url));
    expect(res.status).toBe(403);
    expect(await res.text()).toBe('URL signature expired');
    expect(url.startsWith(DEFAULT_MEDIA_ORIGIN)).toBe(true);
  });
});

describe('options reaching the routes', () => {
  it('stops the followers list after about 50 with should_limit_list_of_followers by default; followerLimit: false lifts it', async () => {
    const limited = sim;
    const unlimited = createSimulator({ world, now: () => NOW, followerLimit: false });
    const big = bigAccount();
    const open = parseLossless((await api(unlimited, `/g2/user/followers?user_id=${big.pk}`)).text) as {
      response: { should_limit_list_of_followers: boolean };
      next_page_id: string | null;
    };
    expect(open.response.should_limit_list_of_followers).toBe(false);
    expect(open.next_page_id).not.toBeNull();
    const closed = parseLossless((await api(limited, `/g2/user/followers?user_id=${big.pk}`)).text) as {
      response: { users: unknown[]; should_limit_list_of_followers: boolean };
      next_page_id: string | null;
    };
    expect(closed.response.should_limit_list_of_followers).toBe(true);
    expect(closed.next_page_id).toBeNull();
    expect(closed.response.users.length).toBeGreaterThanOrEqual(40);
    expect(closed.response.users.length).toBeLessThanOrEqual(60);
  });

  it('force=true reads a private account\'s stories for one unit less', async () => {
    const priv = world.userByName.get(ANCHORS.private);
    if (!priv) throw new Error('private anchor missing');
    const before = sim.keys.balance(sim.demoKey) ?? 0;
    const refused = await sim.handle(new Request(`https://api.feedlens-sim.invalid/v1/user/stories?user_id=${priv.pk}`, { headers: { 'x-access-key': sim.demoKey, 'user-agent': USER_AGENT } }));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-hiker-info')).toBe('reqs=2');
    const forced = await sim.handle(new Request(`https://api.feedlens-sim.invalid/v1/user/stories?user_id=${priv.pk}&force=true`, { headers: { 'x-access-key': sim.demoKey, 'user-agent': USER_AGENT } }));
    expect(forced.status).toBe(200);
    expect(forced.headers.get('x-hiker-info')).toBe('reqs=1');
    expect(sim.keys.balance(sim.demoKey)).toBe(before - 3);
  });
});
