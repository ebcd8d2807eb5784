// "Still there?": re-checks saved items by id, for the whole study, one target or rows of the browser.
// The cost is quoted first (nothing sent); starting asks main, which shows its own question with that
// cost: the renderer never confirms a spend. Each check then shows, live, how many items are online,
// gone, private or unknown, and can be paused, resumed or cancelled.
import type { CheckInfo, CheckScopeInput } from '../../../../shared/ipc/study-data';
import { feedlens } from '../../api/bridge';
import { formatMoney } from '../../components/BalanceIndicator';
import { ErrorView } from '../../components/ErrorView';
import { useStudyAction } from './actions';
import { Moment } from './ChangesTab';
import { Dialog } from './Dialog';
import { requestCount } from './format';
import { studyKeys, useMainQuery } from './queries';

const CHECK_STATE_WORDS: Record<CheckInfo['state'], string> = { running: 'Checking', paused: 'Paused', done: 'Done', stopped: 'Stopped', failed: 'Stopped by an error', cancelled: 'Cancelled' };
const KIND_NOUNS: Record<string, [string, string]> = { post: ['post', 'posts'], story: ['story', 'stories'], user: ['account', 'accounts'] };
const plural = (n: number, [one, many]: [string, string]) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Quotes a re-check of `scope`, then starts it when the user goes on (main asks before anything is sent). */
export function CheckDialog({ studyId, scope, label, onClose, onStarted }: { studyId: string; scope: CheckScopeInput; label: string; onClose: () => void; onStarted: () => void }) {
  const { data: quote, error: quoteError } = useMainQuery(studyKeys.checkQuote(studyId, scope), () => feedlens().studyCheckQuote({ id: studyId, scope }));
  const { run, busy, error: startError, declined } = useStudyAction(studyId);
  const error = quoteError ?? startError;
  const start = async () => {
    if (!(await run(() => feedlens().studyCheckStart({ id: studyId, scope }))).ok) return;
    onStarted();
    onClose();
  };
  return (
    <Dialog title={`Still there? ${label}`} onClose={onClose} busy={busy} testId="check-dialog">
      <p className="muted">Each item is asked for again by its id and marked online, gone (deleted or unavailable), private or unknown. Gone items stay in the study as they were last seen.</p>
      {!quote && !error && <div className="spinner" aria-label="Counting the items" />}
      {quote && (
        <dl className="check-quote" data-testid="check-quote" data-items={quote.items} data-units={quote.units}>
          <div>
            <dt>items</dt>
            <dd>{Object.entries(quote.byKind).map(([k, n]) => plural(n, KIND_NOUNS[k] ?? [k, k])).join(', ') || 'none'}</dd>
          </div>
          <div>
            <dt>cost</dt>
            <dd>
              <span className="badge cost" data-testid="check-cost">
                {requestCount(quote.units)}
              </span>{' '}
              {quote.money !== null && quote.currency ? <span className="muted">about {formatMoney(quote.money, quote.currency)}</span> : null}
            </dd>
          </div>
          {quote.skipped > 0 && (
            <div>
              <dt>left out</dt>
              <dd className="muted">{quote.skipped.toLocaleString()} comments and other records cannot be re-checked by id</dd>
            </div>
          )}
        </dl>
      )}
      {error && <ErrorView error={error} compact />}
      {declined && <div className="muted">{declined}</div>}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy} data-autofocus>
          Cancel
        </button>
        <button type="button" className="btn primary" onClick={() => void start()} disabled={busy || !quote || quote.items === 0} data-testid="check-start">
          {busy ? 'Waiting for your answer…' : quote ? `Re-check ${plural(quote.items, ['item', 'items'])}…` : 'Re-check…'}
        </button>
      </div>
    </Dialog>
  );
}

function Count({ n, label, kind }: { n: number; label: string; kind: string }) {
  return (
    <span className={`status-badge ${kind}`} data-testid={`check-${kind}`} data-count={n}>
      {n.toLocaleString()} {label}
    </span>
  );
}

/** The study's re-checks, newest first, live. */
export function ChecksList({ studyId, checks }: { studyId: string; checks: CheckInfo[] }) {
  const { run, error } = useStudyAction(studyId);
  if (checks.length === 0) return null;
  const act = (checkId: number, action: 'pause' | 'resume' | 'cancel') => run(() => feedlens().studyCheckControl({ id: studyId, checkId, action }));
  return (
    <section className="checks" aria-label="Re-checks" data-testid="checks">
      {checks.slice(0, 5).map((c) => (
        <div key={c.id} className="check-row" data-testid="check-row" data-state={c.state} data-gone={c.gone} data-units={c.unitsSpent} data-checked={c.checked}>
          <strong>Still there? #{c.id}</strong>
          <span className="muted">{c.label}</span>
          <span className={`badge job-state ${c.state}`}>{CHECK_STATE_WORDS[c.state]}</span>
          <span className="muted">
            {c.checked.toLocaleString()} of {c.items.toLocaleString()} · {requestCount(c.unitsSpent)}
          </span>
          <Count n={c.online} label="online" kind="online" />
          <Count n={c.gone} label="gone" kind="gone" />
          <Count n={c.private} label="private" kind="private" />
          <Count n={c.unknown} label="unknown" kind="unknown" />
          <span className="faint">
            <Moment ms={c.finishedAt ?? c.updatedAt} />
          </span>
          <span className="spacer" />
          {c.state === 'running' && (
            <button type="button" className="btn small" onClick={() => void act(c.id, 'pause')}>
              Pause
            </button>
          )}
          {c.state === 'paused' && (
            <button type="button" className="btn small" onClick={() => void act(c.id, 'resume')}>
              Resume
            </button>
          )}
          {(c.state === 'running' || c.state === 'paused') && (
            <button type="button" className="btn small ghost" onClick={() => void act(c.id, 'cancel')}>
              Cancel
            </button>
          )}
          {c.message && <div className="faint check-message">{c.message}</div>}
        </div>
      ))}
      {error && <ErrorView error={error} compact />}
    </section>
  );
}
