// The data browser: a study's posts, reels, comments, stories and accounts in one table, queried in main
// (SQLite, the full-text index) a page at a time. Filters, columns and order can be saved as named views;
// rows open in the record viewer; selected rows (or every row that matches) can be exported, their media
// saved or laid out as an image wall, re-checked ("Still there?") or coded.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BrowseColumn, BrowseQuery, BrowseRow, RowsInput } from '../../../../shared/ipc/study-data';
import type { WallSort } from '../../../../shared/ipc/media';
import { DEFAULT_COLUMNS, emptyBrowseQuery } from '../../../../shared/study-values';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { usePlaceState } from '../../state/place';
import { useStudyAction, type StudyAction } from './actions';
import { BrowserFilters, ColumnPicker, SavedViews } from './BrowserFilters';
import { BrowserTable, type TableSelection } from './BrowserTable';
import { RecordViewer } from './RecordViewer';
import { CheckDialog, ChecksList } from './StillThere';
import { useChecks, useCodes, useViews } from './queries';
import { useBrowse } from './useBrowse';

const NONE: TableSelection = { all: false, rowids: new Set() };
type Done = { text: string; path?: string } | null;

/** What to do with the selected rows; after coding, the study's queries (rows, codebook) are read again. */
function SelectionBar({ studyId, action, rows, count, codes, onDone, onCheck, onCleared }: {
  studyId: string; action: StudyAction; rows: RowsInput; count: number; codes: { id: number; name: string }[]; onDone: (d: Done) => void; onCheck: () => void; onCleared: () => void;
}) {
  const exportAs = async (format: 'csv' | 'zip' | 'ndjson' | 'json') => {
    onDone(null);
    const r = await action.run(() => feedlens().studyRowsExport({ id: studyId, rows, format }));
    if (r.ok) onDone({ text: `Exported ${r.value.rows.toLocaleString()} rows.`, path: r.value.path });
  };
  const media = async () => {
    onDone(null);
    const r = await action.run(() => feedlens().studyRowsMedia({ id: studyId, rows }));
    if (r.ok) onDone({ text: `${r.value.queued.toLocaleString()} media files queued for the study’s media folder${r.value.skipped ? ` (${r.value.skipped} already there)` : ''}.`, path: r.value.folder });
  };
  const wall = async (sort: WallSort) => {
    onDone(null);
    const r = await action.run(() => feedlens().studyWall({ id: studyId, rows, sort }));
    if (r.ok) onDone({ text: `Image wall of ${r.value.tiles.toLocaleString()} tiles${r.value.missing ? ` (${r.value.missing} without a picture)` : ''}: wall.png, captions.csv, index.html.`, path: r.value.path });
  };
  const code = async (value: string) => {
    const [sign, id] = [value[0], Number(value.slice(1))];
    onDone(null);
    const r = await action.run(() => feedlens().studyCodeApply({ id: studyId, rows, codeId: id, on: sign === '+' }));
    if (r.ok) onDone({ text: `${sign === '+' ? 'Coded' : 'Uncoded'} ${r.value.changed.toLocaleString()} records.` });
  };
  return (
    <div className="row selection-bar" data-testid="browser-selection" data-count={count}>
      <strong>{count.toLocaleString()} selected</strong>
      <select aria-label="Export the selected rows" value="" onChange={(e) => e.target.value && void exportAs(e.target.value as 'csv')} data-testid="rows-export">
        <option value="">Export…</option>
        <option value="csv">CSV</option>
        <option value="zip">ZIP (a CSV per kind, media list)</option>
        <option value="ndjson">NDJSON</option>
        <option value="json">JSON</option>
      </select>
      <button type="button" className="btn small" onClick={() => void media()} data-testid="rows-media">
        Save media
      </button>
      <select aria-label="Lay out the selected posts and stories as an image wall" value="" onChange={(e) => e.target.value && void wall(e.target.value as WallSort)} data-testid="rows-wall">
        <option value="">Image wall…</option>
        <option value="date">by date</option>
        <option value="engagement">by engagement</option>
        <option value="account">by account</option>
        <option value="group">by reuse group</option>
      </select>
      <button type="button" className="btn small" onClick={onCheck} data-testid="rows-check">
        Still there?…
      </button>
      {codes.length > 0 && (
        <select aria-label="Code the selected rows" value="" onChange={(e) => e.target.value && void code(e.target.value)} data-testid="rows-code">
          <option value="">Code…</option>
          {codes.map((c) => (
            <option key={`+${c.id}`} value={`+${c.id}`}>
              + {c.name}
            </option>
          ))}
          {codes.map((c) => (
            <option key={`-${c.id}`} value={`-${c.id}`}>
              − {c.name}
            </option>
          ))}
        </select>
      )}
      <button type="button" className="btn small ghost" onClick={onCleared}>
        Clear
      </button>
    </div>
  );
}

