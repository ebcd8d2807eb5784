// The answer of an Explorer run: its pages' costs and request log entries, "next page" with the cursor
// it will send, saving the raw answer as JSON with its provenance, and beside each other the raw answer
// as a JSON tree and the normalised records.
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Endpoint } from '../../../../shared/api/catalog';
import type { ExplorerSaved } from '../../../../shared/explorer';
import { appErrorOf, feedlens, unwrap } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { cursorSummary } from '../log/format';
import { JsonTree } from './JsonTree';
import type { TreeRoot } from './jsonTree';
import { PageFacts } from './PageFacts';
import { RecordsPane } from './RecordsPane';
import type { ExplorerRun } from './useExplorerRun';
import { plural } from '../../format';

/** Saves answers the Explorer received (pages, or the service's error answer) raw, with their provenance. */
function SaveRaw({ requestIds, label, testId }: { requestIds: string[]; label: string; testId: string }) {
  const saving = useMutation({ mutationFn: async () => unwrap(await feedlens().explorerSave({ requestIds })) });
  const state: { busy: boolean; saved?: ExplorerSaved; error?: string } = { busy: saving.isPending, ...(saving.data ? { saved: saving.data } : {}), ...(saving.error ? { error: appErrorOf(saving.error).message } : {}) };
  const save = () => saving.mutate();
  return (
    <span className="explorer-save">
      <button type="button" className="btn small" onClick={() => void save()} disabled={state.busy || requestIds.length === 0} data-testid={testId} title="Writes the answer exactly as the service sent it, with where it came from, to a new file in the download folder">
        {label}
      </button>
      {state.saved && (
        <span className="muted" role="status" data-testid="explorer-saved">
          Saved {state.saved.pages} {plural(state.saved.pages, 'page', 'pages')} to <span className="mono">{state.saved.path}</span>{' '}
          <button type="button" className="btn small ghost" onClick={() => void feedlens().revealPath({ path: state.saved!.path })}>
            Show in folder
          </button>
        </span>
      )}
      {state.error && (
        <span className="field-error" role="alert">
          {state.error}
        </span>
      )}
    </span>
  );
}

export function AnswerView({ endpoint, run, canNext, ended, onNext, onRetry }: { endpoint: Endpoint; run: ExplorerRun; canNext: boolean; ended: boolean; onNext: () => void; onRetry: () => void }) {
  const roots: TreeRoot[] = useMemo(
    () =>
      run.pages.map((p) => ({
        label: run.pages.length > 1 || endpoint.paging ? `page ${p.n}` : 'answer',
        data: p.value.data,
        bigInts: p.info?.bigInts ? new Set(p.info.bigInts) : null,
      })),
    [run.pages, endpoint.paging],
  );
  const last = run.pages.at(-1);
  // A failed call the service billed (a 404, say) counts too: main reports its units with the error.
  const units = run.pages.reduce((n, p) => n + p.value.units, 0) + (run.error !== null ? (appErrorOf(run.error).units ?? 0) : 0);
  const records = run.pages.reduce((n, p) => n + p.records.length, 0);
  const unknownNumbers = run.pages.some((p) => p.info && p.info.bigInts === null);
  return (
    <section className="explorer-answer" aria-label="Answer" data-testid="explorer-answer" data-pages={run.pages.length}>
      <div className="explorer-answer-head">
        <h3>Answer</h3>
        <span className="muted" data-testid="explorer-totals">
          {run.pages.length} {plural(run.pages.length, 'page', 'pages')} · {records.toLocaleString()} {plural(records, 'record', 'records')} · {units}{' '}
          {plural(units, 'request', 'requests')} billed
        </span>
        <span className="spacer" />
        <SaveRaw requestIds={run.pages.map((p) => p.value.requestId)} label="Save raw answer (JSON)" testId="explorer-save" />
      </div>
      {run.pages.length > 0 && <PageFacts endpoint={endpoint} pages={run.pages} />}
      {endpoint.paging && last && (
        <div className="explorer-paging" data-testid="explorer-paging">
          {ended ? (
            <span className="muted" data-testid="explorer-end">
              End of the list: the last answer gave no cursor for another page.
            </span>
          ) : (
            <>
              <span className="mono" data-testid="explorer-cursor" title={JSON.stringify(last.next)}>
                Next cursor: {cursorSummary(null, last.next, 40).replace(/^— → /, '')}
              </span>
              <button type="button" className="btn small primary" onClick={onNext} disabled={!canNext} data-testid="explorer-next">
                {run.pending ? 'Loading…' : `Next page (${endpoint.cost} ${plural(endpoint.cost, 'request', 'requests')})`}
              </button>
            </>
          )}
        </div>
      )}
      {run.error !== null && <ErrorView error={run.error} onRetry={onRetry} compact />}
      {/* An error the service answered (it has a status) can be saved as the service wrote it. */}
      {run.error !== null && run.failedRequestId && appErrorOf(run.error).status !== undefined && (
        <SaveRaw key={run.failedRequestId} requestIds={[run.failedRequestId]} label="Save the error answer (JSON)" testId="explorer-save-error" />
      )}
      {run.pending && run.pages.length === 0 && (
        <div className="state">
          <div className="spinner" aria-label="Waiting for the answer" />
        </div>
      )}
      {unknownNumbers && (
        <div className="notice" data-testid="numbers-unknown">
          Some pages came from the cache without the service&apos;s text: their big ids show as strings of their exact digits, whether the service wrote them as numbers or as text.
        </div>
      )}
      {run.pages.length > 0 && (
        <div className="explorer-panes">
          <JsonTree roots={roots} />
          <RecordsPane endpoint={endpoint} pages={run.pages} />
        </div>
      )}
    </section>
  );
}
