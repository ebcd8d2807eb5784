// Where requests go and where files go. Both are chosen in main's own dialogs: the service address
// through main's confirmation (production is the default; another address is for a proxy or a local
// simulator and gets no key until one is entered for it), the download folder through main's folder
// picker. The renderer only asks main to show them.
import { useState } from 'react';
import { feedlens } from '../../api/bridge';
import { useMainAction } from '../../api/useMainAction';
import { useAppState } from '../../state/app';
import { Section } from './parts';

export function ServiceSection() {
  const key = useAppState((s) => s.key);
  const info = useAppState((s) => s.info);
  const [other, setOther] = useState('');
  const [open, setOpen] = useState(false);
  const { run, busy, error: failure, declined } = useMainAction();
  if (!key || !info) return null;
  const production = key.origin === info.productionOrigin;
  // A declined switch says so too ("was not changed").
  const error = failure ? (failure.issues?.[0]?.message ?? failure.message) : declined;

  async function use(origin: string) {
    const api = feedlens();
    const result = await run(() => api.serviceOriginSet({ origin }));
    if (!result.ok) return;
    const [status, settings] = await Promise.all([api.keyStatus({}), api.settingsGet({})]);
    useAppState.setState({ mode: result.value, ...(status.ok ? { key: status.value } : {}) });
    if (settings.ok) useAppState.getState().setSettings(settings.value);
    setOpen(false);
    setOther('');
  }

  return (
    <Section id="service" title="Service" description="Where live mode sends its requests. Demo mode ignores it.">
      <dl className="settings-facts">
        <dt>Address</dt>
        <dd data-testid="service-origin">
          <span className="mono">{key.origin}</span> {production ? <span className="badge ok">Production</span> : <span className="badge warn">Not the production service</span>}
        </dd>
      </dl>
      {!production && (
        <div className="row">
          <button type="button" className="btn" disabled={busy} onClick={() => void use(info.productionOrigin)} data-testid="service-production">
            Back to {info.productionOrigin}
          </button>
        </div>
      )}
      <details className="settings-advanced" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
        <summary>Use another address (a proxy or a local simulator)</summary>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (other.trim()) void use(other.trim());
          }}
        >
          <input type="url" value={other} placeholder="https://proxy.example.org" onChange={(e) => setOther(e.target.value)} spellCheck={false} aria-label="Other service address" data-testid="service-other" />
          <button type="submit" className="btn" disabled={busy || !other.trim()} data-testid="service-other-use">
            Use this address…
          </button>
        </form>
        <div className="field-hint">
          https only (http for a service on this computer). Feedlens asks you in its own window before switching, and your key stays with the address it was
          stored for: the new address needs its own key.
        </div>
      </details>
      {error && (
        <div className="field-error" role="alert" data-testid="service-error">
          {error}
        </div>
      )}
    </Section>
  );
}

/** The download folder: shown, changed only through main's folder picker. */
export function DownloadFolder() {
  const info = useAppState((s) => s.info);
  const settings = useAppState((s) => s.settings);
  const action = useMainAction();
  if (!info || !settings) return null;
  const error = action.error ? (action.error.issues?.[0]?.message ?? action.error.message) : null;

  async function run(name: 'downloadFolderChoose' | 'downloadFolderReset') {
    const api = feedlens();
    const result = await action.run(() => api[name]({}));
    if (!result.ok) return;
    useAppState.setState({ info: result.value });
    const saved = await api.settingsGet({});
    if (saved.ok) useAppState.setState({ settings: saved.value });
  }

  return (
    <div className="settings-field">
      <span className="settings-label">Download folder</span>
      <div className="row">
        <span className="mono settings-path" data-testid="download-folder">
          {info.downloadFolder}
        </span>
        <span className="spacer" />
        <button type="button" className="btn" onClick={() => void run('downloadFolderChoose')} data-testid="download-folder-choose">
          Choose folder…
        </button>
        {settings.downloadFolder !== '' && (
          <button type="button" className="btn ghost" onClick={() => void run('downloadFolderReset')} data-testid="download-folder-reset">
            Use the default
          </button>
        )}
      </div>
      <div className="field-hint">{settings.downloadFolder === '' ? 'The default: the Feedlens folder in your Downloads folder.' : 'Chosen by you.'}</div>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
