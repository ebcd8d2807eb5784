// The names the first screen offers in demo mode exist in the simulator's world (whatever its seed), so
// trying one finds what it promises.
import { describe, expect, it } from 'vitest';
import { ANCHORS, buildWorld } from '../../../../electron/simulator/world/world';
import { DEMO_TRIES } from '../../../../shared/demo-tries';

describe('the demo tries', () => {
  for (const seed of [1, 7]) {
    it(`name accounts, a hashtag and a place of the world (seed ${seed})`, () => {
      const world = buildWorld(seed, { mainUsers: 40, crowdUsers: 100 });
      for (const username of DEMO_TRIES.accounts) expect(world.users.some((u) => u.username === username), username).toBe(true);
      expect(world.hashtags.some((h) => h.name === DEMO_TRIES.hashtag)).toBe(true);
      expect(world.locations.some((l) => l.name === DEMO_TRIES.place)).toBe(true);
      // The big account has posts to page through; the private one shows what private means.
      expect(DEMO_TRIES.accounts).toEqual(expect.arrayContaining([ANCHORS.big, ANCHORS.private]));
    });
  }
});
