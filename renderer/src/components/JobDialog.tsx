// Starting a bulk collection job: what it would take (main's estimate: items, requests, units, money and
// how they were found, likely and at most), a budget cap (by default the upper bound rounded up), where the items go, and a
// confirmation that states the most it may spend. Main refuses to start without that budget confirmed.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { JobEstimate, JobInfo, JobSpec } from '../../../shared/ipc';
import { appErrorOf, feedlens, unwrap } from '../api/bridge';
import { useMainAction } from '../api/useMainAction';
import { plural } from '../format';
import { useDebounced } from '../hooks/useDebounced';
import { useAppState } from '../state/app';
import { navigate } from '../state/navigation';
import { Dialog } from './Dialog';
import { ErrorView } from './ErrorView';
import { Icon } from './Icon';
import {
  DEFAULT_LIMIT, ITEM_NOUNS, UNKNOWN_SIZE_BUDGET, asksLimit, formatMoney, jobTitle, moneyFor, suggestedBudget, type JobDraft, type JobKind,
} from './jobPlan';

type Destination = JobSpec['then'];

const ACCOUNT_JOBS: ReadonlySet<JobKind> = new Set(['followers', 'following']);

/** Where the items can go when the job ends; comments have no media to save. */
/** "1 request", "6 requests". */
const requestWords = (n: number) => `${n.toLocaleString()} ${plural(n, 'request', 'requests')}`;

function destinations(kind: JobKind): { key: Destination; label: string; hint: string }[] {
  const library = ACCOUNT_JOBS.has(kind)
    ? { key: 'library' as const, label: 'Save their profile pictures to the library', hint: 'Each account’s picture goes to the download queue, with its sidecar.' }
    : { key: 'library' as const, label: 'Save their media to the library', hint: 'Each item’s photos and videos go to the download queue, with their sidecars.' };
  return [
    { key: 'none', label: 'Keep the items', hint: 'In the database of the study “Ad-hoc collections” (each job is one of its runs), ready to export.' },
    ...(kind === 'comments' ? [] : [library]),
    { key: 'export', label: 'Export a file when done', hint: 'The items are written as an export in the exports folder.' },
  ];
}

/** A button that opens the job dialog for one list ("Collect all followers"). */
export function CollectButton({ draft, children }: { draft: JobDraft; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn small"
        onClick={() => setOpen(true)}
        title="Collect the whole list in the background, page after page, within a budget you set (estimate first)"
        data-testid={`collect-${draft.kind}`}
      >
        <Icon name="layers" size={13} /> {children}
      </button>
      {open && <JobDialog draft={draft} onClose={() => setOpen(false)} />}
    </>
  );
}

function whole(text: string): number | null {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= 1 ? n : null;
}

