// Tabs with their cost shown before opening when a tab's call bills 2 requests or more.
import type { KeyboardEvent } from 'react';
import { costOf, findEndpoint } from '../../../shared/api/catalog';

export interface TabSpec<K extends string> {
  key: K;
  label: string;
  /** The endpoint and params the tab calls, for its cost badge. */
  call?: { path: string; params: Record<string, unknown> };
  count?: number | null;
}

/** Units a call bills, from the catalog (0 when unknown). */
export function callCost(path: string, params: Record<string, unknown> = {}): number {
  const endpoint = findEndpoint(path);
  return endpoint ? costOf(endpoint, params) : 0;
}

export function CostBadge({ path, params }: { path: string; params?: Record<string, unknown> }) {
  const cost = callCost(path, params);
  if (cost < 2) return null;
  return (
    <span className="badge cost" title={`Each call bills ${cost} requests; you will be asked first.`} data-testid="cost-badge">
      {cost} requests
    </span>
  );
}

export function Tabs<K extends string>({ tabs, active, onChange, label }: { tabs: TabSpec<K>[]; active: K; onChange: (key: K) => void; label: string }) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.metaKey || e.ctrlKey) return; // Alt+← is back, not the tab before
    const i = tabs.findIndex((t) => t.key === active);
    const next = e.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : e.key === 'ArrowLeft' ? tabs[(i - 1 + tabs.length) % tabs.length] : undefined;
    if (next) {
      e.preventDefault();
      onChange(next.key);
    }
  };
  return (
    <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <button key={t.key} role="tab" className="tab" aria-selected={t.key === active} tabIndex={t.key === active ? 0 : -1} onClick={() => onChange(t.key)} data-testid={`tab-${t.key}`}>
          {t.label}
          {t.count !== undefined && t.count !== null && <span className="faint">{t.count.toLocaleString()}</span>}
          {t.call && <CostBadge path={t.call.path} params={t.call.params} />}
        </button>
      ))}
    </div>
  );
}
