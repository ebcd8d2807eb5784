// The access key section: status only (where it is kept, its last 4 characters, the address it belongs
// to); test, replace or remove it. The key itself never reaches the renderer.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { BalanceState } from '../../../../shared/ipc';
import { appErrorOf, feedlens, unwrap } from '../../api/bridge';
import { formatMoney } from '../../components/BalanceIndicator';
import { errorTitle } from '../../components/ErrorView';
import { useAppState } from '../../state/app';
import { KeyForm } from '../Onboarding';
import { Section } from './parts';

export function KeySection() {
  const key = useAppState((s) => s.key);
  const [editing, setEditing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const testing = useMutation({ mutationFn: async () => unwrap(await feedlens().keyTest({})) });
  const removing = useMutation({
    mutationFn: async () => unwrap(await feedlens().keyClear({})),
    onSuccess: async (status) => {
      useAppState.setState({ key: status });
      const mode = await feedlens().modeGet({});
      if (mode.ok) useAppState.setState({ mode: mode.value });
      setConfirmRemove(false);
      testing.reset();
    },
  });
  const failedTest = testing.error ? appErrorOf(testing.error) : null;
  const test: { busy: boolean; balance?: BalanceState; error?: string } | null = testing.isIdle
    ? null
    : { busy: testing.isPending, ...(testing.data ? { balance: testing.data } : {}), ...(failedTest ? { error: `${errorTitle(failedTest)}: ${failedTest.message}` } : {}) };
  const removeError = removing.error ? appErrorOf(removing.error).message : null;
  if (!key) return null;

  const testKey = () => testing.mutate();
  const removeKey = () => removing.mutate();

  return (
    <Section id="key" title="Access key" description="The key of your data-service account. It stays in the main process and is never displayed.">
      <dl className="settings-facts">
        <dt>Status</dt>
        <dd data-testid="key-status">
          {key.present ? (
            <>
              <span className="badge ok">Stored</span> ends in <span className="mono" data-testid="key-last4">••••{key.last4 ?? ''}</span>
            </>
          ) : (
            <span className="badge">No key</span>
          )}
        </dd>
        <dt>Kept in</dt>
        <dd data-testid="key-backend-name">{key.backendName}</dd>
        <dt>For</dt>
        <dd className="mono" data-testid="key-origin">
          {key.origin}
        </dd>
      </dl>
      {key.degraded && key.degradedReason && (
        <div className="notice warn" role="note" data-testid="key-degraded">
          {key.degradedReason}
        </div>
      )}
      {test?.balance && (
        <div className="notice ok" role="status" data-testid="key-test-result">
          The key works: <strong>{test.balance.requests.toLocaleString()}</strong> requests left, {formatMoney(test.balance.amount, test.balance.currency)}, up to{' '}
          {test.balance.rate} requests per second.
        </div>
      )}
      {test?.error && (
        <div className="field-error" role="alert" data-testid="key-test-error">
          {test.error}
        </div>
      )}
      {editing || !key.present ? (
        <div className="settings-key-form">
          <KeyForm submitLabel={key.present ? 'Check and replace key' : 'Check and save key'} onDone={() => setEditing(false)} autoFocus={editing} showStore={false} />
          {editing && (
            <button type="button" className="btn ghost" onClick={() => setEditing(false)}>
              Cancel
            </button>
          )}
        </div>
      ) : confirmRemove ? (
        <div className="notice warn row" role="alertdialog" aria-label="Remove the key?">
          <span>Remove the key from {key.backendName}? Feedlens switches to demo mode until you enter one again.</span>
          <span className="spacer" />
          <button type="button" className="btn danger" onClick={removeKey} data-testid="key-remove-confirm">
            Remove key
          </button>
          <button type="button" className="btn" onClick={() => setConfirmRemove(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="row">
          <button type="button" className="btn" onClick={testKey} disabled={test?.busy} data-testid="key-test" title="Asks the service for the balance: a free call">
            {test?.busy ? 'Testing…' : 'Test key'}
          </button>
          <button type="button" className="btn" onClick={() => setEditing(true)} data-testid="key-replace">
            Replace key
          </button>
          <button type="button" className="btn danger" onClick={() => setConfirmRemove(true)} data-testid="key-remove">
            Remove key
          </button>
        </div>
      )}
      {removeError && (
        <div className="field-error" role="alert">
          {removeError}
        </div>
      )}
    </Section>
  );
}
