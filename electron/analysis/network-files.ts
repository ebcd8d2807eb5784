// The files of a network export: for each network asked for whose lists the study collected, a GEXF file
// and its node and edge CSVs. A network of lists the study never collected (followers of accounts it never
// listed, comments it never read) is not written: the manifest says so instead of an empty file.
// Accounts are one node under their current username, their former ones an attribute.
import { join } from 'node:path';
import type { NetworkKind } from '../../shared/ipc/analysis';
import type { AppRecord } from '../../shared/records';
import { csvLines } from '../export/csv';
import { EDGE_COLUMNS, edgeRows, gexfChunks, NODE_COLUMNS, nodeRows } from '../export/gexf';
import type { Written } from '../export/output';
import type { Pseudonymiser } from '../export/pseudonymise';
import { accountNamesOf } from '../studies/account-names';
import type { Db } from '../studies/db';
import { buildNetworks, NETWORK_INFO, type FollowEdge, type Network, type ReuseSource } from './networks';

export const ALL_NETWORKS: readonly NetworkKind[] = ['cohashtag', 'mentions', 'tagged', 'coauthors', 'comments', 'replies', 'followers', 'following', 'reuse'];

/** What a network is made of: posts, comments, a follow list, or the reuse groups of media analysis. */
const SOURCE: Readonly<Record<NetworkKind, 'post' | 'comment' | 'followers' | 'following' | 'reuse'>> = {
  cohashtag: 'post', mentions: 'post', tagged: 'post', coauthors: 'post', comments: 'comment', replies: 'comment', followers: 'followers', following: 'following', reuse: 'reuse',
};

/** The study's reuse groups at its k (media_reuse), each item with its post and poster. */
function reuseSources(db: Db): ReuseSource[] {
  const rows = db
    .prepare(
      `SELECT m.group_no AS groupNo, coalesce(p.id, r.id) AS postId, r.owner_id AS id, r.username AS username, r.taken_at AS takenAt
       FROM media_reuse m JOIN records r ON r.rowid = m.record_id LEFT JOIN records p ON p.rowid = m.post_rowid AND p.rowid <> r.rowid
       ORDER BY m.group_no`,
    )
    .all() as { groupNo: number; postId: string; id: string | null; username: string | null; takenAt: number | null }[];
  const groups = new Map<number, ReuseSource>();
  for (const r of rows) {
    const g = groups.get(r.groupNo) ?? { items: [] };
    groups.set(r.groupNo, g);
    g.items.push({ postId: r.postId, owner: { id: r.id, username: r.username }, takenAt: r.takenAt });
  }
  return [...groups.values()];
}

export interface NetworkFile {
  path: string;
  role: 'data';
  format: string;
  rows: number;
  network: string;
  bytes: number;
  sha256: string;
}

export interface NetworkContext {
  db: Db;
  kinds: readonly NetworkKind[];
  /** The selection's posts and comments (presets applied, pseudonymised when the export is). */
  records: Iterable<AppRecord>;
  follows: FollowEdge[];
  /** How many posts and comments the selection holds. */
  counts: { post: number; comment: number };
  noCommenterIdentities: boolean;
  pz: Pseudonymiser | null;
  folder: string;
  appVersion: string;
  date: string;
  stage: (path: string, chunks: Iterable<string>) => Promise<Written>;
}

/** Person nodes take their pseudonym as id and label (former names left out); hashtags lose any person's name inside them. */
function pseudonymiseNetwork(n: Network, pz: Pseudonymiser): Network {
  const alias = new Map<string, string>();
  const nodes = n.nodes.map((node) => {
    const key = node.kind === 'account' ? pz.pseudonym({ id: node.id, username: node.username }) : pz.applyLabel(node.key);
    alias.set(node.key, key);
    return { ...node, key, label: node.kind === 'account' ? key : pz.applyLabel(node.label), id: null, username: null, formerNames: [] };
  });
  return { ...n, nodes, edges: n.edges.map((e) => ({ ...e, source: alias.get(e.source)!, target: alias.get(e.target)! })) };
}

