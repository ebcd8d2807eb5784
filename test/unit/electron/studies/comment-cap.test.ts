// A target's cap of comment and reply pages per post: a place with comments on reads at most that many
// pages of each new post's comments and replies, notes the posts it stopped, leaves nothing pending for
// the next run, and spends less than the same place without the cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadOf } from '../../../../electron/simulator/world/comments';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { finished, studySetup, type StudySetup } from './support';

const COMMENTS = '/v2/media/comments';
const REPLIES = '/v2/media/comments/replies';
const CAP = 2;

let sim: Simulator;
const setups: StudySetup[] = [];
beforeAll(() => void (sim = createSimulator()));
afterAll(async () => {
  for (const s of setups) await s.close();
});

/** A place whose recent posts include threads longer than the cap. */
function place() {
  const found = sim.world.locations.find((l) => {
    if (l.recent.length < 3 || l.recent.length > 20) return false;
    const posts = l.recent.map((pk) => sim.world.mediaByPk.get(pk)!).filter((m) => !m.commentsDisabled && !sim.world.userByPk.get(m.ownerPk)?.isPrivate);
    return posts.some((m) => threadOf(sim.world, m).top.length > 15) && posts.some((m) => threadOf(sim.world, m).top.some((c) => c.replies.length > 3));
  });
  if (!found) throw new Error('no such place in the world');
  return found;
}

async function followed(cap: number | null) {
  const s = await studySetup(sim);
  setups.push(s);
  const where = place();
  s.add({ kind: 'place', key: String(where.pk), label: where.name }, ['posts', 'comments'], { commentPagesPerPost: cap });
  const runner = s.runner();
  const run = async () => finished(runner, runner.start({ trigger: 'manual', budget: 5000, options: {}, estimate: null }).id);
  return { s, run };
}

/** Pages of comments and replies each post took in a run, from the study's request log. */
function threadPages(s: StudySetup, runId: number): Map<string, number> {
  const rows = s.db.prepare('SELECT path, params FROM requests WHERE run_id = ? AND path IN (?, ?)').all(runId, COMMENTS, REPLIES) as { path: string; params: string }[];
  const out = new Map<string, number>();
  for (const r of rows) {
    const p = JSON.parse(r.params) as { id?: string; media_id?: string };
    const post = (r.path === COMMENTS ? p.id! : p.media_id!).split('_')[0]!;
    out.set(post, (out.get(post) ?? 0) + 1);
  }
  return out;
}

describe('a cap of comment and reply pages per post', () => {
  it('reads at most that many pages of each post, says which posts it stopped, and leaves nothing pending', async () => {
    const { s, run } = await followed(CAP);
    const first = await run();
    expect(first.state).toBe('done');
    const pages = threadPages(s, first.id);
    expect(pages.size).toBeGreaterThan(0);
    expect(Math.max(...pages.values())).toBe(CAP);
    const notes = s.db.prepare("SELECT message FROM run_errors WHERE run_id = ? AND kind = 'cap'").all(first.id) as { message: string }[];
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]!.message).toContain(`stopped at ${CAP} pages`);
    expect(s.db.prepare("SELECT count(*) AS n FROM list_state WHERE complete = 0 AND list IN ('comments', 'replies')").get()).toEqual({ n: 0 });
    // The next run has no thread to go on with: it reads the feed's first page only.
    const second = await run();
    expect(threadPages(s, second.id).size).toBe(0);
    expect(second.pages).toBe(1);
  });

  it('spends less than the same place with every page of its comments', async () => {
    const capped = await followed(CAP);
    const whole = await followed(null);
    const a = await capped.run();
    const b = await whole.run();
    expect(Math.max(...threadPages(whole.s, b.id).values())).toBeGreaterThan(CAP);
    expect(a.unitsSpent).toBeLessThan(b.unitsSpent);
  });
});
