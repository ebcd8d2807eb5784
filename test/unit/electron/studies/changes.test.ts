// What changed and what is gone, with the world clock: an account renames itself, edits its biography
// and deletes two of its posts between two runs. Its snapshots and change timeline show the rename and
// the new biography; a re-check ("Still there?") of its items marks exactly those two posts gone, bills
// one unit per item checked, keeps what was known of them, and refreshes what is still there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsOfRun, renamesInRun } from '../../../../electron/studies/alerts';
import { createChecker } from '../../../../electron/studies/checks';
import { createGrantStore } from '../../../../electron/studies/grants';
import { browse } from '../../../../electron/studies/browse';
import { accountTimeline, pictureHash, sightingsOf } from '../../../../electron/studies/history';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import { browseQuerySchema, type BrowseQueryInput } from '../../../../shared/ipc/study-data';
import { finished, studySetup, type StudySetup } from './support';

const DAY = 86_400_000;
let sim: Simulator;
let s: StudySetup;
let u: WorldUser;
let targetId = 0;
let oldName = '';
let deleted: string[] = [];
const newBio = 'Roasting small batches by the canal since 2019. Orders by message only.';

const q = (input: BrowseQueryInput) => browseQuerySchema.parse(input);

beforeAll(async () => {
  sim = createSimulator();
  s = await studySetup(sim);
  // An account that posts, whose posts the world's own hours will leave alone for the day.
  u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.posts.length >= 6 && x.posts.length <= 20 && x.stories.length > 0)!;
  oldName = u.username;
  targetId = s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['posts', 'stories']);
  const runner = s.runner();
  expect((await finished(runner, runner.start({ trigger: 'manual', budget: 500, options: {}, estimate: null }).id)).state).toBe('done');

  const before = [...u.posts];
  sim.clock.advance(DAY);
  expect(u.posts.filter((pk) => !before.includes(pk) && !sim.world.mediaByPk.has(pk))).toEqual([]);
  sim.clock.rename(u.pk, `${oldName}.studio`);
  sim.clock.editBio(u.pk, newBio);
  deleted = before.filter((pk) => sim.world.mediaByPk.has(pk)).slice(1, 3);
  for (const pk of deleted) sim.clock.deletePost(pk);
  expect((await finished(runner, runner.start({ trigger: 'manual', budget: 500, options: {}, estimate: null }).id)).state).toBe('done');
}, 60_000);
afterAll(() => s?.close());

describe('profile snapshots', () => {
  it('keeps one snapshot of the account per run, followed by its user id through the rename', () => {
    const snaps = s.db.prepare('SELECT run_id, target_id, username, biography FROM snapshots WHERE user_id = ? ORDER BY seen_at').all(u.pk);
    expect(snaps).toEqual([
      { run_id: 1, target_id: targetId, username: oldName, biography: expect.any(String) },
      { run_id: 2, target_id: targetId, username: `${oldName}.studio`, biography: newBio },
    ]);
    expect(s.db.prepare('SELECT username, label FROM targets WHERE id = ?').get(targetId)).toEqual({ username: `${oldName}.studio`, label: `@${oldName}.studio` });
  });

  it('shows the rename and the biography edit in the change timeline, with the dates of both snapshots', () => {
    const t = accountTimeline(s.db, u.pk);
    expect(t.snapshots).toHaveLength(2);
    expect(t.changes).toHaveLength(1);
    const change = t.changes[0]!;
    expect(change.since).toBe(t.snapshots[0]!.seenAt);
    expect(change.at).toBe(t.snapshots[1]!.seenAt);
    const fields = Object.fromEntries(change.fields.map((f) => [f.field, f]));
    expect(fields.username).toEqual({ field: 'username', before: oldName, after: `${oldName}.studio` });
    expect(fields.biography?.after).toBe(newBio);
    expect(fields.biography?.before).not.toBe(newBio);
    // The post count as the second run saw it (the deletions, and what the day published).
    expect(t.snapshots[1]!.values.media_count).toBe(u.posts.length);
    // Unchanged fields are not listed; the order is the snapshot's.
    expect(fields.full_name).toBeUndefined();
    expect(change.fields.map((f) => f.field).indexOf('username')).toBe(0);
  });

  it('tells the rename to the alerts after the second run, not after the first', () => {
    expect(renamesInRun(s.db, 2)).toEqual({ before: [{ userId: u.pk, username: oldName }], after: [{ userId: u.pk, username: `${oldName}.studio` }] });
    expect(alertsOfRun('S', { run: { id: 2, state: 'paused' }, targets: [], errors: [] } as never, [], renamesInRun(s.db, 2).before, renamesInRun(s.db, 2).after)).toEqual([
      expect.objectContaining({ alert: 'account_renamed', text: `@${oldName} is now @${oldName}.studio.` }),
    ]);
    expect(renamesInRun(s.db, 1)).toEqual({ before: [], after: [] });
  });

  it('finds the account’s records by the username it had before', () => {
    const byOld = browse(s.db, q({ account: `@${oldName}`, kinds: ['post'] }), 0, 500);
    const byNew = browse(s.db, q({ account: `${oldName}.studio`, kinds: ['post'] }), 0, 500);
    expect(byOld.total).toBeGreaterThan(0);
    expect(byOld.total).toBe(byNew.total);
  });

  it('hashes the picture by its file name, not by the signature of its link', () => {
    expect(pictureHash('https://cdn.example/v/t51/abc_n.jpg?oe=1&oh=2')).toBe(pictureHash('https://other.example/x/abc_n.jpg?oe=9'));
    expect(pictureHash('https://cdn.example/v/t51/abc_n.jpg')).not.toBe(pictureHash('https://cdn.example/v/t51/def_n.jpg'));
    expect(pictureHash(null)).toBeNull();
  });
});

