// The raw answer as a tree, without React: rows of the expanded nodes, search, paths and the text a copy
// takes. Big integers: the parsed answer holds the digits of every integer beyond 2^53 as a string; main
// says which strings were numbers in the service's text (ExplorerAnswerInfo.bigInts), and the tree shows
// those as the numbers they are, digit for digit. Without that list, strings stay strings.
import { pointerStep } from '../../../../shared/explorer';
import { isDict, type Dict } from '../../../../shared/guards';

export type NodeKind = 'object' | 'array' | 'string' | 'number' | 'bigint' | 'boolean' | 'null';

export interface TreeRoot {
  label: string;
  data: unknown;
  /** JSON Pointers of the big integers; null when unknown. */
  bigInts: ReadonlySet<string> | null;
}

export interface TreeRow {
  /** `<root index>:<JSON Pointer>`. */
  id: string;
  root: number;
  pointer: string;
  depth: number;
  /** The key or index in its parent; null for a root. */
  key: string | number | null;
  kind: NodeKind;
  /** A scalar's value as shown, or a container's size ("{12 keys}", "[20 items]"). */
  text: string;
  expandable: boolean;
  expanded: boolean;
}

export const rowId = (root: number, pointer: string): string => `${root}:${pointer}`;

export function kindOf(value: unknown, pointer: string, bigInts: ReadonlySet<string> | null): NodeKind {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'string') return bigInts?.has(pointer) ? 'bigint' : 'string';
  if (typeof value === 'number') return 'number';
  return typeof value === 'boolean' ? 'boolean' : 'string';
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** How a node reads on its row: strings quoted, big integers bare, containers by their size. */
export function shownText(value: unknown, kind: NodeKind): string {
  switch (kind) {
    case 'object':
      return `{${plural(Object.keys(value as Dict).length, 'key', 'keys')}}`;
    case 'array':
      return `[${plural((value as unknown[]).length, 'item', 'items')}]`;
    case 'string':
      return JSON.stringify(value);
    case 'null':
      return 'null';
    default:
      return String(value);
  }
}

function children(value: unknown): [string | number, unknown][] {
  if (Array.isArray(value)) return value.map((v, i) => [i, v]);
  return isDict(value) ? Object.entries(value) : [];
}

/** Every node in document order, with its depth and key; `enter` says whether to go inside a container. */
function walk(root: TreeRoot, index: number, visit: (row: Omit<TreeRow, 'expanded'>, value: unknown) => boolean): void {
  const go = (value: unknown, pointer: string, depth: number, key: string | number | null): void => {
    const kind = kindOf(value, pointer, root.bigInts);
    const expandable = (kind === 'object' || kind === 'array') && children(value).length > 0;
    const enter = visit({ id: rowId(index, pointer), root: index, pointer, depth, key, kind, text: shownText(value, kind), expandable }, value);
    if (enter && expandable) for (const [k, v] of children(value)) go(v, pointer + pointerStep(k), depth + 1, k);
  };
  go(root.data, '', 0, null);
}

/** The rows on screen: every root, and the children of the expanded nodes. */
export function treeRows(roots: readonly TreeRoot[], expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  roots.forEach((root, index) =>
    walk(root, index, (row) => {
      const open = row.expandable && expanded.has(row.id);
      rows.push({ ...row, expanded: open });
      return open;
    }),
  );
  return rows;
}

/** The containers above `depth` of a root: what a new answer shows open at first. */
export function openToDepth(root: TreeRoot, index: number, depth: number): string[] {
  const ids: string[] = [];
  walk(root, index, (row) => {
    if (row.expandable && row.depth < depth) ids.push(row.id);
    return row.depth < depth;
  });
  return ids;
}

/** Every container of the roots (Expand all). */
export function allContainers(roots: readonly TreeRoot[]): string[] {
  const ids: string[] = [];
  roots.forEach((root, index) =>
    walk(root, index, (row) => {
      if (row.expandable) ids.push(row.id);
      return true;
    }),
  );
  return ids;
}

/** The ids of the nodes above a node (to open so that it shows). */
export function ancestorsOf(id: string): string[] {
  const colon = id.indexOf(':');
  const root = id.slice(0, colon);
  const steps = id.slice(colon + 1).split('/').slice(1);
  return steps.map((_, i) => `${root}:${steps.slice(0, i).map((s) => `/${s}`).join('')}`);
}

function unescapeStep(step: string): string {
  return step.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The node's path as jq writes it: `.response.users[0].pk`, `.["odd key"]`; `.` for the answer itself. */
export function jqPath(data: unknown, pointer: string): string {
  if (pointer === '') return '.';
  let out = '';
  let value: unknown = data;
  for (const step of pointer.split('/').slice(1).map(unescapeStep)) {
    if (Array.isArray(value)) {
      out += `[${step}]`;
      value = value[Number(step)];
    } else {
      out += /^[A-Za-z_][A-Za-z0-9_]*$/.test(step) ? `.${step}` : `.[${JSON.stringify(step)}]`;
      value = isDict(value) ? value[step] : undefined;
    }
  }
  return out.startsWith('.') ? out : `.${out}`;
}

/** The value at a JSON Pointer of `data`. */
export function valueAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const step of pointer.split('/').slice(1).map(unescapeStep)) {
    value = Array.isArray(value) ? value[Number(step)] : isDict(value) ? value[step] : undefined;
  }
  return value;
}

/** JSON text of a node, big integers written as the bare numbers they were; `pointer` is where it sits. */
export function jsonText(value: unknown, pointer: string, bigInts: ReadonlySet<string> | null, indent = '  ', level = 0): string {
  const pad = indent.repeat(level + 1);
  const close = indent.repeat(level);
  if (typeof value === 'string') return bigInts?.has(pointer) ? value : JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v, i) => pad + jsonText(v, pointer + pointerStep(i), bigInts, indent, level + 1)).join(',\n')}\n${close}]`;
  }
  if (isDict(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${jsonText(v, pointer + pointerStep(k), bigInts, indent, level + 1)}`).join(',\n')}\n${close}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What "copy value" puts on the clipboard: a string or number as itself, a container as JSON. */
export function copyText(value: unknown, pointer: string, bigInts: ReadonlySet<string> | null): string {
  if (typeof value === 'string') return value;
  return jsonText(value, pointer, bigInts);
}

/**
 * The nodes whose key or value holds `query` (case-insensitive), in document order, at most `limit`;
 * `more` is true when there were others.
 */
export function searchTree(roots: readonly TreeRoot[], query: string, limit = 1000): { ids: string[]; more: boolean } {
  const needle = query.trim().toLowerCase();
  const ids: string[] = [];
  let more = false;
  if (needle === '') return { ids, more };
  roots.forEach((root, index) =>
    walk(root, index, (row, value) => {
      if (more) return false;
      const scalar = row.kind !== 'object' && row.kind !== 'array' ? String(value).toLowerCase() : '';
      const key = row.key === null ? '' : String(row.key).toLowerCase();
      if (key.includes(needle) || scalar.includes(needle)) {
        if (ids.length < limit) ids.push(row.id);
        else more = true;
      }
      return true;
    }),
  );
  return { ids, more };
}
