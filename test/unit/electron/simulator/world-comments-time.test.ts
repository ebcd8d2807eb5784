// The demo world's comments keep to its time: none is dated after the world's present (posts the clock
// published an hour ago have comments of that hour, not of the days after), and replies are spread
// over the time after their comment instead of piling up on one second.
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../../../electron/simulator/service';
import { threadOf } from '../../../../electron/simulator/world/world';

const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);

describe("the world's comments", () => {
  it('are never dated after the present, on posts published by the clock', () => {
    const clock = { now: T0 };
    const sim = createSimulator({ seed: 7, now: () => clock.now });
    sim.clock.advance(48 * 3_600_000);
    const present = Math.floor((T0 + 48 * 3_600_000) / 1000);
    const fresh = sim.world.media.filter((m) => m.takenAt > sim.world.baseNow);
    expect(fresh.length).toBeGreaterThan(20);
    const comments = fresh.flatMap((m) => [...threadOf(sim.world, m).byPk.values()].map((c) => ({ c, m })));
    expect(comments.length).toBeGreaterThan(20);
    for (const { c, m } of comments) {
      expect(c.createdAt).toBeLessThanOrEqual(present);
      expect(c.createdAt).toBeGreaterThan(m.takenAt);
    }
  });

  it('spread replies in time after their comment', () => {
    const sim = createSimulator({ seed: 7, now: () => T0 });
    let replies = 0;
    let sameSecondAsSibling = 0;
    for (const m of sim.world.media) {
      for (const c of threadOf(sim.world, m).top) {
        const times = c.replies.map((r) => r.createdAt);
        replies += times.length;
        sameSecondAsSibling += times.length - new Set(times).size;
        for (const t of times) {
          expect(t).toBeGreaterThan(c.createdAt);
          expect(t).toBeLessThanOrEqual(sim.world.baseNow);
        }
        expect(times).toEqual([...times].sort((a, b) => a - b));
      }
    }
    expect(replies).toBeGreaterThan(100);
    // Replies dated the same second as a sibling: 604 of 24,540 (2.5%) when each followed the one before by
    // up to 6 hours and was cut at the world's present, where they piled up.
    expect(sameSecondAsSibling / replies).toBeLessThan(0.005);
  });
});
