// The data browser's table: only the rows on screen are in the DOM (TanStack Virtual, as every long list
// of the app), their pages asked of main as they scroll into view. Headers sort; a row is selected with
// its checkbox (Shift for a range) or Space, opened with Enter or a double click; keys 1-9 put a code on
// the focused row or take it off; arrow keys move between rows.
import { ftsNotes } from '../../../../shared/fts-text';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { BrowseColumn, BrowseQuery, BrowseRow, CodeInfo } from '../../../../shared/ipc/study-data';
import { usePlaceRef } from '../../state/place';
import { Moment } from './ChangesTab';
import { codeKey, COLUMN_SORT, COLUMN_WIDTHS, COLUMN_WORDS, NUMERIC_COLUMNS, rowKindWord, STATUS_WORDS } from './data-format';
import type { BrowseState } from './useBrowse';

const ROW_HEIGHT = 34;

export interface TableSelection {
  all: boolean;
  rowids: ReadonlySet<number>;
}

function Cell({ row, column, codes }: { row: BrowseRow; column: BrowseColumn; codes: Map<number, CodeInfo> }) {
  switch (column) {
    case 'kind':
      return <>{rowKindWord(row)}</>;
    case 'account':
      if (!row.username) return <>{row.ownerId ?? ''}</>;
      // A renamed account shows under its current name; the names it had are said beside it.
      return row.formerUsernames.length === 0 ? (
        <>@{row.username}</>
      ) : (
        <span title={`Formerly ${row.formerUsernames.map((n) => `@${n}`).join(', ')}`} data-testid="former-names">
          @{row.username} <span className="muted">(was @{row.formerUsernames[0]})</span>
        </span>
      );
    case 'taken_at':
      return row.takenAt !== null ? <Moment ms={row.takenAt * 1000} /> : null;
    case 'text':
      return <span title={row.text ?? undefined}>{row.text}</span>;
    case 'likes':
      return <>{row.likes?.toLocaleString() ?? ''}</>;
    case 'comments':
      return <>{row.comments?.toLocaleString() ?? ''}</>;
    case 'plays':
      return <>{row.plays?.toLocaleString() ?? ''}</>;
    case 'media_type':
      return <>{row.mediaType ?? ''}</>;
    case 'status':
      return <span className={`status-badge ${row.status ?? 'unchecked'}`}>{STATUS_WORDS[row.status ?? 'unchecked']}</span>;
    case 'checked_at':
      return row.checkedAt !== null ? <Moment ms={row.checkedAt} /> : null;
    case 'codes':
      return (
        <span className="row-codes">
          {row.codes.map((id) => {
            const c = codes.get(id);
            return c ? (
              <span key={id} className="code-chip" style={c.color ? { borderColor: c.color } : undefined}>
                {c.name}
              </span>
            ) : null;
          })}
        </span>
      );
    case 'note':
      return <span title={row.note ?? undefined}>{row.note}</span>;
    case 'first_seen':
      return <Moment ms={row.firstSeen} />;
    case 'last_seen':
      return <Moment ms={row.lastSeen} />;
    case 'id':
      return <span className="mono">{row.id}</span>;
  }
}

export interface BrowserTableProps {
  browse: BrowseState;
  query: BrowseQuery;
  columns: readonly BrowseColumn[];
  codes: CodeInfo[];
  selection: TableSelection;
  focused: number;
  onFocus: (index: number) => void;
  onSort: (sort: BrowseQuery['sort']) => void;
  onSelect: (row: BrowseRow, index: number, range: boolean) => void;
  onSelectAll: (all: boolean) => void;
  onOpen: (index: number) => void;
  onCodeKey: (index: number, key: string) => void;
}

const isField = (t: unknown) => t instanceof HTMLElement && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT') && !(t instanceof HTMLInputElement && t.type === 'checkbox');

const DATE_COLUMNS: ReadonlySet<BrowseColumn> = new Set(['taken_at', 'checked_at', 'first_seen', 'last_seen']);

