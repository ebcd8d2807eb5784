// The data browser's filters: full-text search (main's FTS index), kinds, then account, date range, media
// type, hashtag, mention, status, with replies, codes and notes; the columns shown; saved named views.
// Every change becomes a new query that main runs in the study's database.
import { useEffect, useState } from 'react';
import type { BrowseColumn, BrowseKind, BrowseQuery, CodeInfo, SavedView } from '../../../../shared/ipc/study-data';
import { BROWSE_COLUMNS, BROWSE_KINDS, RECORD_STATUSES } from '../../../../shared/study-values';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { usePlaceState } from '../../state/place';
import { useStudyAction } from './actions';
import { activeFilters, COLUMN_WORDS, STATUS_WORDS } from './data-format';
import { dayToEpoch, epochToDay } from './format';

const KIND_LABELS: Record<BrowseKind, string> = { post: 'Posts', reel: 'Reels', comment: 'Comments', story: 'Stories', user: 'Accounts' };
const MEDIA_TYPES = ['image', 'video', 'carousel'] as const;
const STATUSES = ['unchecked', ...RECORD_STATUSES] as const;

const toggled = <T,>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== value), value] : list.filter((x) => x !== value));

/** A text field that reports its value after a short pause (every key would be a query). */
function LazyInput({ value, onChange, ...rest }: { value: string; onChange: (v: string) => void } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), 250);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return <input {...rest} value={text} onChange={(e) => setText(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && onChange(text)} />;
}

function Chips<T extends string>({ label, options, words, value, onChange, testId }: { label: string; options: readonly T[]; words: (v: T) => string; value: readonly T[]; onChange: (v: T[]) => void; testId: string }) {
  return (
    <fieldset className="chips" data-testid={testId}>
      <legend className="faint">{label}</legend>
      {options.map((o) => (
        <label key={o} className={`chip${value.includes(o) ? ' on' : ''}`}>
          <input type="checkbox" checked={value.includes(o)} onChange={(e) => onChange(toggled(value, o, e.target.checked))} data-value={o} />
          {words(o)}
        </label>
      ))}
    </fieldset>
  );
}

export function BrowserFilters({ query, onQuery, codes }: { query: BrowseQuery; onQuery: (q: BrowseQuery) => void; codes: CodeInfo[] }) {
  const [open, setOpen] = usePlaceState('browserFiltersOpen', false);
  const set = (patch: Partial<BrowseQuery>) => onQuery({ ...query, ...patch });
  const n = activeFilters(query);
  return (
    <div className="browser-filters">
      <div className="row browser-search">
        <LazyInput
          type="search"
          className="input grow"
          placeholder='Search text: words, "a phrase", cafe OR bakery, bak*'
          aria-label="Search the study’s text"
          value={query.text}
          onChange={(text) => set({ text })}
          data-testid="browser-search"
        />
        <Chips label="Kinds" options={BROWSE_KINDS} words={(k) => KIND_LABELS[k]} value={query.kinds} onChange={(kinds) => set({ kinds })} testId="browser-kinds" />
        <button type="button" className={`btn small${open ? ' active' : ''}`} aria-expanded={open} onClick={() => setOpen(!open)} data-testid="browser-filters-toggle">
          Filters{n > 0 ? ` (${n})` : ''}
        </button>
      </div>
      {open && (
        <div className="browser-filter-panel" data-testid="browser-filter-panel">
          <label className="field">
            <span className="faint">Account</span>
            <LazyInput className="input" placeholder="@username or user id" value={query.account} onChange={(account) => set({ account })} data-testid="filter-account" />
          </label>
          <label className="field">
            <span className="faint">From</span>
            <input type="date" className="input" value={epochToDay(query.from)} onChange={(e) => set({ from: dayToEpoch(e.target.value) })} data-testid="filter-from" />
          </label>
          <label className="field">
            <span className="faint">To</span>
            <input type="date" className="input" value={epochToDay(query.to)} onChange={(e) => set({ to: dayToEpoch(e.target.value, true) })} data-testid="filter-to" />
          </label>
          <label className="field">
            <span className="faint">Hashtag</span>
            <LazyInput className="input" placeholder="#tag" value={query.hashtag} onChange={(hashtag) => set({ hashtag })} data-testid="filter-hashtag" />
          </label>
          <label className="field">
            <span className="faint">Mention</span>
            <LazyInput className="input" placeholder="@someone" value={query.mention} onChange={(mention) => set({ mention })} data-testid="filter-mention" />
          </label>
          <Chips label="Media" options={MEDIA_TYPES} words={(m) => m} value={query.mediaTypes} onChange={(mediaTypes) => set({ mediaTypes })} testId="filter-media" />
          <Chips label="Status" options={STATUSES} words={(s) => STATUS_WORDS[s]} value={query.statuses} onChange={(statuses) => set({ statuses })} testId="filter-status" />
          {codes.length > 0 && (
            <Chips
              label="Coded"
              options={codes.map((c) => String(c.id))}
              words={(id) => codes.find((c) => String(c.id) === id)?.name ?? id}
              value={query.codeIds.map(String)}
              onChange={(ids) => set({ codeIds: ids.map(Number) })}
              testId="filter-codes"
            />
          )}
          <label className="row check-label">
            <input type="checkbox" checked={query.hasReplies} onChange={(e) => set({ hasReplies: e.target.checked })} data-testid="filter-replies" /> Has replies or comments
          </label>
          <label className="row check-label">
            <input type="checkbox" checked={query.hasNote} onChange={(e) => set({ hasNote: e.target.checked })} data-testid="filter-note" /> Has a note
          </label>
          <label className="row check-label" title="Posts and stories whose picture another post or story of the study reposts, or reposted (the Reuse tab; its k applies)">
            <input type="checkbox" checked={query.inReuse} onChange={(e) => set({ inReuse: e.target.checked })} data-testid="filter-reuse" /> In a reuse group
          </label>
        </div>
      )}
    </div>
  );
}

