// A study the simulator filled, for the analysis tests: a few public accounts read whole (posts with
// their comments and replies, followers, following) through the app's real call stack, and what the
// simulator's world says the study should hold, computed from the world itself (never from the database).
import type { Simulator } from '../../../../electron/simulator/service';
import { threadOf } from '../../../../electron/simulator/world/comments';
import type { WorldMedia, WorldUser } from '../../../../electron/simulator/world/model';
import type { CollectList } from '../../../../shared/ipc/studies';
import { finished, studySetup, type StudySetup } from '../studies/support';

export interface Filled {
  s: StudySetup;
  accounts: WorldUser[];
  posts: WorldMedia[];
  runId: number;
}

export function pickAccounts(sim: Simulator, n: number): WorldUser[] {
  const world = sim.world;
  const out = world.users.filter(
    (u) =>
      u.tier === 'main' && !u.isPrivate && u.posts.length >= 4 && u.posts.length <= 14 && u.followers.length > 0 && u.followers.length <= 250 && u.following.length > 0 && u.following.length <= 250 &&
      u.posts.some((pk) => {
        const m = world.mediaByPk.get(pk)!;
        return m.hashtags.length >= 2 || m.mentions.length > 0 || m.usertags.length > 0 || m.coauthors.length > 0;
      }),
  );
  return out.slice(0, n);
}

export async function fillStudy(sim: Simulator, accounts: WorldUser[], lists: CollectList[] = ['posts', 'comments', 'followers', 'following']): Promise<Filled> {
  const s = await studySetup(sim);
  for (const u of accounts) s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, lists);
  const runner = s.runner();
  const run = await finished(runner, runner.start({ trigger: 'manual', budget: 100_000, options: {}, estimate: null }).id);
  if (run.state !== 'done') throw new Error(`the run ended ${run.state}: ${run.message ?? ''}`);
  const seen = new Set<string>();
  const posts: WorldMedia[] = [];
  for (const u of accounts) {
    for (const pk of u.posts) {
      if (seen.has(pk)) continue;
      seen.add(pk);
      posts.push(sim.world.mediaByPk.get(pk)!);
    }
  }
  return { s, accounts, posts, runId: run.id };
}

/** Distinct edges and the nodes they touch, as the world says. */
export interface Expected {
  nodes: number;
  edges: number;
}

function count(pairs: [string, string][], directed: boolean): Expected {
  const edges = new Set<string>();
  const nodes = new Set<string>();
  for (const [a, b] of pairs) {
    if (a === b) continue;
    const [x, y] = directed || a < b ? [a, b] : [b, a];
    edges.add(`${x}\u0000${y}`);
    nodes.add(a);
    nodes.add(b);
  }
  return { nodes: nodes.size, edges: edges.size };
}

/** Every network's node and edge counts, from the world's posts, threads and follow lists. */
export function expectedNetworks(sim: Simulator, f: Filled): Record<string, Expected> {
  const world = sim.world;
  const cohashtag: [string, string][] = [];
  const mentions: [string, string][] = [];
  const tagged: [string, string][] = [];
  const coauthors: [string, string][] = [];
  const comments: [string, string][] = [];
  const replies: [string, string][] = [];
  for (const m of f.posts) {
    const tags = [...new Set(m.hashtags.map((h) => h.toLowerCase()))];
    for (let i = 0; i < tags.length; i++) for (let j = i + 1; j < tags.length; j++) cohashtag.push([tags[i]!, tags[j]!]);
    for (const pk of m.mentions) mentions.push([m.ownerPk, pk]);
    for (const t of m.usertags) tagged.push([m.ownerPk, t.userPk]);
    const authors = [m.ownerPk, ...m.coauthors];
    for (let i = 0; i < authors.length; i++) for (let j = i + 1; j < authors.length; j++) coauthors.push([authors[i]!, authors[j]!]);
    if (m.commentsDisabled) continue;
    for (const c of threadOf(world, m).top) {
      comments.push([c.userPk, m.ownerPk]);
      for (const r of c.replies) replies.push([r.userPk, c.userPk]);
    }
  }
  const followers: [string, string][] = f.accounts.flatMap((u) => u.followers.map((pk): [string, string] => [pk, u.pk]));
  const following: [string, string][] = f.accounts.flatMap((u) => u.following.map((pk): [string, string] => [u.pk, pk]));
  return {
    cohashtag: count(cohashtag, false),
    mentions: count(mentions, true),
    tagged: count(tagged, true),
    coauthors: count(coauthors, false),
    comments: count(comments, true),
    replies: count(replies, true),
    followers: count(followers, true),
    following: count(following, true),
  };
}
