// The studies screens' words and numbers: lists offered per kind of target, dates of the date inputs,
// relative times, a run's progress and the controls each state offers.
import { describe, expect, it } from 'vitest';
import { dayToEpoch, defaultCollect, durationWords, epochToDay, estimateAccuracy, listWord, offeredLists, raisedBudget, relativeTime, runActions, runPace, runProgress } from '../../../renderer/src/screens/studies/format';

describe('what a study collects', () => {
  it('offers the lists of the kinds present, and ticks each kind’s defaults', () => {
    expect(offeredLists(['hashtag'])).toEqual(['posts', 'comments', 'likers']);
    expect(offeredLists(['post', 'hashtag'])).toEqual(['comments', 'likers', 'posts']);
    expect(offeredLists([])).toContain('followers');
    expect(defaultCollect(['account', 'hashtag']).lists).toEqual(['posts', 'reels', 'stories', 'highlights']);
    expect(defaultCollect(['post']).lists).toEqual(['comments']);
  });

  it('leaves comments off for hashtags and places, with a cap of pages per post ready for when they are ticked', () => {
    for (const kind of ['hashtag', 'place'] as const) {
      expect(defaultCollect([kind]).lists).not.toContain('comments');
      expect(defaultCollect([kind]).commentPagesPerPost).toBe(3);
    }
    expect(defaultCollect(['account']).commentPagesPerPost).toBeNull();
  });

  it('names a list for the kind of target', () => {
    expect(listWord('hashtag', 'posts')).toBe('Recent posts');
    expect(listWord('music', 'posts')).toBe('Reels using it');
    expect(listWord('account', 'comments')).toBe('Comments and replies of new posts');
    expect(listWord('post', 'comments')).toBe('Comments and replies');
  });

  it('reads date inputs as local days and writes them back', () => {
    const since = dayToEpoch('2026-03-01');
    const until = dayToEpoch('2026-03-01', true);
    expect(since).not.toBeNull();
    expect(until! - since!).toBe(24 * 3600 - 1);
    expect(epochToDay(since)).toBe('2026-03-01');
    expect(dayToEpoch('')).toBeNull();
    expect(dayToEpoch('2026-3-1')).toBeNull();
  });
});

describe('runs on screen', () => {
  it('says when, relative to now', () => {
    const now = Date.UTC(2026, 0, 10, 12);
    expect(relativeTime(now - 10_000, now)).toBe('just now');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(relativeTime(now + 3 * 3_600_000, now)).toBe('in 3 h');
    expect(relativeTime(now - 3 * 86_400_000, now)).toBe('3 days ago');
  });

  it('measures progress against the estimate when it is below the budget', () => {
    expect(runProgress({ state: 'running', unitsSpent: 5, budget: 100, estimate: 10 })).toBe(0.5);
    expect(runProgress({ state: 'running', unitsSpent: 5, budget: 20, estimate: null })).toBe(0.25);
    expect(runProgress({ state: 'done', unitsSpent: 1, budget: 20, estimate: 10 })).toBe(1);
  });

  it('offers the controls main acts on in each state, and a raise of half again', () => {
    expect(runActions({ state: 'running', trigger: 'manual' })).toEqual(['pause', 'cancel']);
    expect(runActions({ state: 'stopped_budget', trigger: 'schedule' })).toEqual(['raise', 'cancel', 'export', 'media']);
    expect(runActions({ state: 'done', trigger: 'manual' })).toEqual(['export', 'media']);
    expect(runActions({ state: 'cancelled', trigger: 'manual' })).toEqual(['export', 'media']);
    expect(raisedBudget(100)).toBe(150);
    expect(raisedBudget(4)).toBe(14);
  });
});

describe('a run’s pace, time left and accuracy', () => {
  const base = { state: 'running' as const, pages: 120, unitsSpent: 150, budget: 400, estimate: 300, startedAt: 1_000_000, updatedAt: 1_040_000, finishedAt: null };
  it('pages a second since it started, and the time left at that pace to its estimate (or budget, if smaller)', () => {
    const pace = runPace(base, 1_060_000); // 60 s in
    expect(pace.pagesPerSecond).toBeCloseTo(2);
    expect(pace.leftMs).toBeCloseTo(60_000); // 150 more units at 2.5 units/s
    expect(runPace({ ...base, estimate: null }, 1_060_000).leftMs).toBeCloseTo(100_000); // 250 to the budget
    expect(runPace({ ...base, estimate: 1000 }, 1_060_000).leftMs).toBeCloseTo(100_000); // the budget is smaller
  });
  it('says nothing it cannot know, and a finished run’s duration', () => {
    expect(runPace({ ...base, pages: 0, unitsSpent: 0 }, 1_000_500)).toMatchObject({ pagesPerSecond: null, leftMs: null });
    expect(runPace({ ...base, state: 'done', finishedAt: 1_090_000 }, 2_000_000)).toMatchObject({ leftMs: null, tookMs: 90_000 });
    expect(durationWords(35_000)).toBe('35 s');
    expect(durationWords(240_000)).toBe('4 min');
    expect(durationWords(3_900_000)).toBe('1 h 5 min');
  });
  it('the estimate against what was spent', () => {
    expect(estimateAccuracy({ estimate: 120, unitsSpent: 131 })).toBe('+9 %');
    expect(estimateAccuracy({ estimate: 200, unitsSpent: 150 })).toBe('-25 %');
    expect(estimateAccuracy({ estimate: null, unitsSpent: 10 })).toBeNull();
  });
});