export function ColumnPicker({ columns, onChange }: { columns: readonly BrowseColumn[]; onChange: (c: BrowseColumn[]) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="popover-host">
      <button type="button" className="btn small" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="browser-columns">
        Columns
      </button>
      {open && (
        <div className="popover column-picker" role="group" aria-label="Columns shown" data-testid="column-picker">
          {BROWSE_COLUMNS.map((c) => (
            <label key={c} className="row check-label">
              <input
                type="checkbox"
                checked={columns.includes(c)}
                disabled={columns.length === 1 && columns.includes(c)}
                onChange={(e) => onChange(BROWSE_COLUMNS.filter((x) => (x === c ? e.target.checked : columns.includes(x))))}
                data-value={c}
              />
              {COLUMN_WORDS[c]}
            </label>
          ))}
        </div>
      )}
    </div>
  );
}

/** Saved views: pick one to apply it; save the current filters and columns under a name. */
export function SavedViews({ studyId, views, onApply, current, onSaved }: { studyId: string; views: SavedView[]; onApply: (v: SavedView) => void; current: SavedView['spec']; onSaved: () => void }) {
  const [naming, setNaming] = useState<string | null>(null);
  const saving = useStudyAction(studyId);
  const save = async () => {
    if (!naming?.trim()) return;
    const r = await saving.run(() => feedlens().studyViewSave({ id: studyId, name: naming.trim(), spec: current }));
    if (r.ok) {
      setNaming(null);
      onSaved();
    }
  };
  return (
    <div className="row saved-views">
      <select
        className="input small"
        aria-label="Saved views"
        value=""
        onChange={(e) => {
          const v = views.find((x) => String(x.id) === e.target.value);
          if (v) onApply(v);
        }}
        data-testid="views-select"
      >
        <option value="">{views.length > 0 ? 'Saved views…' : 'No saved views'}</option>
        {views.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </select>
      {naming === null ? (
        <button type="button" className="btn small" onClick={() => setNaming('')} data-testid="view-save">
          Save view…
        </button>
      ) : (
        <>
          <input
            className="input small"
            autoFocus
            placeholder="Name of the view"
            value={naming}
            onChange={(e) => setNaming(e.target.value)}
            onKeyDown={(e) => (e.key === 'Enter' ? void save() : e.key === 'Escape' ? setNaming(null) : undefined)}
            data-testid="view-name"
          />
          <button type="button" className="btn small primary" onClick={() => void save()} disabled={saving.busy || !naming.trim()} data-testid="view-save-confirm">
            Save
          </button>
        </>
      )}
      {saving.error && <ErrorView error={saving.error} compact />}
    </div>
  );
}
