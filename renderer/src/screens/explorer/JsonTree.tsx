// The raw answer as a collapsible JSON tree (one root per page): big integers shown exactly as the
// service wrote them, search inside it, copy of any value or path. Only the rows on screen are in the
// DOM, so answers of thousands of nodes stay fast.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { copyToClipboard } from './clipboard';
import { allContainers, ancestorsOf, copyText, jqPath, openToDepth, searchTree, treeRows, valueAt, type TreeRoot, type TreeRow } from './jsonTree';

const ROW_HEIGHT = 24;
const OPEN_DEPTH = 2;

function label(row: TreeRow, roots: readonly TreeRoot[]): string {
  if (row.key === null) return roots[row.root]?.label ?? '';
  return typeof row.key === 'number' ? String(row.key) : row.key;
}

export function JsonTree({ roots }: { roots: readonly TreeRoot[] }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const opened = useRef(0);
  // Each new page opens its first levels; what the user opened or closed stays as it is.
  useEffect(() => {
    if (roots.length <= opened.current) return;
    const fresh = roots.slice(opened.current).flatMap((root, i) => openToDepth(root, opened.current + i, OPEN_DEPTH));
    opened.current = roots.length;
    setExpanded((e) => new Set([...e, ...fresh]));
  }, [roots]);

  const [query, setQuery] = useState('');
  const [at, setAt] = useState(0);
  const found = useMemo(() => searchTree(roots, query), [roots, query]);
  const matches = useMemo(() => new Set(found.ids), [found]);
  const current = found.ids[at] ?? null;

  const rows = useMemo(() => treeRows(roots, expanded), [roots, expanded]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });

  // The current match: its ancestors opened, then scrolled into view.
  useEffect(() => {
    if (current === null) return;
    const above = ancestorsOf(current);
    setExpanded((e) => (above.every((id) => e.has(id)) ? e : new Set([...e, ...above])));
  }, [current]);
  useEffect(() => {
    if (current === null) return;
    const index = rows.findIndex((r) => r.id === current);
    if (index >= 0) virtual.scrollToIndex(index, { align: 'center' });
  }, [current, rows, virtual]);

  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (row: TreeRow, what: 'value' | 'path') => {
    const root = roots[row.root];
    if (!root) return;
    const text = what === 'path' ? jqPath(root.data, row.pointer) : copyText(valueAt(root.data, row.pointer), row.pointer, root.bigInts);
    const done = await copyToClipboard(text);
    setCopied(done ? `Copied the ${what} of ${jqPath(root.data, row.pointer)}${what === 'value' && text.length <= 40 ? `: ${text}` : ''}` : 'Could not copy.');
  };
  const toggle = (row: TreeRow) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (next.has(row.id)) next.delete(row.id);
      else next.add(row.id);
      return next;
    });
  const step = (by: number) => found.ids.length > 0 && setAt((i) => (i + by + found.ids.length) % found.ids.length);
  const onSearchKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      step(e.shiftKey ? -1 : 1);
    }
  };

  return (
    <div className="json-tree" data-testid="json-tree">
      <div className="json-tree-bar">
        <input
          type="search"
          placeholder="Search keys and values"
          aria-label="Search the answer"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setAt(0);
          }}
          onKeyDown={onSearchKey}
          data-testid="tree-search"
        />
        <span className="faint json-tree-count" aria-live="polite" data-testid="tree-matches">
          {query.trim() === '' ? '' : found.ids.length === 0 ? 'no match' : `${at + 1} of ${found.ids.length}${found.more ? '+' : ''}`}
        </span>
        <button type="button" className="btn small ghost" onClick={() => step(-1)} disabled={found.ids.length === 0} aria-label="Previous match">
          ↑
        </button>
        <button type="button" className="btn small ghost" onClick={() => step(1)} disabled={found.ids.length === 0} aria-label="Next match">
          ↓
        </button>
        <span className="spacer" />
        <button type="button" className="btn small ghost" onClick={() => setExpanded(new Set(allContainers(roots)))}>
          Expand all
        </button>
        <button type="button" className="btn small ghost" onClick={() => setExpanded(new Set(roots.map((_, i) => `${i}:`)))}>
          Collapse
        </button>
      </div>
      <div ref={scroller} className="json-tree-rows" style={{ height: Math.min(560, Math.max(rows.length, 1) * ROW_HEIGHT + 4) }} role="tree" aria-label="Raw answer">
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={row.id}
                role="treeitem"
                aria-level={row.depth + 1}
                aria-expanded={row.expandable ? row.expanded : undefined}
                className={`json-row${matches.has(row.id) ? ' match' : ''}${row.id === current ? ' current' : ''}`}
                style={{ transform: `translateY(${item.start}px)`, paddingLeft: 6 + row.depth * 16 }}
                data-testid="tree-row"
                data-pointer={row.pointer}
                data-root={row.root}
                data-kind={row.kind}
              >
                {row.expandable ? (
                  <button type="button" className="json-toggle" onClick={() => toggle(row)} aria-label={row.expanded ? 'Collapse' : 'Expand'}>
                    {row.expanded ? '▾' : '▸'}
                  </button>
                ) : (
                  <span className="json-toggle" aria-hidden />
                )}
                <span className={row.key === null ? 'json-root' : typeof row.key === 'number' ? 'json-index' : 'json-key'}>{label(row, roots)}</span>
                <span className="json-colon">:</span>
                <span className={`json-value json-${row.kind}`} title={row.kind === 'bigint' ? 'An integer beyond 2^53, exactly as the service wrote it' : undefined} data-testid="tree-value">
                  {row.text.length > 300 ? `${row.text.slice(0, 300)}…` : row.text}
                </span>
                <span className="json-actions">
                  <button type="button" className="btn small ghost" onClick={() => void copy(row, 'value')} data-testid="copy-value">
                    Copy value
                  </button>
                  <button type="button" className="btn small ghost" onClick={() => void copy(row, 'path')} data-testid="copy-path">
                    Copy path
                  </button>
                </span>
              </div>
            );
          })}
        </div>
      </div>
      <div className="faint json-tree-status" role="status" data-testid="tree-copied">
        {copied}
      </div>
    </div>
  );
}
