// Requests left, money left and rate; amber below the low-balance threshold, red below a fifth of it.
// Updated after every paid call (main pushes the balance). Opens the request log. In demo mode it says
// so and shows no money: the simulator's answers bill nothing.
import { navigate } from '../state/navigation';
import { useAppState } from '../state/app';

export function balanceLevel(requests: number, threshold: number): 'ok' | 'amber' | 'red' {
  if (requests <= Math.floor(threshold / 5)) return 'red';
  if (requests < threshold) return 'amber';
  return 'ok';
}

// Formatters by currency and precision, built once: the balance is shown again after every paid call.
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency: string): string {
  const digits = amount < 1 ? 4 : 2;
  try {
    let format = moneyFormats.get(`${currency}:${digits}`);
    if (!format) {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: digits });
      moneyFormats.set(`${currency}:${digits}`, format);
    }
    return format.format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export function BalanceIndicator() {
  const balance = useAppState((s) => s.balance);
  const threshold = useAppState((s) => s.settings?.lowBalanceThreshold ?? 100);
  const demo = useAppState((s) => s.mode?.mode === 'demo');
  if (demo) {
    return (
      <button
        className="balance demo"
        data-testid="balance"
        data-demo=""
        // The simulator's own count, for tests and the curious: not money, and never billed.
        data-requests={balance?.requests ?? ''}
        onClick={() => navigate({ name: 'log' })}
        title="Demo mode: answers come from the built-in simulator; nothing leaves this computer and nothing is billed. Open the request log."
        aria-label="Demo · nothing is billed. Open the request log."
      >
        <span className="badge demo" data-testid="demo-badge">
          Demo
        </span>{' '}
        <span>· nothing is billed</span>
      </button>
    );
  }
  if (!balance) {
    return (
      <button className="balance" onClick={() => navigate({ name: 'log' })} title="Balance not known yet. Open the request log.">
        <span className="dot" style={{ background: 'var(--fg-faint)' }} />
        Balance…
      </button>
    );
  }
  const level = balanceLevel(balance.requests, threshold);
  return (
    <button
      className={`balance ${level === 'ok' ? '' : level}`}
      data-testid="balance"
      data-level={level}
      onClick={() => navigate({ name: 'log' })}
      title={`${balance.requests.toLocaleString()} requests left, ${formatMoney(balance.amount, balance.currency)}, up to ${balance.rate} requests per second. Open the request log.`}
      aria-label={`Balance: ${balance.requests} requests left. Open the request log.`}
    >
      <span className="dot" />
      <strong data-testid="balance-requests">{balance.requests.toLocaleString()}</strong>
      <span className="muted">requests</span>
      <span>{formatMoney(balance.amount, balance.currency)}</span>
      <span className="faint">{balance.rate}/s</span>
    </button>
  );
}
