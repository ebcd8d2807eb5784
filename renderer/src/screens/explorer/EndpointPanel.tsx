// One endpoint in the Explorer: what it is (path, summary, family, cost, status), a warning for a
// deprecated one and a refusal for a retired one (both naming the replacements, which open here with
// the values typed so far), its form, and the answer.
import { useRef } from 'react';
import type { Endpoint } from '../../../../shared/api/catalog';
import { navigate } from '../../state/navigation';
import { CostBadge, PathText, StatusBadge } from './EndpointList';
import { AnswerView } from './AnswerView';
import { FAMILY_LABELS } from './catalogList';
import { EndpointForm } from './EndpointForm';
import type { FormValues } from './form';
import { useExplorerRun } from './useExplorerRun';

function Replacements({ endpoint, valuesOf }: { endpoint: Endpoint; valuesOf: () => FormValues }) {
  const { status } = endpoint;
  if (status.kind === 'active') return null;
  const retired = status.kind === 'retired';
  const open = (path: string) => {
    const params = Object.fromEntries(Object.entries(valuesOf()).filter(([, v]) => v.trim() !== ''));
    navigate({ name: 'explorer', path, params });
  };
  return (
    <div className={`notice ${retired ? 'explorer-retired' : 'warn'}`} role={retired ? 'alert' : 'note'} data-testid={retired ? 'retired-notice' : 'deprecated-notice'}>
      <strong>{retired ? 'Retired: the service removed this endpoint.' : 'Deprecated: the service may stop answering it.'}</strong>{' '}
      {retired ? 'It answers 410 Gone, so Feedlens never calls it.' : status.note ? `${status.note[0]?.toUpperCase()}${status.note.slice(1)}.` : 'It still answers, for now.'}
      {status.replacements.length > 0 ? (
        <div className="explorer-replacements">
          Use instead:
          {status.replacements.map((path) => (
            <button key={path} type="button" className="btn small" onClick={() => open(path)} data-testid="open-replacement" data-path={path}>
              Open {path}
            </button>
          ))}
        </div>
      ) : (
        <div className="muted">The service names no replacement.</div>
      )}
    </div>
  );
}

export function EndpointPanel({ endpoint, initial }: { endpoint: Endpoint; initial: Record<string, unknown> }) {
  const { run, send, nextPage, canNext, retry, ended } = useExplorerRun(endpoint);
  const values = useRef<FormValues>({});
  return (
    <section className="explorer-endpoint" aria-label={endpoint.path} data-testid="endpoint-panel" data-path={endpoint.path}>
      <header className="explorer-endpoint-head">
        <h2 className="mono">
          <PathText path={endpoint.path} />
        </h2>
        <div className="explorer-endpoint-facts">
          <span>{endpoint.summary}</span>
          <span className="badge">{FAMILY_LABELS[endpoint.family]}</span>
          <CostBadge endpoint={endpoint} />
          <StatusBadge endpoint={endpoint} />
          {endpoint.paging && <span className="badge" title="Pages through the shared pager">pages: {Object.keys(endpoint.paging.cursor).join(' + ')}</span>}
        </div>
      </header>
      <Replacements endpoint={endpoint} valuesOf={() => values.current} />
      <EndpointForm endpoint={endpoint} initial={initial} busy={!!run?.pending} onSend={send} valuesRef={values} />
      {run && <AnswerView endpoint={endpoint} run={run} canNext={canNext} ended={ended} onNext={nextPage} onRetry={retry} />}
    </section>
  );
}
