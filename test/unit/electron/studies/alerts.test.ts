// Alerts after a run (the app's notifications, the collector's lines and webhook), decided from the run, the
// study's recent runs and its accounts.
import { describe, expect, it } from 'vitest';
import { alertsOfRun } from '../../../../electron/studies/alerts';
import type { RunDetail, RunInfo } from '../../../../shared/ipc/studies';
import type { StudyAccount } from '../../../../shared/ipc/study-data';

const run = (id: number, state: RunInfo['state'], message: string | null = null) => ({ id, state, message, newItems: 5, unitsSpent: 12, budget: 20 }) as RunInfo;
const account = (userId: string, username: string) => ({ userId, username }) as StudyAccount;
const detail = (r: RunInfo, errors: RunDetail['errors'] = []) => ({ run: r, targets: [], errors }) as RunDetail;

describe('alerts after a run', () => {
  it('says a run finished with what it found and cost, or that it stopped at its budget', () => {
    expect(alertsOfRun('Cafés', detail(run(4, 'done')), [run(4, 'done')], [], [])).toEqual([
      { alert: 'run_finished', study: 'Cafés', text: 'run #4 finished: 5 new items for 12 requests.', run: 4, newItems: 5, units: 12 },
    ]);
    expect(alertsOfRun('Cafés', detail(run(5, 'stopped_budget')), [], [], []).map((a) => a.alert)).toEqual(['budget_reached']);
  });

  it('says so when the last three runs failed, not after two', () => {
    const failed = [run(9, 'failed', 'The service refused the key.'), run(8, 'failed'), run(7, 'failed')];
    expect(alertsOfRun('S', detail(failed[0]!), failed, [], [])).toEqual([expect.objectContaining({ alert: 'runs_failing', text: expect.stringContaining('The service refused the key.') })]);
    expect(alertsOfRun('S', detail(failed[0]!), [...failed.slice(0, 2), run(7, 'done')], [], [])).toEqual([]);
  });

  it('names a renamed account, one gone private and one gone', () => {
    const errors = [
      { targetId: 1, label: '@quiet.one', list: 'profile', time: 0, kind: 'private', message: '' },
      { targetId: 2, label: '@vanished', list: 'profile', time: 0, kind: 'not_found', message: '' },
      { targetId: 3, label: '@other', list: 'posts', time: 0, kind: 'not_found', message: '' },
    ];
    const alerts = alertsOfRun('S', detail(run(3, 'paused'), errors), [], [account('1', 'anna'), account('2', 'bo')], [account('1', 'anna.studio'), account('2', 'bo')]);
    expect(alerts.map((a) => [a.alert, a.text])).toEqual([
      ['account_renamed', '@anna is now @anna.studio.'],
      ['account_private', '@quiet.one went private.'],
      ['account_gone', '@vanished is gone (deleted or renamed out of reach).'],
    ]);
  });
});