export function DataBrowser({ studyId }: { studyId: string }) {
  // Kept with the history entry: back from a post opened in the record viewer finds the same filters,
  // columns, selection, focused row and open record (the table keeps its scroll the same way).
  const [query, setQuery] = usePlaceState<BrowseQuery>('browserQuery', emptyBrowseQuery());
  const [columns, setColumns] = usePlaceState<BrowseColumn[]>('browserColumns', [...DEFAULT_COLUMNS]);
  const [selection, setSelection] = usePlaceState<TableSelection>('browserSelection', NONE);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [focused, setFocused] = usePlaceState('browserFocused', 0);
  const [open, setOpen] = usePlaceState<number | null>('browserOpen', null);
  const [checking, setChecking] = useState<{ scope: Parameters<typeof CheckDialog>[0]['scope']; label: string } | null>(null);
  const [done, setDone] = useState<Done>(null);
  const action = useStudyAction(studyId);
  const browse = useBrowse(studyId, query);
  const codes = useCodes(studyId);
  const views = useViews(studyId);
  const checks = useChecks(studyId);
  const { refresh, ensure } = browse;

  // A re-check that ends changes statuses: read the rows again.
  const lastCheck = checks.data?.[0];
  useEffect(() => {
    if (lastCheck && lastCheck.state !== 'running') refresh();
  }, [lastCheck?.id, lastCheck?.state, refresh]); // eslint-disable-line react-hooks/exhaustive-deps

  const changeQuery = useCallback(
    (q: BrowseQuery) => {
      setQuery(q);
      setSelection(NONE);
      setFocused(0);
    },
    [setQuery, setSelection, setFocused],
  );
  const total = browse.total ?? 0;
  const count = selection.all ? total : selection.rowids.size;
  const rows: RowsInput = selection.all ? { query } : { rowids: [...selection.rowids] };

  const select = (row: BrowseRow, index: number, range: boolean) => {
    const base = selection.all ? new Set(browse.loaded().map((r) => r.rowid)) : new Set(selection.rowids);
    const on = !base.has(row.rowid);
    if (range && anchor !== null) {
      for (let i = Math.min(anchor, index); i <= Math.max(anchor, index); i++) {
        const r = browse.row(i);
        if (r) {
          if (on) base.add(r.rowid);
          else base.delete(r.rowid);
        }
      }
    } else if (on) base.add(row.rowid);
    else base.delete(row.rowid);
    setSelection({ all: false, rowids: base });
    setAnchor(index);
  };
  const codeByKey = async (index: number, key: string) => {
    const row = browse.row(index);
    const code = codes.data?.find((c) => c.shortcut === key);
    if (!row || !code) return;
    await action.run(() => feedlens().studyCodeApply({ id: studyId, rows: { rowids: [row.rowid] }, codeId: code.id, on: !row.codes.includes(code.id) }));
  };
  // A record open when the entry was left is shown again once its page is read back.
  useEffect(() => {
    if (open !== null) ensure(open, open);
  }, [open, ensure]);
  const openRow = open !== null ? browse.row(open) : undefined;
  const viewSpec = useMemo(() => ({ query, columns }), [query, columns]);

  return (
    <div className="data-browser" data-testid="data-browser">
      <div className="row browser-bar">
        <SavedViews
          studyId={studyId}
          views={views.data ?? []}
          current={viewSpec}
          onApply={(v) => {
            changeQuery({ ...emptyBrowseQuery(), ...v.spec.query }); // main stored the view validated
            setColumns([...v.spec.columns]);
          }}
          onSaved={views.reload}
        />
        <ColumnPicker columns={columns} onChange={setColumns} />
        <span className="spacer" />
        <span className="faint" data-testid="browser-count" data-total={browse.total ?? ''} data-ms={browse.ms ?? ''}>
          {browse.total === null ? 'Counting…' : `${total.toLocaleString()} records`}
          {browse.ms !== null ? ` · ${browse.ms} ms` : ''}
        </span>
        <button type="button" className="btn small" onClick={() => setChecking({ scope: { all: true }, label: 'the whole study' })} data-testid="check-all">
          Still there?…
        </button>
      </div>
      <BrowserFilters query={query} onQuery={changeQuery} codes={codes.data ?? []} />
      <ChecksList studyId={studyId} checks={checks.data ?? []} />
      {count > 0 && (
        <SelectionBar
          studyId={studyId}
          action={action}
          rows={rows}
          count={count}
          codes={codes.data ?? []}
          onDone={setDone}
          onCheck={() => setChecking({ scope: { rows }, label: `${count.toLocaleString()} selected` })}
          onCleared={() => setSelection(NONE)}
        />
      )}
      {done && (
        <div className="notice row" data-testid="browser-done">
          <span>{done.text}</span>
          {done.path && (
            <button type="button" className="btn small ghost" onClick={() => void feedlens().revealPath({ path: done.path! })}>
              Show in folder
            </button>
          )}
          <span className="spacer" />
          <button type="button" className="icon-btn" aria-label="Dismiss" onClick={() => setDone(null)}>
            ✕
          </button>
        </div>
      )}
      {(action.error ?? browse.error) && <ErrorView error={action.error ?? browse.error} compact />}
      <BrowserTable
        browse={browse}
        query={query}
        columns={columns}
        codes={codes.data ?? []}
        selection={selection}
        focused={focused}
        onFocus={setFocused}
        onSort={(sort) => changeQuery({ ...query, sort, desc: query.sort === sort ? !query.desc : sort !== 'account' && sort !== 'kind' })}
        onSelect={select}
        onSelectAll={(all) => setSelection(all ? { all: true, rowids: new Set() } : NONE)}
        onOpen={setOpen}
        onCodeKey={(i, k) => void codeByKey(i, k)}
      />
      {open !== null && openRow && (
        <RecordViewer
          studyId={studyId}
          rowid={openRow.rowid}
          codes={codes.data ?? []}
          position={`${(open + 1).toLocaleString()} of ${total.toLocaleString()}`}
          onStep={(step) => {
            const next = Math.min(total - 1, Math.max(0, open + step));
            // The rows around it too, so stepping on does not wait at a page's edge.
            browse.ensure(next - 20, next + 20);
            setOpen(next);
            setFocused(next);
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {checking && <CheckDialog studyId={studyId} scope={checking.scope} label={checking.label} onClose={() => setChecking(null)} onStarted={checks.reload} />}
    </div>
  );
}
