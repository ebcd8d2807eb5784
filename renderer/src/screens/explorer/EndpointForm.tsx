// The form of one endpoint, built from the catalog: its fields, the cost quoted before the call (main's
// quote: sends nothing), and Send. Invalid input is explained per field and nothing is sent; a retired
// endpoint's form is shown but cannot be sent.
import { useEffect, useMemo, useState, type FormEvent, type RefObject } from 'react';
import type { Endpoint } from '../../../../shared/api/catalog';
import type { Quote } from '../../../../shared/ipc';
import { feedlens } from '../../api/bridge';
import { checkForm, fieldsOf, initialValues, type CallParams, type FormValues } from './form';
import { ParamField, type FieldState } from './ParamField';
import { valueToSend } from './understand';
import { plural } from '../../format';

/** Main's quote for these params (a fresh answer: as if nothing were cached), asked again a moment after
 *  they change; null while unknown. */
function useQuote(path: string, params: CallParams | null, fresh: boolean): Quote | null {
  const [quote, setQuote] = useState<Quote | null>(null);
  const key = params ? JSON.stringify(params) : null;
  useEffect(() => {
    setQuote(null);
    if (key === null) return;
    let live = true;
    const timer = setTimeout(() => {
      void feedlens()
        .quote({ path, params: JSON.parse(key) as CallParams, ...(fresh ? { refresh: true } : {}) })
        .then((r) => live && setQuote(r.ok ? r.value : null));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [path, key, fresh]);
  return quote;
}

function QuoteLine({ endpoint, quote }: { endpoint: Endpoint; quote: Quote | null }) {
  if (endpoint.status.kind === 'retired') return <span className="muted">Never sent: the service removed this endpoint.</span>;
  if (!quote) return <span className="faint">The cost shows once the form is valid.</span>;
  if (quote.cached) return <span data-testid="quote">In the cache: answered for free, nothing is sent.</span>;
  const units = `${quote.cost} ${plural(quote.cost, 'request', 'requests')}`;
  const after = quote.balance === null ? '' : ` · balance after: ${(quote.balance - quote.cost).toLocaleString()}`;
  return (
    <span data-testid="quote">
      Costs <strong>{units}</strong>
      {quote.needsConfirmation ? ' · asks before spending' : quote.remembered ? ' · confirmed for this session' : ''}
      {after}
    </span>
  );
}

export interface FormProps {
  endpoint: Endpoint;
  initial: Record<string, unknown>;
  busy: boolean;
  /** `fresh`: the service answers even when the cache holds the answer (billed as any call). */
  onSend: (params: CallParams, options: { fresh: boolean }) => void;
  /** Kept up to date with the values typed, for carrying them to a replacement endpoint. */
  valuesRef: RefObject<FormValues>;
}

export function EndpointForm({ endpoint, initial, busy, onSend, valuesRef }: FormProps) {
  const fields = useMemo(() => fieldsOf(endpoint), [endpoint]);
  const [states, setStates] = useState<Record<string, FieldState>>(() =>
    Object.fromEntries(Object.entries(initialValues(endpoint, initial)).map(([name, value]) => [name, { value, read: null }])),
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(Object.keys(initial)));
  const [tried, setTried] = useState(false);
  const [fresh, setFresh] = useState(false);
  // What each field sends: a link typed and not yet read (the cursor still in the field) counts as read.
  const sent = Object.fromEntries(fields.map((f) => [f.spec.name, valueToSend(f.spec, states[f.spec.name]?.value ?? '')]));
  const values: FormValues = Object.fromEntries(Object.entries(states).map(([name, s]) => [name, sent[name]?.value ?? s.value]));
  const check = checkForm(endpoint, values);
  useEffect(() => {
    valuesRef.current = values;
  });
  const quote = useQuote(endpoint.path, check.ok ? check.params : null, fresh);
  const retired = endpoint.status.kind === 'retired';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    // Nothing leaves for a retired endpoint or an invalid form: the fields say what to fix.
    if (retired || busy || !check.ok) return;
    // The fields show what was sent: links read become their values, with the note of what was read.
    setStates((s) => Object.fromEntries(Object.entries(s).map(([name, state]) => [name, sent[name]?.read && !state.read ? { value: sent[name].value, read: sent[name].read } : state])));
    onSend(check.params, { fresh });
  };
  const issueOf = (name: string): string | null => (!check.ok && (tried || touched.has(name)) ? (check.issues[name] ?? null) : null);
  const hidden = !check.ok && tried ? Object.keys(check.issues).filter((name) => !fields.some((f) => f.spec.name === name)) : [];

  return (
    <form className="explorer-form" onSubmit={submit} noValidate aria-label={`Parameters of ${endpoint.path}`} data-testid="endpoint-form" data-path={endpoint.path}>
      {fields.length === 0 ? (
        <div className="muted">This endpoint takes no parameters.</div>
      ) : (
        <div className="explorer-fields">
          {fields.map((field) => (
            <ParamField
              key={field.spec.name}
              field={field}
              state={states[field.spec.name] ?? { value: '', read: null }}
              issue={issueOf(field.spec.name)}
              onChange={(state) => {
                setStates((s) => ({ ...s, [field.spec.name]: state }));
                setTouched((t) => (state.value.trim() !== '' && !t.has(field.spec.name) ? new Set([...t, field.spec.name]) : t));
              }}
            />
          ))}
        </div>
      )}
      {hidden.length > 0 && !check.ok && (
        <div className="field-error" role="alert">
          {hidden.map((name) => check.issues[name]).join(' ')}
        </div>
      )}
      <div className="explorer-send">
        <QuoteLine endpoint={endpoint} quote={quote} />
        <span className="spacer" />
        {!retired && (
          <label className="explorer-fresh" title="Asks the service again even when the cache holds this answer; billed as any call">
            <input type="checkbox" checked={fresh} onChange={(e) => setFresh(e.target.checked)} data-testid="explorer-fresh" />
            Fresh answer (skip the cache)
          </label>
        )}
        {!retired && (
          // Pressing the button leaves the focus in the field: reading a link on leaving it would move the
          // form under the pointer and lose the click (the first Send after a link did nothing).
          <button type="submit" className="btn primary" disabled={busy} onMouseDown={(e) => e.preventDefault()} data-testid="explorer-send">
            {busy ? 'Sending…' : 'Send'}
          </button>
        )}
      </div>
      {tried && !check.ok && (
        <div className="muted" role="status" data-testid="explorer-not-sent">
          Nothing was sent: fix the fields marked above.
        </div>
      )}
    </form>
  );
}
