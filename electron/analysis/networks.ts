// Networks of a study, for Gephi and for node/edge CSV files: co-hashtag, author → mentioned, author →
// tagged, co-author, commenter → post author, reply → parent author, follower → account, account →
// followed, and first poster → reposter of a picture (media analysis). One pass over the records builds
// every network asked for; people are one node each, keyed on their user id wherever the study knows it
// (a username met only in a caption is matched to the id seen with it anywhere in the study), else on
// the lower-cased username (`username:<name>`).
import type { NetworkKind } from '../../shared/ipc/analysis';
import type { AppRecord, Comment, Post, User } from '../../shared/records';

export interface NetNode {
  key: string;
  kind: 'account' | 'hashtag';
  label: string;
  /** People: user id and username when known. */
  id: string | null;
  username: string | null;
  /** Posts the account published (or coauthored) / the hashtag was used in, within the network's data. */
  posts: number;
  /** Sum of the weights of its edges. */
  weight: number;
  /** First and last time it takes part in an edge (epoch seconds). */
  first: number | null;
  last: number | null;
  /** A target of the study. */
  watched: boolean;
  /** People: usernames the account had before its current one (label), as the study saw them. */
  formerNames: string[];
}

export interface NetEdge {
  source: string;
  target: string;
  weight: number;
  first: number | null;
  last: number | null;
}

export interface Network {
  kind: NetworkKind;
  directed: boolean;
  nodes: NetNode[];
  edges: NetEdge[];
}

export const NETWORK_INFO: Readonly<Record<NetworkKind, { title: string; directed: boolean; edge: string }>> = {
  cohashtag: { title: 'Co-hashtag network', directed: false, edge: 'hashtags used together in a post caption' },
  mentions: { title: 'Mentions', directed: true, edge: 'post author → account @mentioned in the caption' },
  tagged: { title: 'Tagged accounts', directed: true, edge: 'post author → account tagged on the post' },
  coauthors: { title: 'Co-authors', directed: false, edge: 'accounts publishing a post together' },
  comments: { title: 'Comments', directed: true, edge: 'commenter → author of the post (top-level comments only: replies are the replies network)' },
  replies: { title: 'Replies', directed: true, edge: 'author of a reply → author of the comment replied to' },
  followers: { title: 'Followers', directed: true, edge: 'follower → account followed (a watched account)' },
  following: { title: 'Following', directed: true, edge: 'watched account → account it follows' },
  reuse: { title: 'Picture reuse', directed: true, edge: "first poster of a picture → account that posted a near copy of it later (media analysis: pHashes within the study's k bits)" },
};

export interface PersonRef {
  id: string | null;
  username: string | null;
}

type End = { person: PersonRef } | { tag: string };

interface Pending {
  a: End;
  b: End;
  at: number | null;
}

/** A follow seen in a target's list: who follows whom, and when Feedlens saw it (epoch ms). */
export interface FollowEdge {
  list: 'followers' | 'following';
  account: PersonRef;
  other: PersonRef;
  firstSeen: number;
  lastSeen: number;
}

export interface NetworkSources {
  /** Posts and comments (other records are skipped). */
  records: Iterable<AppRecord>;
  follows?: Iterable<FollowEdge>;
  /** The author of a post or comment that is not among `records` (looked up in the study). */
  ownerOfPost?: (postId: string) => PersonRef | null;
  authorOfComment?: (commentId: string) => PersonRef | null;
  /** User ids of the study's account targets. */
  watched?: ReadonlySet<string>;
  /** An account's current username and former ones, by user id: a renamed account is one node under its current name. */
  names?: (userId: string) => { current: string; former: string[] } | null;
  /** The study's reuse groups (media analysis), each item with its post's id; only posts among `records` count. */
  reuse?: readonly ReuseSource[];
}

export interface ReuseSource {
  items: { postId: string; owner: PersonRef; takenAt: number | null }[];
}

const personOf = (u: Pick<User, 'id' | 'username'> | null | undefined): PersonRef | null =>
  u && (u.id || u.username) ? { id: u.id || null, username: u.username || null } : null;