const toRows = (cols: readonly string[], list: (string | number)[][]) => list.map((r) => Object.fromEntries(cols.map((c, i) => [c, r[i] ?? null])));

/** Writes the networks; returns their files, the networks written and those left out with why. */
export async function writeNetworkFiles(c: NetworkContext): Promise<{ files: NetworkFile[]; edges: number; written: NetworkKind[]; notWritten: { kind: NetworkKind; reason: string }[] }> {
  const { db } = c;
  const reuse = c.kinds.includes('reuse') ? reuseSources(db) : [];
  const collected = (kind: NetworkKind): boolean => {
    const source = SOURCE[kind];
    if (source === 'reuse') return c.counts.post > 0 && reuse.length > 0;
    return source === 'post' || source === 'comment' ? c.counts[source] > 0 : c.follows.some((f) => f.list === source);
  };
  const kinds = c.kinds.filter(collected);
  const why = (kind: NetworkKind): string => {
    const source = SOURCE[kind];
    if (source === 'reuse') return "the study's media hold no reuse group (analyse them in the Reuse tab)";
    return `the selection holds no ${source === 'post' ? 'posts' : source === 'comment' ? 'comments' : `${source} lists`}`;
  };
  const notWritten = c.kinds.filter((k) => !collected(k)).map((kind) => ({ kind, reason: why(kind) }));
  const ownerOfPost = db.prepare("SELECT owner_id AS id, username FROM records WHERE kind = 'post' AND id = ?");
  const authorOfComment = db.prepare("SELECT owner_id AS id, username FROM records WHERE kind = 'comment' AND id = ?");
  const watched = new Set((db.prepare("SELECT key FROM targets WHERE kind = 'account'").all() as { key: string }[]).map((r) => r.key));
  type Person = { id: string | null; username: string | null };
  const personOf = (row: unknown) => (row && ((row as Person).id || (row as Person).username) ? (row as Person) : null);
  const networks = buildNetworks(kinds, {
    records: c.records,
    follows: c.follows,
    ownerOfPost: (id) => personOf(ownerOfPost.get(id)),
    authorOfComment: (id) => (c.noCommenterIdentities ? null : personOf(authorOfComment.get(id))),
    watched,
    names: accountNamesOf(db),
    reuse,
  });
  const files: NetworkFile[] = [];
  let edges = 0;
  for (const raw of networks) {
    const n = c.pz ? pseudonymiseNetwork(raw, c.pz) : raw;
    const info = NETWORK_INFO[n.kind];
    const gexf = await c.stage(join(c.folder, `${n.kind}.gexf`), gexfChunks(n, { creator: `Feedlens ${c.appVersion}`, description: `${info.title}: ${info.edge}.`, date: c.date }));
    files.push({ path: `${n.kind}.gexf`, role: 'data', format: 'gexf-1.3', rows: n.nodes.length + n.edges.length, network: n.kind, ...gexf });
    const nodesCsv = await c.stage(join(c.folder, `${n.kind}_nodes.csv`), csvLines(NODE_COLUMNS, toRows(NODE_COLUMNS, nodeRows(n)), { delimiter: ',', bom: false }));
    files.push({ path: `${n.kind}_nodes.csv`, role: 'data', format: 'csv', rows: n.nodes.length, network: n.kind, ...nodesCsv });
    const edgesCsv = await c.stage(join(c.folder, `${n.kind}_edges.csv`), csvLines(EDGE_COLUMNS, toRows(EDGE_COLUMNS, edgeRows(n)), { delimiter: ',', bom: false }));
    files.push({ path: `${n.kind}_edges.csv`, role: 'data', format: 'csv', rows: n.edges.length, network: n.kind, ...edgesCsv });
    edges += n.edges.length;
  }
  return { files, edges, written: kinds, notWritten };
}