export function BrowserTable({ browse, query, columns, codes, selection, focused, onFocus, onSort, onSelect, onSelectAll, onOpen, onCodeKey }: BrowserTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const total = browse.total ?? 0;
  // The header sits inside the scroller (sticky, so it scrolls sideways with the rows): rows start below it.
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12, scrollMargin: ROW_HEIGHT });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const { ensure } = browse;
  useEffect(() => ensure(first, last), [first, last, ensure]);
  // The table scrolls by itself, not with the page: its offset is kept with the history entry and given
  // back once, when the rows are counted again (back from a post opened from here).
  const scrollTop = usePlaceRef('browserScrollTop', 0);
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current || browse.total === null || !scroller.current) return;
    restored.current = true;
    scroller.current.scrollTop = scrollTop.current;
  }, [browse.total, scrollTop]);
  const codeMap = new Map(codes.map((c) => [c.id, c]));
  // Columns give way in a narrow window (down to 60 % of their width, cells cut with an ellipsis; dates keep
  // theirs) and the text takes what is left, so the default columns fit a 1024 px window unscrolled.
  const width = (c: BrowseColumn): string => {
    const w = COLUMN_WIDTHS[c];
    if (w === 0) return 'minmax(80px, 1fr)';
    return DATE_COLUMNS.has(c) ? `${w}px` : `minmax(${Math.round(w * 0.6)}px, ${w}px)`;
  };
  const template = `32px ${columns.map(width).join(' ')}`;

  const focusRow = (index: number) => {
    const next = Math.min(total - 1, Math.max(0, index));
    onFocus(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const row = browse.row(focused);
    const code = codeKey(e, isField);
    if (code && row) {
      e.preventDefault();
      return onCodeKey(focused, code);
    }
    if (isField(e.target)) return;
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 15, PageUp: -15, j: 1, k: -1 }[e.key];
    if (step !== undefined) {
      e.preventDefault();
      return focusRow(focused + step);
    }
    if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      return focusRow(e.key === 'Home' ? 0 : total - 1);
    }
    if ((e.key === ' ' || e.key === 'x') && row) {
      e.preventDefault();
      return onSelect(row, focused, e.shiftKey);
    }
    if ((e.key === 'Enter' || e.key === 'o') && row) {
      e.preventDefault();
      onOpen(focused);
    }
  };

  const sortBy = (c: BrowseColumn) => {
    const s = COLUMN_SORT[c];
    if (s) onSort(s);
  };
  const rowSelected = (r: BrowseRow) => selection.all || selection.rowids.has(r.rowid);

  return (
    <div className="browser-table" role="grid" aria-label="Records" aria-rowcount={total + 1} onKeyDown={onKeyDown} data-testid="browser-table" data-total={total}>
      <div ref={scroller} className="browser-body" data-testid="browser-body" onScroll={(e) => (scrollTop.current = e.currentTarget.scrollTop)}>
        <div className="browser-head" role="row" style={{ gridTemplateColumns: template }}>
          <span role="columnheader">
            <input type="checkbox" aria-label="Select every record that matches" checked={selection.all} onChange={(e) => onSelectAll(e.target.checked)} data-testid="select-all" />
          </span>
          {columns.map((c) => {
            const sort = COLUMN_SORT[c];
            const active = sort !== undefined && query.sort === sort;
            return (
              <span key={c} role="columnheader" aria-sort={active ? (query.desc ? 'descending' : 'ascending') : 'none'} className={NUMERIC_COLUMNS.has(c) ? 'num' : undefined}>
                {sort ? (
                  <button type="button" className="sort-btn" onClick={() => sortBy(c)} data-testid={`sort-${c}`}>
                    {COLUMN_WORDS[c]}
                    {active && <span aria-hidden>{query.desc ? ' ▾' : ' ▴'}</span>}
                  </button>
                ) : (
                  COLUMN_WORDS[c]
                )}
              </span>
            );
          })}
        </div>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((v) => {
            const row = browse.row(v.index);
            return (
              <div
                key={v.key}
                role="row"
                aria-rowindex={v.index + 2}
                aria-selected={row ? rowSelected(row) : false}
                tabIndex={v.index === focused ? 0 : -1}
                data-index={v.index}
                data-rowid={row?.rowid}
                data-kind={row?.kind}
                data-status={row?.status ?? 'unchecked'}
                data-testid="browser-row"
                className={`browser-row${row && rowSelected(row) ? ' selected' : ''}${v.index === focused ? ' focused' : ''}`}
                style={{ gridTemplateColumns: template, transform: `translateY(${v.start - ROW_HEIGHT}px)`, height: ROW_HEIGHT }}
                onFocus={() => onFocus(v.index)}
                onDoubleClick={() => onOpen(v.index)}
              >
                {row ? (
                  <>
                    <span role="gridcell">
                      <input
                        type="checkbox"
                        tabIndex={-1}
                        aria-label={`Select ${rowKindWord(row).toLowerCase()} ${row.id}`}
                        checked={rowSelected(row)}
                        onChange={() => undefined}
                        onClick={(e) => onSelect(row, v.index, e.shiftKey)}
                      />
                    </span>
                    {columns.map((c) => (
                      <span key={c} role="gridcell" className={`cell-${c}${NUMERIC_COLUMNS.has(c) ? ' num' : ''}`}>
                        {c === 'text' ? (
                          <button type="button" className="link-btn row-open" tabIndex={-1} onClick={() => onOpen(v.index)}>
                            <Cell row={row} column={c} codes={codeMap} />
                          </button>
                        ) : (
                          <Cell row={row} column={c} codes={codeMap} />
                        )}
                      </span>
                    ))}
                  </>
                ) : (
                  <span className="skeleton-line" style={{ gridColumn: '1 / -1' }} />
                )}
              </div>
            );
          })}
        </div>
        {browse.total === 0 && (
          <div className="state" data-testid="browser-empty">
            <div>No record matches these filters.</div>
            {/* Why a search found nothing, when its text was not read as it may have been meant. */}
            {ftsNotes(query.text).map((note) => (
              <div key={note} className="muted" data-testid="browser-text-note">
                {note}
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
