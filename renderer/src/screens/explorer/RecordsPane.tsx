// The normalised records of the Explorer's pages, where the normaliser knows the endpoint's kind: each
// selectable (with the call it came from) for the selection's downloads and exports, and the whole list
// exportable from the bar above it. Whatever else keeps records (a place to collect them) takes the same
// `entries` and sits in that bar beside Export.
import { useMemo, useState } from 'react';
import type { Endpoint } from '../../../../shared/api/catalog';
import { SelectCheck, SelectionListBar } from '../../components/SelectionCheck';
import { recordEntries, recordLine } from './records';
import type { ExplorerPage } from './useExplorerRun';

const SHOWN_AT_FIRST = 200;

export function RecordsPane({ endpoint, pages }: { endpoint: Endpoint; pages: readonly ExplorerPage[] }) {
  const entries = useMemo(() => recordEntries(endpoint.path, pages), [endpoint.path, pages]);
  const [all, setAll] = useState(false);
  const kind = endpoint.answer.record;
  if (entries.length === 0) {
    return (
      <div className="explorer-records empty muted" data-testid="explorer-records" data-count={0}>
        {['raw', 'balance', 'insight', 'oembed', 'share', 'download', 'guide', 'usertags', 'offensive', 'string'].includes(kind)
          ? `The app has no record type for this answer (${kind}): the raw answer is all there is.`
          : 'No records in this answer.'}
      </div>
    );
  }
  const shown = all ? entries : entries.slice(0, SHOWN_AT_FIRST);
  return (
    <div className="explorer-records" data-testid="explorer-records" data-count={entries.length}>
      <SelectionListBar entries={entries} exportLabel={`${endpoint.path} from the API explorer`} noun={['record', 'records']} />
      <ul className="explorer-record-list" aria-label="Records">
        {shown.map((entry, i) => {
          const line = recordLine(entry.record);
          return (
            <li key={`${i}:${line.id ?? ''}`} className="explorer-record" data-testid="explorer-record" data-kind={entry.record.kind} data-id={line.id ?? ''}>
              <SelectCheck item={entry} label={`Select ${line.title}`} className="explorer-record-check" />
              <span className="explorer-record-title">{line.title}</span>
              <span className="muted explorer-record-detail">
                {line.id && <span className="mono faint">{line.id}</span>}
                {line.id && line.detail && ' · '}
                {line.detail}
              </span>
            </li>
          );
        })}
      </ul>
      {!all && entries.length > SHOWN_AT_FIRST && (
        <button type="button" className="btn small" onClick={() => setAll(true)}>
          Show all {entries.length.toLocaleString()} records
        </button>
      )}
    </div>
  );
}
