// The estimate beside what a run spends: recorded per target when the run starts (runs, run_targets) and
// read back in the run's detail; what dominates an estimate; a schedule's estimate of a day (the first run
// apart while targets were never read), its proposed daily budget, and a day that stays within it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { estimateRun, recordedEstimate, scheduledEstimate } from '../../../../electron/studies/estimate';
import { estimateSchedule } from '../../../../electron/studies/estimate-schedule';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import { coverWords } from '../../../../renderer/src/screens/studies/schedule-words';
import { finished, studySetup, type StudySetup } from './support';

const DAY = 86_400_000;
let sim: Simulator;
const open: StudySetup[] = [];
beforeAll(() => {
  sim = createSimulator({ seed: 13 });
});
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

async function study(): Promise<StudySetup> {
  const s = await studySetup(sim);
  open.push(s);
  return s;
}

const accounts = (n: number, predicate: (u: WorldUser) => boolean = () => true) =>
  sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.posts.length >= 3 && u.posts.length <= 25 && predicate(u)).slice(0, n);

describe('a run’s estimate, recorded beside what it spends', () => {
  it('is written per target when the run starts, and read back next to the units each target spent', async () => {
    const s = await study();
    const ids = accounts(3).map((u) => s.add({ kind: 'account', key: u.pk, label: `@${u.username}` }, ['posts', 'reels']));
    const tag = [...sim.world.hashtags].sort((a, b) => a.recent.length - b.recent.length)[0]!;
    ids.push(s.add({ kind: 'hashtag', key: tag.name, label: `#${tag.name}` }, ['posts']));
    const estimate = await estimateRun({ db: s.db, cache: s.stack.cache, balance: null }, {});
    const runner = s.runner();
    const started = runner.start({ trigger: 'manual', budget: 5_000, options: {}, estimate: recordedEstimate(estimate) });
    // At its start, before its first page: every target has its row, with its estimate and nothing spent.
    const atStart = s.db.prepare('SELECT target_id, estimate, estimate_upper, units FROM run_targets WHERE run_id = ? ORDER BY target_id').all(started.id);
    expect(atStart).toEqual(estimate.targets.map((t) => ({ target_id: t.targetId, estimate: t.units, estimate_upper: t.upperUnits, units: 0 })));
    expect(atStart.map((r) => (r as { target_id: number }).target_id)).toEqual(ids);
    expect(started).toMatchObject({ estimate: estimate.units, estimateUpper: estimate.upperUnits });
    const done = await finished(runner, started.id);
    expect(done.state).toBe('done');
    const detail = runner.table.detail(started.id)!;
    for (const t of detail.targets) {
      const e = estimate.targets.find((x) => x.targetId === t.targetId)!;
      expect(t).toMatchObject({ estimate: e.units, estimateUpper: e.upperUnits });
      expect(t.units).toBeGreaterThan(0);
      expect(t.units).toBeLessThanOrEqual(e.upperUnits);
    }
    expect(detail.targets.reduce((n, t) => n + t.units, 0)).toBe(done.unitsSpent);
  });

  it('a run without an estimate records none (an older run, a test), and a scheduled run makes its own', async () => {
    const s = await study();
    const [u] = accounts(1);
    s.add({ kind: 'account', key: u!.pk, label: `@${u!.username}` }, ['posts']);
    const runner = s.runner();
    const plain = await finished(runner, runner.start({ trigger: 'manual', budget: 100, options: {}, estimate: null }).id);
    expect(plain).toMatchObject({ estimate: null, estimateUpper: null });
    expect(runner.table.detail(plain.id)!.targets[0]).toMatchObject({ estimate: null, estimateUpper: null });
    const scheduled = scheduledEstimate(s.db, Date.now(), { daily: true } as never);
    expect(scheduled?.targets).toHaveLength(1);
    expect(scheduled!.units).toBeGreaterThanOrEqual(1);
  });

  it('says what dominates it (the replies and comments of a hashtag whose comments are on), sending nothing', async () => {
    const s = await study();
    const [u] = accounts(1);
    s.add({ kind: 'account', key: u!.pk, label: `@${u!.username}` }, ['posts']);
    const tag = sim.world.hashtags[0]!;
    s.add({ kind: 'hashtag', key: tag.name, label: `#${tag.name}` }, ['posts', 'comments']);
    const before = sim.keys.spent(s.key);
    const estimate = await estimateRun({ db: s.db, cache: s.stack.cache, balance: null }, {});
    estimateSchedule({ db: s.db, balance: null }, 12);
    expect(sim.keys.spent(s.key)).toBe(before); // estimates send nothing
    expect(estimate.dominant[0]?.what).toMatch(new RegExp(`^(comments|replies) of #${tag.name}$`));
    expect(estimate.dominant.reduce((n, d) => n + d.share, 0)).toBeLessThanOrEqual(1);
    expect(estimate.basis).toMatch(/Most of it: (comments|replies) of #/);
    expect(estimate.suggestedBudget).toBe(estimate.upperUnits);
  });
});

describe('a schedule’s estimate of a day', () => {
  it('estimates the first run apart while targets were never read, proposes a day’s upper bound, and more runs a day cost more', async () => {
    const s = await study();
    for (const u of accounts(3, (x) => x.stories.length > 0)) s.add({ kind: 'account', key: u.pk, label: `@${u.username}` }, ['posts', 'reels', 'stories']);
    const before = estimateSchedule({ db: s.db, balance: null }, 24);
    const firstRun = await estimateRun({ db: s.db, cache: s.stack.cache, balance: null }, {});
    expect(before.firstRun).toEqual({ units: firstRun.units, upperUnits: firstRun.upperUnits });
    expect(before.suggestedDailyBudget).toBe(before.perDay.upperUnits);
    expect(estimateSchedule({ db: s.db, balance: null }, 6).perDay.units).toBeGreaterThan(before.perDay.units);

    const runner = s.runner();
    expect((await finished(runner, runner.start({ trigger: 'manual', budget: 5_000, options: {}, estimate: null }).id)).state).toBe('done');
    const after = estimateSchedule({ db: s.db, balance: null }, 24);
    expect(after.firstRun).toBeNull();
    // A day later, the day's run stays within what the schedule's estimate proposed.
    sim.clock.advance(DAY);
    const day = await finished(runner, runner.start({ trigger: 'manual', budget: 5_000, options: {}, estimate: null }).id);
    expect(day.state).toBe('done');
    expect(day.unitsSpent).toBeLessThanOrEqual(after.suggestedDailyBudget);
    expect(day.unitsSpent).toBeGreaterThanOrEqual(after.perDay.units / 2);
  });

  it('says what a daily budget covers', () => {
    const e = { perDay: { units: 40, upperUnits: 90 }, firstRun: { units: 600, upperUnits: 900 } };
    expect(coverWords(e, 100)).toMatch(/^This daily budget covers a day of runs, even a busy one\. The first run .* about 6 days\.$/);
    expect(coverWords({ ...e, firstRun: null }, 50)).toBe('This daily budget covers a usual day; a busier one stops at it and goes on the next day.');
    expect(coverWords({ ...e, firstRun: null }, 30)).toMatch(/below a usual day \(about 40 requests\)/);
  });
});
