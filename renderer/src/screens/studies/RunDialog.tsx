// "Run now": main's estimate of the pages this run needs (only what is new since the last run, from the
// study and the cache) as a likely figure and an upper bound, with what dominates it; a budget cap that
// defaults to the upper bound, and the start, which main confirms in its own question.
import { useState } from 'react';
import type { RunEstimate, RunInfo } from '../../../../shared/ipc/studies';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { formatMoney, moneyFor } from '../../components/jobPlan';
import { useAppState } from '../../state/app';
import { useStudyAction } from './actions';
import { Dialog } from './Dialog';
import { EstimateShares } from './EstimateShares';
import { requestCount } from './format';
import { useRunEstimate } from './queries';

function EstimateLines({ estimate }: { estimate: RunEstimate }) {
  const byTarget = new Map<number, RunEstimate['lines']>();
  for (const l of estimate.lines) byTarget.set(l.targetId, [...(byTarget.get(l.targetId) ?? []), l]);
  return (
    <div className="preview-table-wrap">
      <table className="data estimate-table" data-testid="run-estimate-lines">
        <thead>
          <tr>
            <th>Target</th>
            <th>Reads</th>
            <th className="num">Requests</th>
            <th className="num">At most</th>
          </tr>
        </thead>
        <tbody>
          {[...byTarget.values()].map((lines) =>
            lines.map((l, i) => (
              <tr key={`${l.targetId}-${i}`}>
                <td>{i === 0 ? l.label : ''}</td>
                <td className="muted">
                  {l.what}
                  {l.open && <span className="badge"> size unknown</span>}
                </td>
                <td className="num">{l.units.toLocaleString()}</td>
                <td className="num">{l.upperUnits.toLocaleString()}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}

export function RunDialog({ studyId, studyName, onClose, onStarted }: { studyId: string; studyName: string; onClose: () => void; onStarted: (run: RunInfo) => void }) {
  const balance = useAppState((s) => s.balance);
  const { data: estimate, error: estimateError } = useRunEstimate(studyId);
  // The budget is the estimate's suggestion until the user types one.
  const [typed, setBudgetText] = useState<string | null>(null);
  const budgetText = typed ?? (estimate ? String(estimate.suggestedBudget) : '');
  const { run, busy, error: startError } = useStudyAction(studyId);
  const error = estimateError ?? startError;

  const n = Number(budgetText.trim());
  const budget = Number.isInteger(n) && n >= 1 ? n : null;
  const money = budget === null ? null : moneyFor(budget, balance);
  const start = async () => {
    if (budget === null) return;
    // Main asks the user to confirm the budget in its own window; declining spends nothing.
    const r = await run(() => feedlens().studyRunStart({ id: studyId, budget }));
    if (r.ok) {
      onStarted(r.value);
      onClose();
    }
  };

  return (
    <Dialog title={`Run “${studyName}” now`} onClose={onClose} busy={busy} wide testId="run-dialog">
      {!estimate && !error && (
        <div className="sel-estimate" aria-busy="true">
          <span className="spinner small" aria-hidden /> Estimating (nothing is sent)…
        </div>
      )}
      {estimate && (
        <>
          <div className="sel-estimate" data-testid="run-estimate" data-units={estimate.units} data-pages={estimate.pages} data-upper={estimate.upperUnits}>
            <dl className="sel-figures">
              <div>
                <dt>pages</dt>
                <dd>
                  about {estimate.pages.toLocaleString()}, at most {estimate.upperPages.toLocaleString()}
                </dd>
              </div>
              <div>
                <dt>cost</dt>
                <dd>
                  about {requestCount(estimate.units)}
                  {estimate.money !== null ? ` · ${formatMoney(estimate.money, estimate.currency)}` : ''}
                </dd>
              </div>
              <div>
                <dt>at most</dt>
                <dd data-testid="run-estimate-upper">
                  {requestCount(estimate.upperUnits)}
                  {estimate.upperMoney !== null ? ` · ${formatMoney(estimate.upperMoney, estimate.currency)}` : ''}
                </dd>
              </div>
            </dl>
            <EstimateShares shares={estimate.dominant} />
            <p className="field-hint sel-basis">{estimate.basis}</p>
          </div>
          <EstimateLines estimate={estimate} />
          <label className="sel-field">
            <span className="sel-field-label">Budget cap</span>
            <span className="row">
              <input type="number" min={1} step={1} value={budgetText} onChange={(e) => setBudgetText(e.target.value)} className="sel-number" data-testid="run-budget" />
              <span className="muted">requests{money !== null ? ` · at most ${formatMoney(money, balance?.currency ?? null)}` : ''}</span>
            </span>
            <span className="field-hint">Offered: the upper bound. The run stops before a page would take it past this; what it leaves unread, the next run reads.</span>
            {budget === null && <span className="field-error">Enter a whole number of requests, 1 or more.</span>}
          </label>
        </>
      )}
      {error && <ErrorView error={error} compact />}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy} data-autofocus data-testid="run-cancel">
          Cancel
        </button>
        <button type="button" className="btn primary" onClick={() => void start()} disabled={busy || budget === null || !estimate || estimate.lines.length === 0} data-testid="run-start">
          {busy ? 'Starting…' : budget !== null ? `Spend up to ${budget.toLocaleString()} requests` : 'Start'}
        </button>
      </div>
    </Dialog>
  );
}