describe('Still there? (a re-check of the account’s items)', () => {
  it('marks exactly the two deleted posts gone, one unit per item checked, keeping their last known state', async () => {
    const spentBefore = sim.keys.spent(s.key);
    const statesBefore = new Map(deleted.map((pk) => [pk, s.db.prepare("SELECT text, like_count, record FROM records WHERE kind = 'post' AND id = ?").get(pk)]));
    const events: string[] = [];
    const checker = createChecker({ db: s.db, studyId: 'test-study-0001', calls: s.stack.calls, grants: createGrantStore(s.dir, () => undefined).study('test-study-0001'), session: () => s.stack.session.info, emit: (c) => void events.push(c.state), log: () => undefined });
    const started = checker.start({ targetId }, 'the account');
    const check = (await checker.settled(started.id))!;
    const items = (s.db.prepare('SELECT count(*) AS n FROM check_items WHERE check_id = ?').get(check.id) as { n: number }).n;
    expect(check).toMatchObject({ state: 'done', items, checked: items, gone: 2, private: 0, unknown: 0 });
    expect(check.online).toBe(items - 2);
    expect(check.unitsSpent).toBe(items);
    expect(sim.keys.spent(s.key) - spentBefore).toBe(items);
    const gone = (s.db.prepare("SELECT id FROM records WHERE status = 'gone' ORDER BY id").all() as { id: string }[]).map((r) => r.id);
    expect(gone).toEqual([...deleted].sort());
    // A gone post is still there, as it was last seen.
    for (const pk of deleted) expect(s.db.prepare("SELECT text, like_count, record FROM records WHERE kind = 'post' AND id = ?").get(pk)).toEqual(statesBefore.get(pk));
    // Every checked record carries the time of its check.
    expect(s.db.prepare('SELECT count(*) AS n FROM records r JOIN check_items c ON c.record_id = r.rowid WHERE c.check_id = ? AND r.checked_at IS NULL').get(check.id)).toEqual({ n: 0 });
    expect(events.at(-1)).toBe('done');
    // The account itself was re-read: a third snapshot, from the check.
    expect(s.db.prepare('SELECT count(*) AS n FROM snapshots WHERE user_id = ? AND check_id = ?').get(u.pk, check.id)).toEqual({ n: 1 });
    await checker.close();
  });

  it('keeps a sighting per run and per check: a post’s counts over time', () => {
    const kept = u.posts.find((pk) => (s.db.prepare('SELECT count(*) AS n FROM sightings s JOIN records r ON r.rowid = s.record_id WHERE r.id = ?').get(pk) as { n: number }).n >= 2)!;
    expect(kept).toBeDefined();
    const rowid = (s.db.prepare("SELECT rowid FROM records WHERE kind = 'post' AND id = ?").get(kept) as { rowid: number }).rowid;
    const history = sightingsOf(s.db, rowid);
    expect(history.at(-1)?.checkId).not.toBeNull();
    expect(history.at(-1)?.likes).toBe(sim.world.mediaByPk.get(kept)!.likeCount);
    for (let i = 1; i < history.length; i++) expect(history[i]!.seenAt).toBeGreaterThanOrEqual(history[i - 1]!.seenAt);
  });

  it('filters the browser by status', () => {
    const gone = browse(s.db, q({ statuses: ['gone'] }), 0, 50);
    expect(gone.rows.map((r) => r.id).sort()).toEqual([...deleted].sort());
    expect(gone.rows.every((r) => r.status === 'gone' && r.checkedAt !== null)).toBe(true);
  });

  it('waits in another session, spending nothing, and goes on back in its own', async () => {
    const own = s.stack.session.info;
    let session = own;
    const checker = createChecker({ db: s.db, studyId: 'test-study-0001', calls: s.stack.calls, grants: createGrantStore(s.dir, () => undefined).study('test-study-0001'), session: () => session, emit: () => undefined, log: () => undefined });
    const spent = sim.keys.spent(s.key);
    const started = checker.start({ rows: { query: q({ kinds: ['story'] }) } }, 'stories');
    // The app switches to demo mode before the first item is asked for.
    session = { ...own, id: 'other', mode: 'demo' };
    let check = (await checker.settled(started.id))!;
    expect(check).toMatchObject({ state: 'paused', checked: 0, unitsSpent: 0 });
    expect(check.message).toMatch(/demo mode/);
    expect(sim.keys.spent(s.key)).toBe(spent);
    expect(() => checker.control(check.id, 'resume')).toThrow(/demo mode/);
    session = own;
    checker.control(check.id, 'resume');
    check = (await checker.settled(check.id))!;
    expect(check.state).toBe('done');
    expect(check.checked).toBe(check.items);
    expect(sim.keys.spent(s.key) - spent).toBe(check.items);
    await checker.close();
  });
});
