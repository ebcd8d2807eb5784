// Bulk jobs as the renderer shows them: the budget offered by default, progress, the controls each state
// allows, the titles, and money at the balance's price. Estimates are main's (electron/jobs/estimate.ts).
import { describe, expect, it } from 'vitest';
import { estimateJob } from '../../../electron/jobs/estimate';
import type { BalanceState, JobInfo, JobSpec } from '../../../shared/ipc';
import { formatMoney, jobActions, jobProgress, jobTitle, moneyFor, suggestedBudget } from '../../../renderer/src/components/jobPlan';

const balance: BalanceState = { requests: 4800, rate: 50, currency: 'USD', amount: 2.88, checkedAt: 0, updatedAt: 0 };

function spec(partial: Partial<JobSpec> & Pick<JobSpec, 'kind'>): JobSpec {
  return { target: '51234567890', label: '@nasa', budget: 100, then: 'none', withReplies: true, ...partial };
}

function info(partial: Partial<JobInfo> & { spec: JobSpec }): JobInfo {
  return { id: 'job-1', state: 'running', items: 0, pages: 0, unitsSpent: 0, error: null, startedAt: 0, updatedAt: 0, output: null, ...partial };
}

describe('the budget offered by default', () => {
  it('is the upper bound, rounded up', async () => {
    // 5,120 accounts followed at 25 a page: 205 pages of 1 unit; grown 5 %, 216 pages, and a page more: 217.
    const estimate = await estimateJob(spec({ kind: 'following', knownCount: 5120 }), { balance });
    expect(estimate.units).toBe(205);
    expect(estimate.upperUnits).toBe(217);
    const budget = suggestedBudget(estimate);
    expect(budget).toBeGreaterThanOrEqual(estimate.upperUnits);
    expect(budget).toBe(220); // two significant digits
  });

  it('leaves room for one more page on small lists', async () => {
    const small = await estimateJob(spec({ kind: 'following', knownCount: 100 }), { balance });
    expect(small.units).toBe(4);
    expect(suggestedBudget(small)).toBe(6);
    const one = await estimateJob(spec({ kind: 'posts', knownCount: 3 }), { balance });
    expect(suggestedBudget(one)).toBe(2);
  });
});

describe('progress and controls', () => {
  it('measures progress by items when the size is known, else by budget spent', () => {
    expect(jobProgress(info({ spec: spec({ kind: 'followers', knownCount: 200 }), items: 50 }))).toBe(0.25);
    expect(jobProgress(info({ spec: spec({ kind: 'hashtag', limit: 120, knownCount: 6_900_000 }), items: 60 }))).toBe(0.5);
    expect(jobProgress(info({ spec: spec({ kind: 'reels', budget: 40 }), unitsSpent: 10, items: 120 }))).toBe(0.25);
    expect(jobProgress(info({ spec: spec({ kind: 'followers', knownCount: 200 }), items: 190, state: 'done' }))).toBe(1);
    expect(jobProgress(info({ spec: spec({ kind: 'followers', knownCount: 200 }), items: 260 }))).toBe(1);
  });

  it('offers only the controls main acts on in each state', () => {
    expect(jobActions('running')).toEqual(['pause', 'cancel']);
    expect(jobActions('paused')).toEqual(['resume', 'cancel', 'remove']);
    expect(jobActions('failed')).toEqual(['resume', 'cancel', 'remove']);
    for (const state of ['done', 'stopped_budget', 'cancelled'] as const) expect(jobActions(state)).toEqual(['remove']);
  });
});

describe('words and money', () => {
  it('titles each kind of job', () => {
    expect(jobTitle({ kind: 'followers', label: '@nasa' })).toBe('All followers of @nasa');
    expect(jobTitle({ kind: 'following', label: '@nasa' })).toBe('All accounts @nasa follows');
    expect(jobTitle({ kind: 'comments', label: 'post DRqAYKuAIUx', withReplies: false })).toBe('All comments on post DRqAYKuAIUx');
    expect(jobTitle({ kind: 'comments', label: 'post DRqAYKuAIUx' })).toBe('All comments and replies on post DRqAYKuAIUx');
    expect(jobTitle({ kind: 'hashtag', label: '#travel', limit: 1200 })).toBe(`The latest ${(1200).toLocaleString()} posts of #travel`);
    expect(jobTitle({ kind: 'location', label: 'Café Lumière', limit: 120 })).toBe('The latest 120 posts at Café Lumière');
  });

  it('prices units at the balance rate, and says when it cannot', () => {
    expect(moneyFor(230, balance)).toBeCloseTo(0.138, 6);
    expect(moneyFor(230, null)).toBeNull();
    expect(moneyFor(230, { requests: 0, amount: 0 })).toBeNull();
    expect(formatMoney(0.138, 'USD')).toBe('0.14 USD');
    expect(formatMoney(0.0036, 'USD')).toBe('0.0036 USD');
  });
});