export function JobDialog({ draft, onClose }: { draft: JobDraft; onClose: () => void }) {
  const balance = useAppState((s) => s.balance);
  // Demo mode bills nothing: no money, no balance, said as such.
  const demo = useAppState((s) => s.mode?.mode === 'demo');
  const [limitText, setLimitText] = useState(asksLimit(draft.kind) ? String(DEFAULT_LIMIT) : '');
  const [withReplies, setWithReplies] = useState(true);
  const [budgetText, setBudgetText] = useState('');
  const [budgetTouched, setBudgetTouched] = useState(false);
  const [then, setThen] = useState<Destination>('none');
  const starter = useMainAction([['jobs']]);
  const starting = starter.busy;
  const [started, setStarted] = useState<JobInfo | null>(null);

  const limit = asksLimit(draft.kind) ? whole(limitText) : null;
  const budget = whole(budgetText);
  const nouns = ITEM_NOUNS[draft.kind];
  const title = jobTitle({ kind: draft.kind, label: draft.label, limit: limit ?? undefined, withReplies });

  const specWith = (units: number): JobSpec => ({
    kind: draft.kind,
    target: draft.target,
    label: draft.label,
    ...(draft.knownCount !== undefined ? { knownCount: draft.knownCount } : {}),
    ...(limit !== null ? { limit } : {}),
    budget: units,
    then,
    withReplies,
  });
  // The estimate sends nothing; it is asked again when the limit, the replies or the budget change.
  const limitMissing = asksLimit(draft.kind) && limit === null;
  const wanted = limitMissing ? null : JSON.stringify(specWith(budget ?? UNKNOWN_SIZE_BUDGET));
  const asked = useDebounced(wanted, 150);
  const estimateQuery = useQuery({
    queryKey: ['job-estimate', asked],
    queryFn: async () => unwrap(await feedlens().jobEstimate({ spec: JSON.parse(asked!) as JobSpec })),
    enabled: asked !== null,
    staleTime: 0,
    placeholderData: (previous: JobEstimate | undefined) => previous,
  });
  const estimate = estimateQuery.data ?? null;
  const estimating = asked !== wanted || estimateQuery.isFetching;
  // Until the user types a budget, it is the estimate's suggestion.
  useEffect(() => {
    if (estimate && !budgetTouched) setBudgetText(String(suggestedBudget(estimate)));
  }, [estimate, budgetTouched]);
  const error = starter.error ?? (estimateQuery.error ? appErrorOf(estimateQuery.error) : null);

  const start = async () => {
    if (budget === null) return;
    // Main asks the user to confirm the budget in its own window; declining spends nothing.
    const result = await starter.run(() => feedlens().jobStart({ spec: specWith(budget) }));
    if (result.ok) setStarted(result.value);
  };

  const maxMoney = budget === null || demo ? null : moneyFor(budget, balance);
  const currency = estimate?.currency ?? balance?.currency ?? null;
  const canStart = budget !== null && !limitMissing && !starting && estimate !== null;

  return (
    <Dialog title={title} onClose={onClose} busy={starting} className="sel-dialog" testId="job-dialog">
      {started ? (
        <JobStarted info={started} onClose={onClose} />
      ) : (
        <>
          <div className="muted sel-dialog-sub">Collected in the background, page after page. A job survives a restart and can be paused or cancelled.</div>
          {asksLimit(draft.kind) && (
            <label className="sel-field">
              <span className="sel-field-label">How many recent posts</span>
              <span className="row">
                <input type="number" min={1} max={1_000_000} step={1} value={limitText} onChange={(e) => setLimitText(e.target.value)} className="sel-number" data-testid="job-limit" />
                <span className="muted">the newest first</span>
              </span>
              {limitMissing && <span className="field-error">Enter a whole number of posts, 1 or more.</span>}
            </label>
          )}
          {draft.kind === 'comments' && (
            <label className="checkbox">
              <input type="checkbox" checked={withReplies} onChange={(e) => setWithReplies(e.target.checked)} data-testid="job-replies" />
              Include the replies to each comment
            </label>
          )}

          <EstimateView estimate={estimate} stale={estimating} nouns={nouns} />

          <label className="sel-field">
            <span className="sel-field-label">Budget cap</span>
            <span className="row">
              <input
                type="number"
                min={1}
                step={1}
                value={budgetText}
                onChange={(e) => {
                  setBudgetTouched(true);
                  setBudgetText(e.target.value);
                }}
                className="sel-number"
                aria-describedby="job-budget-hint"
                data-testid="job-budget"
              />
              <span className="muted">requests{maxMoney !== null ? ` · at most ${formatMoney(maxMoney, currency)}` : ''}</span>
            </span>
            <span className="field-hint" id="job-budget-hint">
              The job stops before a page would take it past this. Suggested: the estimate’s upper bound, rounded up.
            </span>
            {budget === null && budgetText !== '' && <span className="field-error">Enter a whole number of requests, 1 or more.</span>}
          </label>

          <fieldset className="sel-radios">
            <legend className="sel-field-label">When it ends</legend>
            {destinations(draft.kind).map((d) => (
              <label key={d.key} className="sel-radio">
                <input type="radio" name="job-then" checked={then === d.key} onChange={() => setThen(d.key)} data-testid={`job-then-${d.key}`} />
                <span>
                  {d.label}
                  <span className="field-hint">{d.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>

          {budget !== null && (
            <div className="sel-confirm" data-testid="job-confirm-text">
              Feedlens will spend <strong>at most {requestWords(budget)}</strong>
              {maxMoney !== null ? <> (about {formatMoney(maxMoney, currency)})</> : null} on this job
              {demo ? '; in demo mode they are simulated and nothing is billed' : balance ? `; your balance is ${balance.requests.toLocaleString()} requests` : ''}. Nothing is spent until you start it.
            </div>
          )}
          {error && <ErrorView error={error} compact />}
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onClose} disabled={starting} data-testid="job-cancel" data-autofocus>
              Cancel
            </button>
            <button type="button" className="btn primary" onClick={() => void start()} disabled={!canStart} data-testid="job-start">
              {starting ? 'Starting…' : budget !== null ? `Spend up to ${requestWords(budget)}` : 'Start'}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

function EstimateView({ estimate, stale, nouns }: { estimate: JobEstimate | null; stale: boolean; nouns: readonly [string, string] }) {
  if (!estimate) {
    return (
      <div className="sel-estimate" aria-busy="true">
        <span className="spinner small" aria-hidden /> Estimating (nothing is sent)…
      </div>
    );
  }
  const money = estimate.money !== null ? formatMoney(estimate.money, estimate.currency) : null;
  return (
    <div className={`sel-estimate${stale ? ' stale' : ''}`} data-testid="job-estimate" data-units={estimate.units} data-upper={estimate.upperUnits} data-pages={estimate.pages} data-items={estimate.items ?? ''}>
      <dl className="sel-figures">
        <div>
          <dt>{nouns[1]}</dt>
          <dd>{estimate.items === null ? 'unknown' : `about ${estimate.items.toLocaleString()}`}</dd>
        </div>
        <div>
          <dt>requests</dt>
          <dd>{`about ${estimate.pages.toLocaleString()}`}</dd>
        </div>
        <div>
          <dt>cost</dt>
          <dd>
            {requestWords(estimate.units)}{money ? ` · ${money}` : ''}
          </dd>
        </div>
        <div>
          <dt>at most</dt>
          <dd data-testid="job-estimate-upper">{requestWords(estimate.upperUnits)}</dd>
        </div>
      </dl>
      <p className="field-hint sel-basis">{estimate.basis}</p>
    </div>
  );
}

function JobStarted({ info, onClose }: { info: JobInfo; onClose: () => void }) {
  const open = () => {
    onClose();
    navigate({ name: 'downloads' });
  };
  return (
    <>
      <div className="sel-result" data-testid="job-started" data-job-id={info.id}>
        <div className="row">
          <Icon name="check" size={16} className="sel-ok" />
          <strong>The job is running</strong>
        </div>
        <div className="muted">
          It collects in the background within its budget of {requestWords(info.spec.budget)}. Follow it, pause or cancel it under Downloads ›
          Collection jobs.
        </div>
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn primary" onClick={open} data-testid="job-open-panel">
          Open the jobs
        </button>
      </div>
    </>
  );
}
