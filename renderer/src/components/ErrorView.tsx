// Errors that say what happened and what to do. Every screen shows service errors through this.
import { useEffect, useState } from 'react';
import type { AppError } from '../../../shared/api/errors';
import { appErrorOf } from '../api/bridge';
import { openExternal } from './ExternalLink';

const TITLES: Record<AppError['kind'], string> = {
  auth: 'The access key was refused',
  payment: 'Out of balance',
  private: 'This account is private',
  comments_disabled: 'Comments are turned off',
  not_found: 'Not found',
  validation: 'Check the input',
  rate_limited: 'Too many requests',
  retired: 'This feature was removed by the service',
  blocked: 'The service refused the request',
  upstream: 'The service is failing',
  network: 'Offline or unreachable',
  timeout: 'The service did not answer in time',
  bad_response: 'The service answered something unreadable',
  cancelled: 'Cancelled',
  confirmation_required: 'Confirmation needed',
  over_balance: 'Not enough balance',
  internal: 'Something went wrong',
};

export function errorTitle(error: AppError): string {
  return TITLES[error.kind] ?? 'Something went wrong';
}

/** Counts down a rate-limit wait, then retries by itself. */
function useCountdown(ms: number | undefined, onDone: (() => void) | undefined): number | null {
  const [left, setLeft] = useState<number | null>(ms && onDone ? Math.ceil(ms / 1000) : null);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      onDone?.();
      return;
    }
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [left, onDone]);
  return left;
}

export function ErrorView({ error, onRetry, compact }: { error: unknown; onRetry?: () => void; compact?: boolean }) {
  const e = appErrorOf(error);
  const countdown = useCountdown(e.kind === 'rate_limited' ? (e.retryAfterMs ?? 2000) : undefined, onRetry);
  return (
    <div className="error-box" role="alert" data-error-kind={e.kind} style={compact ? { padding: '8px 10px' } : undefined}>
      <h3>{errorTitle(e)}</h3>
      <div>{e.message}</div>
      {e.kind === 'retired' && e.replacements && e.replacements.length > 0 && (
        <div className="muted">Replacement: {e.replacements.map((r) => <code key={r}>{r} </code>)}</div>
      )}
      <div className="row" style={{ marginTop: 8 }}>
        {(e.kind === 'payment' || e.kind === 'over_balance') && (
          <button className="btn small primary" onClick={() => openExternal(e.topUpUrl ?? 'https://hikerapi.com/billing')}>
            Top up balance
          </button>
        )}
        {countdown !== null && <span className="muted">Retrying in {countdown} s…</span>}
        {onRetry && (e.retryable || e.kind === 'cancelled') && countdown === null && (
          <button className="btn small" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}
