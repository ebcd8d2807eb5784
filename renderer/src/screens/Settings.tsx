// Settings: the access key (status only: backend, last 4 characters; replace, test, remove), demo or live
// mode, the service address, downloads, cache, confirmations, low-balance warning and theme. Everything
// is saved by main (settingsSet, validated with zod); refused values are explained under their field.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { DEFAULT_FILENAME_TEMPLATE, PRODUCTION_BASE_URL, type Settings } from '../../../shared/settings';
import type { BalanceState } from '../../../shared/ipc';
import { appErrorOf, feedlens } from '../api/bridge';
import { formatMoney } from '../components/BalanceIndicator';
import { errorTitle } from '../components/ErrorView';
import { useAppState } from '../state/app';
import { KeyForm } from './Onboarding';
import {
  FILENAME_TOKENS, draftOf, fieldErrorsOf, isDirty, patchFromDraft, templateProblem, type Draft, type FieldErrors, type FormField,
} from './settings/form';
import '../styles/settings.css';

export function SettingsScreen() {
  const settings = useAppState((s) => s.settings);
  return (
    <div className="page settings-page">
      <div className="page-header">
        <h1>Settings</h1>
      </div>
      {settings ? (
        <>
          <KeySection />
          <ModeSection />
          <AppearanceSection theme={settings.theme} />
          <SettingsForm saved={settings} />
        </>
      ) : (
        <div className="state">
          <div className="spinner" aria-label="Loading settings" />
        </div>
      )}
    </div>
  );
}

function Section({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id: string }) {
  return (
    <section className="card settings-section" aria-labelledby={id} data-testid={`settings-${id}`}>
      <div className="settings-section-head">
        <h2 id={id}>{title}</h2>
        {description && <p className="muted">{description}</p>}
      </div>
      <div className="settings-section-body">{children}</div>
    </section>
  );
}

// ---- access key ----

