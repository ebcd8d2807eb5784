// GEXF 1.3 (https://gexf.net), the format Gephi reads natively: one graph with typed node and edge
// attributes (kind, counts, first and last seen; edge weights and dates). Written as a stream of text
// chunks; checked against the GEXF 1.3 schema in test/unit/electron/analysis/networks.test.ts.
import type { Network } from '../analysis/networks';
import { fitsDate } from './cells';

/** XML 1.0 forbids most control characters even when escaped: they are dropped. */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlText(value: string): string {
  return value.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const isoOf = (sec: number | null): string => (sec === null || !fitsDate(sec * 1000) ? '' : new Date(sec * 1000).toISOString().replace('.000Z', 'Z'));

const NODE_ATTRIBUTES = [
  ['kind', 'string'],
  ['posts', 'integer'],
  ['weight', 'integer'],
  ['first_seen', 'string'],
  ['last_seen', 'string'],
  ['watched', 'boolean'],
  ['former_usernames', 'string'],
] as const;
const EDGE_ATTRIBUTES = [
  ['first_seen', 'string'],
  ['last_seen', 'string'],
] as const;

export interface GexfMeta {
  creator: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
}

export function* gexfChunks(network: Network, meta: GexfMeta): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield '<gexf xmlns="http://gexf.net/1.3" version="1.3">\n';
  yield `  <meta lastmodifieddate="${meta.date}">\n    <creator>${xmlText(meta.creator)}</creator>\n    <description>${xmlText(meta.description)}</description>\n  </meta>\n`;
  yield `  <graph defaultedgetype="${network.directed ? 'directed' : 'undirected'}" mode="static">\n`;
  yield '    <attributes class="node">\n';
  for (const [id, type] of NODE_ATTRIBUTES) yield `      <attribute id="${id}" title="${id}" type="${type}"/>\n`;
  yield '    </attributes>\n    <attributes class="edge">\n';
  for (const [id, type] of EDGE_ATTRIBUTES) yield `      <attribute id="${id}" title="${id}" type="${type}"/>\n`;
  yield '    </attributes>\n';
  yield `    <nodes count="${network.nodes.length}">\n`;
  for (const n of network.nodes) {
    yield `      <node id="${xmlText(n.key)}" label="${xmlText(n.label)}"><attvalues>`;
    yield `<attvalue for="kind" value="${n.kind}"/><attvalue for="posts" value="${n.posts}"/><attvalue for="weight" value="${n.weight}"/>`;
    if (n.first !== null) yield `<attvalue for="first_seen" value="${isoOf(n.first)}"/>`;
    if (n.last !== null) yield `<attvalue for="last_seen" value="${isoOf(n.last)}"/>`;
    yield `<attvalue for="watched" value="${n.watched}"/>`;
    if (n.formerNames.length > 0) yield `<attvalue for="former_usernames" value="${xmlText(n.formerNames.join(', '))}"/>`;
    yield '</attvalues></node>\n';
  }
  yield `    </nodes>\n    <edges count="${network.edges.length}">\n`;
  let i = 0;
  for (const e of network.edges) {
    yield `      <edge id="${i++}" source="${xmlText(e.source)}" target="${xmlText(e.target)}" weight="${e.weight}">`;
    if (e.first !== null || e.last !== null) {
      yield '<attvalues>';
      if (e.first !== null) yield `<attvalue for="first_seen" value="${isoOf(e.first)}"/>`;
      if (e.last !== null) yield `<attvalue for="last_seen" value="${isoOf(e.last)}"/>`;
      yield '</attvalues>';
    }
    yield '</edge>\n';
  }
  yield '    </edges>\n  </graph>\n</gexf>\n';
}

export const NODE_COLUMNS = ['id', 'label', 'kind', 'posts', 'weight', 'first_seen', 'last_seen', 'watched', 'former_usernames'] as const;
export const EDGE_COLUMNS = ['source', 'target', 'type', 'weight', 'first_seen', 'last_seen'] as const;

/** Rows of the node and edge CSV files (Gephi's spreadsheet import reads these column names). */
export function nodeRows(network: Network): (string | number)[][] {
  return network.nodes.map((n) => [n.key, n.label, n.kind, n.posts, n.weight, isoOf(n.first), isoOf(n.last), n.watched ? 'yes' : 'no', n.formerNames.join(',')]);
}

export function edgeRows(network: Network): (string | number)[][] {
  const type = network.directed ? 'Directed' : 'Undirected';
  return network.edges.map((e) => [e.source, e.target, type, e.weight, isoOf(e.first), isoOf(e.last)]);
}