function taggedOf(p: Post): PersonRef[] {
  const out: PersonRef[] = [];
  for (const t of [...p.usertags, ...p.children.flatMap((c) => c.usertags)]) {
    const who = personOf(t.user);
    if (who) out.push(who);
  }
  return out;
}

function pairs<T>(items: T[]): [T, T][] {
  const out: [T, T][] = [];
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) out.push([items[i]!, items[j]!]);
  return out;
}

/** Builds the networks asked for from one pass over the records (and the follows). */
export function buildNetworks(kinds: readonly NetworkKind[], s: NetworkSources): Network[] {
  const want = new Set(kinds);
  const pending = new Map<NetworkKind, Pending[]>(kinds.map((k) => [k, []]));
  const idOfName = new Map<string, string>();
  const authored = new Map<NetworkKind, Map<string, number>>();
  const learn = (p: PersonRef | null) => {
    if (p?.id && p.username) idOfName.set(p.username.toLowerCase(), p.id);
    return p;
  };
  const add = (kind: NetworkKind, a: End, b: End, at: number | null) => {
    if (want.has(kind)) pending.get(kind)!.push({ a, b, at });
  };
  const postCount = (kind: NetworkKind, end: End) => {
    if (!want.has(kind)) return;
    let m = authored.get(kind);
    if (!m) authored.set(kind, (m = new Map()));
    const k = JSON.stringify(end);
    m.set(k, (m.get(k) ?? 0) + 1);
  };
  const comments: Comment[] = [];
  const ownerOf = new Map<string, PersonRef>();

  const seenPosts = new Set<string>();
  for (const r of s.records) {
    if (r.kind === 'post') {
      seenPosts.add(r.id);
      const owner = learn(personOf(r.owner));
      const coauthors = r.coauthors.map((c) => learn(personOf(c))).filter((c): c is PersonRef => c !== null);
      const tagged = taggedOf(r).map((t) => learn(t)!);
      if (owner) ownerOf.set(r.id, owner);
      const at = r.takenAt;
      const tags = [...new Set(r.caption.hashtags.map((h) => h.toLowerCase()))];
      for (const t of tags) postCount('cohashtag', { tag: t });
      for (const [x, y] of pairs(tags)) add('cohashtag', { tag: x }, { tag: y }, at);
      if (owner) {
        for (const k of ['mentions', 'tagged'] as const) postCount(k, { person: owner });
        for (const m of r.caption.mentions) add('mentions', { person: owner }, { person: { id: null, username: m } }, at);
        for (const t of tagged) add('tagged', { person: owner }, { person: t }, at);
      }
      const authors = owner ? [owner, ...coauthors] : coauthors;
      for (const a of authors) postCount('coauthors', { person: a });
      for (const [x, y] of pairs(authors)) add('coauthors', { person: x }, { person: y }, at);
    } else if (r.kind === 'comment') {
      learn(personOf(r.author));
      comments.push(r);
    }
  }
  // Reuse: the first poster (of the group's items in the selection) → each later poster of another account.
  for (const g of s.reuse ?? []) {
    const items = g.items.filter((i) => seenPosts.has(i.postId)).sort((a, b) => (a.takenAt ?? Infinity) - (b.takenAt ?? Infinity));
    const first = items[0];
    if (!first) continue;
    for (const i of items) postCount('reuse', { person: learn(i.owner)! });
    for (const later of items.slice(1)) if ((later.owner.id ?? later.owner.username) !== (first.owner.id ?? first.owner.username)) add('reuse', { person: first.owner }, { person: later.owner }, later.takenAt);
  }
  const commentAuthor = new Map(comments.map((c) => [c.id, personOf(c.author)]));
  for (const c of comments) {
    const author = personOf(c.author);
    if (!author) continue;
    if (c.parentId === null) {
      const owner = (c.postId && (ownerOf.get(c.postId) ?? s.ownerOfPost?.(c.postId))) || null;
      if (owner) add('comments', { person: author }, { person: owner }, c.createdAt);
    } else {
      const parent = commentAuthor.get(c.parentId) ?? s.authorOfComment?.(c.parentId) ?? null;
      if (parent) add('replies', { person: author }, { person: parent }, c.createdAt);
    }
  }
  for (const f of s.follows ?? []) {
    learn(f.account);
    learn(f.other);
    const at = [Math.floor(f.firstSeen / 1000), Math.floor(f.lastSeen / 1000)] as const;
    if (f.list === 'followers') {
      add('followers', { person: f.other }, { person: f.account }, at[0]);
      add('followers', { person: f.other }, { person: f.account }, at[1]);
    } else {
      add('following', { person: f.account }, { person: f.other }, at[0]);
      add('following', { person: f.account }, { person: f.other }, at[1]);
    }
  }

  const keyOf = (end: End): { key: string; node: Omit<NetNode, 'posts' | 'weight' | 'first' | 'last'> } => {
    if ('tag' in end) return { key: `#${end.tag}`, node: { key: `#${end.tag}`, kind: 'hashtag', label: `#${end.tag}`, id: null, username: null, watched: false, formerNames: [] } };
    const id = end.person.id ?? (end.person.username ? (idOfName.get(end.person.username.toLowerCase()) ?? null) : null);
    const named = id !== null ? (s.names?.(id) ?? null) : null;
    const username = named?.current ?? end.person.username;
    // No '@' in keys or labels: spreadsheets read a cell starting with '@' as a formula (CSV files escape it).
    const key = id ?? `username:${(username ?? '').toLowerCase()}`;
    const node = { key, kind: 'account' as const, label: username ?? `user ${id}`, id, username, watched: id !== null && (s.watched?.has(id) ?? false), formerNames: named?.former ?? [] };
    return { key, node };
  };

  return kinds.map((kind) => {
    const info = NETWORK_INFO[kind];
    const nodes = new Map<string, NetNode>();
    const edges = new Map<string, NetEdge>();
    const touch = (end: End, weight: number, at: number | null): string => {
      const { key, node } = keyOf(end);
      let n = nodes.get(key);
      if (!n) nodes.set(key, (n = { ...node, posts: 0, weight: 0, first: null, last: null }));
      else if (!n.username && node.username) Object.assign(n, { username: node.username, label: node.label });
      n.weight += weight;
      if (at !== null) {
        n.first = n.first === null ? at : Math.min(n.first, at);
        n.last = n.last === null ? at : Math.max(n.last, at);
      }
      return key;
    };
    // A follow is written twice (first and last seen): it counts once.
    const follow = kind === 'followers' || kind === 'following';
    for (const p of pending.get(kind) ?? []) {
      const a = touch(p.a, 0, p.at);
      const b = touch(p.b, 0, p.at);
      if (a === b) continue;
      const [source, target] = info.directed || a < b ? [a, b] : [b, a];
      const key = `${source}\u0000${target}`;
      let e = edges.get(key);
      if (!e) edges.set(key, (e = { source, target, weight: 0, first: null, last: null }));
      if (!follow || e.weight === 0) e.weight += 1;
      if (p.at !== null) {
        e.first = e.first === null ? p.at : Math.min(e.first, p.at);
        e.last = e.last === null ? p.at : Math.max(e.last, p.at);
      }
    }
    for (const e of edges.values()) {
      nodes.get(e.source)!.weight += e.weight;
      nodes.get(e.target)!.weight += e.weight;
    }
    for (const [k, count] of authored.get(kind) ?? []) {
      const n = nodes.get(keyOf(JSON.parse(k) as End).key);
      if (n) n.posts += count;
    }
    // Nodes only in self-loops (a post mentioning its own author) are left out with their loop.
    const linked = new Set([...edges.values()].flatMap((e) => [e.source, e.target]));
    return { kind, directed: info.directed, nodes: [...nodes.values()].filter((n) => linked.has(n.key)), edges: [...edges.values()] };
  });
}
