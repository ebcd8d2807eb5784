// A run resumes from the cursor its study database holds, and that database is untrusted data: a cursor no
// answer gave this machine is not sent (nothing charged for it); the list is read again from its first page,
// every item once, and the run's errors say why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { finished, hooked, studySetup, type StudySetup } from './support';

const FORGED = JSON.stringify({ max_id: 'Zm9yZ2VkOmN1cnNvcg' });

let sim: Simulator;
let s: StudySetup;

beforeAll(async () => {
  sim = createSimulator({ followerLimit: false });
  s = await studySetup(sim);
});
afterAll(() => s?.close());

describe('a resumed run whose database holds a cursor no answer gave', () => {
  it('sends no forged cursor and reads the list again from its first page', async () => {
    const u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.followers.length >= 100 && x.followers.length <= 300)!;
    const id = s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['followers']);
    let stop: (() => void) | null = null;
    const first = s.runner({ calls: hooked(s.stack.calls, (n) => n === 3 && stop?.()) });
    const started = first.start({ trigger: 'manual', budget: 1000, options: {}, estimate: null });
    stop = () => void first.close();
    await first.settled(started.id);
    expect(s.listIds(id, 'followers').length).toBeLessThan(u.followers.length);

    // Someone edits the study's database: the run's next page is now asked with a cursor of their own.
    expect(s.db.prepare("UPDATE run_tasks SET cursor = ? WHERE run_id = ? AND list = 'followers'").run(FORGED, started.id).changes).toBe(1);
    const ledgerBefore = s.stack.ledger.length;
    const spentBefore = sim.keys.spent(s.key);

    const second = s.runner();
    second.open();
    const run = await finished(second, started.id);
    expect(run.state).toBe('done');
    expect(s.listIds(id, 'followers')).toEqual(u.followers);
    const asked = s.stack.ledger.slice(ledgerBefore);
    expect(asked.map((e) => e.params.max_id ?? null)[0]).toBeNull(); // the first page again
    expect(JSON.stringify(asked)).not.toContain('Zm9yZ2VkOmN1cnNvcg');
    // Every page of the list once more, nothing for the forged cursor.
    expect(sim.keys.spent(s.key) - spentBefore).toBe(Math.ceil(u.followers.length / 25));
    const errors = s.db.prepare('SELECT kind, message FROM run_errors WHERE run_id = ?').all(started.id) as { kind: string; message: string }[];
    expect(errors).toEqual([{ kind: 'validation', message: expect.stringContaining('read again from its first page') }]);
  });
});