function KeySection() {
  const key = useAppState((s) => s.key);
  const [editing, setEditing] = useState(false);
  const [test, setTest] = useState<{ busy: boolean; balance?: BalanceState; error?: string } | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  if (!key) return null;

  async function testKey() {
    setTest({ busy: true });
    const result = await feedlens().keyTest({});
    setTest(result.ok ? { busy: false, balance: result.value } : { busy: false, error: `${errorTitle(result.error)}: ${result.error.message}` });
  }

  async function removeKey() {
    const result = await feedlens().keyClear({});
    if (!result.ok) {
      setRemoveError(result.error.message);
      return;
    }
    useAppState.setState({ key: result.value });
    const mode = await feedlens().modeGet({});
    if (mode.ok) useAppState.setState({ mode: mode.value });
    setConfirmRemove(false);
    setRemoveError(null);
    setTest(null);
  }

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
          <button type="button" className="btn danger" onClick={() => void removeKey()} data-testid="key-remove-confirm">
            Remove key
          </button>
          <button type="button" className="btn" onClick={() => setConfirmRemove(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="row">
          <button type="button" className="btn" onClick={() => void testKey()} disabled={test?.busy} data-testid="key-test" title="Asks the service for the balance: a free call">
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

// ---- mode ----

function ModeSection() {
  const mode = useAppState((s) => s.mode);
  const key = useAppState((s) => s.key);
  const settings = useAppState((s) => s.settings);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(demo: boolean) {
    setBusy(true);
    setError(null);
    const api = feedlens();
    const result = await api.modeSet({ demo });
    if (result.ok) {
      useAppState.setState({ mode: result.value });
      const saved = await api.settingsGet({});
      if (saved.ok) useAppState.getState().setSettings(saved.value);
    } else {
      setError(result.error.message);
    }
    setBusy(false);
  }

  const demo = mode?.mode !== 'live';
  return (
    <Section id="mode" title="Mode" description="Demo mode answers from a built-in simulated service: nothing leaves this computer and nothing is billed.">
      <div className="segmented" role="radiogroup" aria-label="Mode">
        <ModeOption checked={demo} disabled={busy} onSelect={() => void choose(true)} title="Demo" hint="Built-in simulator, invented data, free" testId="mode-demo" />
        <ModeOption
          checked={!demo}
          disabled={busy || !key?.present}
          onSelect={() => void choose(false)}
          title="Live"
          hint={key?.present ? `The service at ${settings?.baseUrl ?? ''}, billed per request` : 'Needs an access key first'}
          testId="mode-live"
        />
      </div>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </Section>
  );
}

function ModeOption({ checked, disabled, onSelect, title, hint, testId }: { checked: boolean; disabled: boolean; onSelect: () => void; title: string; hint: string; testId: string }) {
  return (
    <button type="button" role="radio" aria-checked={checked} className="segmented-option" disabled={disabled} onClick={() => !checked && onSelect()} data-testid={testId}>
      <span className="segmented-title">{title}</span>
      <span className="segmented-hint">{hint}</span>
    </button>
  );
}

// ---- appearance ----

const THEMES: { value: Settings['theme']; label: string }[] = [
  { value: 'system', label: 'Follow the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

function AppearanceSection({ theme }: { theme: Settings['theme'] }) {
  const [error, setError] = useState<string | null>(null);
  async function choose(value: Settings['theme']) {
    // Applied at once: the app follows the saved settings.
    const result = await feedlens().settingsSet({ patch: { theme: value } });
    if (result.ok) {
      useAppState.getState().setSettings(result.value);
      setError(null);
    } else {
      setError(result.error.message);
    }
  }
  return (
    <Section id="appearance" title="Appearance">
      <div className="segmented compact" role="radiogroup" aria-label="Theme">
        {THEMES.map((t) => (
          <button key={t.value} type="button" role="radio" aria-checked={theme === t.value} className="segmented-option" onClick={() => void choose(t.value)} data-testid={`theme-${t.value}`}>
            <span className="segmented-title">{t.label}</span>
          </button>
        ))}
      </div>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </Section>
  );
}

// ---- the saved-together form ----

function SettingsForm({ saved }: { saved: Settings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = isDirty(draft, saved);

  // Saved elsewhere (mode switch, another window): fields nobody is editing follow.
  useEffect(() => {
    if (!busy) setDraft((d) => (isDirty(d, saved) ? d : draftOf(saved)));
  }, [saved, busy]);

  const set = (field: FormField) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setStatus(null);
  };

  async function save() {
    setGeneral(null);
    setStatus(null);
    const { patch, errors: local } = patchFromDraft(draft, saved);
    if (Object.keys(local).length > 0) {
      // Main's earlier verdicts stay on fields not edited since (editing a field clears its own).
      setErrors((e) => ({ ...e, ...local }));
      return;
    }
    if (Object.keys(patch).length === 0) return;
    setBusy(true);
    try {
      const result = await feedlens().settingsSet({ patch });
      if (result.ok) {
        useAppState.getState().setSettings(result.value);
        setDraft(draftOf(result.value));
        setErrors({});
        setStatus('Saved.');
      } else {
        const { fields, other } = fieldErrorsOf(result.error.issues);
        setErrors(fields);
        if (other.length > 0 || Object.keys(fields).length === 0) setGeneral(other.length > 0 ? other.join(' ') : result.error.message);
      }
    } catch (error) {
      setGeneral(appErrorOf(error).message);
    } finally {
      setBusy(false);
    }
  }

  const templateIssue = templateProblem(draft.filenameTemplate);
  return (
    <form
      className="settings-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      <Section id="service" title="Service" description="Where live mode sends its requests. Demo mode ignores it.">
        <Field label="Service address" error={errors.baseUrl} hint={`Production: ${PRODUCTION_BASE_URL}`}>
          {(id, describedBy) => (
            <input id={id} type="url" value={draft.baseUrl} onChange={(e) => set('baseUrl')(e.target.value)} aria-invalid={!!errors.baseUrl} aria-describedby={describedBy} spellCheck={false} data-testid="field-baseUrl" />
          )}
        </Field>
      </Section>

      <Section id="downloads" title="Downloads" description="Where saved media and exports go, and how their files are named.">
        <Field label="Download folder" error={errors.downloadFolder} hint="Empty: the Feedlens folder in your Downloads folder.">
          {(id, describedBy) => (
            <input id={id} type="text" value={draft.downloadFolder} placeholder="Downloads/Feedlens" onChange={(e) => set('downloadFolder')(e.target.value)} aria-describedby={describedBy} spellCheck={false} data-testid="field-downloadFolder" />
          )}
        </Field>
        <Field label="File name template" error={errors.filenameTemplate} hint={`A / makes folders. Default: ${DEFAULT_FILENAME_TEMPLATE}`}>
          {(id, describedBy) => (
            <input id={id} type="text" className="mono-input" value={draft.filenameTemplate} onChange={(e) => set('filenameTemplate')(e.target.value)} aria-invalid={!!errors.filenameTemplate} aria-describedby={describedBy} spellCheck={false} data-testid="field-filenameTemplate" />
          )}
        </Field>
        {templateIssue && !errors.filenameTemplate && (
          <div className="notice warn" role="note" data-testid="template-problem">
            {templateIssue}
          </div>
        )}
        <div className="token-list" aria-label="Template tokens">
          {FILENAME_TOKENS.map((t) => (
            <button
              key={t.token}
              type="button"
              className="token"
              title={`Add ${t.token}: ${t.meaning}`}
              onClick={() => set('filenameTemplate')(`${draft.filenameTemplate}${t.token}`)}
            >
              <code>{t.token}</code>
              <span className="muted">{t.meaning}</span>
            </button>
          ))}
        </div>
        <Field label="Downloads at a time" error={errors.downloadConcurrency} hint="1 to 16." narrow>
          {(id, describedBy) => (
            <input id={id} type="number" min={1} max={16} value={draft.downloadConcurrency} onChange={(e) => set('downloadConcurrency')(e.target.value)} aria-invalid={!!errors.downloadConcurrency} aria-describedby={describedBy} data-testid="field-downloadConcurrency" />
          )}
        </Field>
      </Section>

      <Section id="requests" title="Requests and cache" description="What Feedlens keeps to avoid paying twice, and when it asks before spending.">
        <Field label="Keep answers for (minutes)" error={errors.cacheTtlMinutes} hint="A repeated request within this time is answered from the cache, free. 0 turns the cache off." narrow>
          {(id, describedBy) => (
            <input id={id} type="number" min={0} max={10080} value={draft.cacheTtlMinutes} onChange={(e) => set('cacheTtlMinutes')(e.target.value)} aria-invalid={!!errors.cacheTtlMinutes} aria-describedby={describedBy} data-testid="field-cacheTtlMinutes" />
          )}
        </Field>
        <fieldset className="settings-fieldset">
          <legend>Ask before spending</legend>
          <label className="radio">
            <input type="radio" name="confirmationThreshold" value="2" checked={draft.confirmationThreshold === '2'} onChange={() => set('confirmationThreshold')('2')} data-testid="threshold-2" />
            <span>
              Only for calls billed <strong>2 requests or more</strong>
            </span>
          </label>
          <label className="radio">
            <input type="radio" name="confirmationThreshold" value="1" checked={draft.confirmationThreshold === '1'} onChange={() => set('confirmationThreshold')('1')} data-testid="threshold-1" />
            <span>For every paid call, even those billed 1 request</span>
          </label>
          <div className="field-hint">Calls billed 2 or more always ask, whatever you choose here (unless you answered &ldquo;don&apos;t ask again&rdquo; this session).</div>
          {errors.confirmationThreshold && <div className="field-error">{errors.confirmationThreshold}</div>}
        </fieldset>
        <Field label="Low-balance warning below (requests)" error={errors.lowBalanceThreshold} hint="The balance turns amber below this, red below a fifth of it." narrow>
          {(id, describedBy) => (
            <input id={id} type="number" min={0} value={draft.lowBalanceThreshold} onChange={(e) => set('lowBalanceThreshold')(e.target.value)} aria-invalid={!!errors.lowBalanceThreshold} aria-describedby={describedBy} data-testid="field-lowBalanceThreshold" />
          )}
        </Field>
      </Section>

      <div className={`settings-savebar ${dirty || general || status ? 'visible' : ''}`} role="region" aria-label="Save settings">
        {general && (
          <span className="field-error" role="alert" data-testid="settings-error">
            {general}
          </span>
        )}
        {!general && Object.values(errors).some(Boolean) && (
          <span className="field-error" role="alert" data-testid="settings-error">
            Some values were not saved: see the fields marked in red.
          </span>
        )}
        {status && !dirty && (
          <span className="settings-saved" role="status" data-testid="settings-saved">
            ✓ {status}
          </span>
        )}
        {dirty && !general && !Object.values(errors).some(Boolean) && <span className="muted">Unsaved changes</span>}
        <span className="spacer" />
        <button
          type="button"
          className="btn"
          disabled={!dirty || busy}
          onClick={() => {
            setDraft(draftOf(saved));
            setErrors({});
            setGeneral(null);
          }}
        >
          Discard
        </button>
        <button type="submit" className="btn primary" disabled={!dirty || busy} data-testid="settings-save">
          {busy ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}

function Field({ label, hint, error, narrow, children }: { label: string; hint?: string; error?: string; narrow?: boolean; children: (id: string, describedBy: string) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`settings-field ${narrow ? 'narrow' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id, [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' '))}
      {error && (
        <div id={errorId} className="field-error" role="alert" data-testid="field-error">
          {error}
        </div>
      )}
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
    </div>
  );
}
