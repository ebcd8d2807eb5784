// The first run: what Feedlens is, then either an access key (checked with the free balance call, then
// stored in the keychain main names) or demo mode. Both end in the app.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AppError } from '../../../shared/api/errors';
import { appErrorOf, feedlens, ServiceError } from '../api/bridge';
import { errorTitle } from '../components/ErrorView';
import { ExternalLink } from '../components/ExternalLink';
import { useAppState } from '../state/app';
import '../styles/settings.css';

/** The service's sign-up page (main lets the service's own site open in the browser). */
export const SERVICE_SITE = 'https://hikerapi.com';
export const MIN_KEY_LENGTH = 8;

/** Words for a refused key, an unreachable service, or anything else keySet answered. */
export function keyErrorText(error: AppError): string {
  switch (error.kind) {
    case 'auth':
      return 'The service refused this key. Check that it was copied whole, without spaces, and try again.';
    case 'payment':
      return 'The key works but its balance is empty. Top up the account, then try again.';
    case 'network':
    case 'timeout':
      return `Could not reach the service to check the key: ${error.message}`;
    case 'validation':
      return `An access key has at least ${MIN_KEY_LENGTH} characters.`;
    default:
      return `${errorTitle(error)}: ${error.message}`;
  }
}

/** Stores a key through main (which tests it first) and marks the first run done. */
export async function saveKey(key: string): Promise<AppError | null> {
  const api = feedlens();
  const stored = await api.keySet({ key });
  if (!stored.ok) return stored.error;
  useAppState.setState({ key: stored.value });
  const [settings, mode] = await Promise.all([api.settingsSet({ patch: { onboarded: true } }), api.modeGet({})]);
  if (settings.ok) useAppState.getState().setSettings(settings.value);
  if (mode.ok) useAppState.setState({ mode: mode.value });
  return null;
}

/** A password field for the key, with where it will be stored; used here and in Settings. */
export function KeyForm({ submitLabel, onDone, autoFocus, showStore = true }: { submitLabel: string; onDone?: () => void; autoFocus?: boolean; showStore?: boolean }) {
  const keyStatus = useAppState((s) => s.key);
  const [value, setValue] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const saving = useMutation({
    mutationFn: async (key: string) => {
      const problem = await saveKey(key);
      if (problem) throw new ServiceError(problem);
    },
    onSuccess: () => {
      setValue('');
      onDone?.();
    },
  });
  const busy = saving.isPending;
  const error = tooShort ? `An access key has at least ${MIN_KEY_LENGTH} characters.` : saving.error ? keyErrorText(appErrorOf(saving.error)) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    const key = value.trim();
    setTooShort(key.length < MIN_KEY_LENGTH);
    if (key.length < MIN_KEY_LENGTH) return saving.reset();
    saving.mutate(key);
  }

  return (
    <form className="key-form" onSubmit={submit} noValidate>
      <label>
        Access key
        <input
          type="password"
          name="access-key"
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setTooShort(false);
            saving.reset();
          }}
          placeholder="Paste your key"
          aria-invalid={error !== null}
          aria-describedby="key-store-hint"
          data-testid="key-input"
        />
      </label>
      {keyStatus && (
        <div id="key-store-hint" className="field-hint">
          Checked with the free balance call, then kept in{' '}
          {showStore ? <strong data-testid="key-backend">{keyStatus.backendName}</strong> : 'the store named above'}. It is never shown again.
        </div>
      )}
      {showStore && keyStatus?.degraded && keyStatus.degradedReason && (
        <div className="notice warn" role="note" data-testid="key-degraded">
          {keyStatus.degradedReason}
        </div>
      )}
      {error && (
        <div className="field-error" role="alert" data-testid="key-error">
          {error}
        </div>
      )}
      <div className="row">
        <button type="submit" className="btn primary" disabled={busy || value.trim() === ''} data-testid="key-submit">
          {busy ? 'Checking the key…' : submitLabel}
        </button>
        {busy && <span className="spinner" aria-hidden />}
      </div>
    </form>
  );
}

export function OnboardingScreen() {
  const [demoError, setDemoError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function continueInDemo() {
    setBusy(true);
    setDemoError(null);
    const result = await feedlens().settingsSet({ patch: { onboarded: true } });
    setBusy(false);
    if (result.ok) useAppState.getState().setSettings(result.value);
    else setDemoError(result.error.message);
  }

  return (
    <div className="onboarding" data-testid="onboarding">
      <main className="onboarding-panel">
        <div className="onboarding-brand">
          <span className="brand-mark" aria-hidden />
          Feedlens
        </div>
        <h1>Welcome to Feedlens</h1>
        <p className="onboarding-lead">
          A desktop research tool for public data of a photo and video network: profiles and followers, posts and reels, comment threads,
          stories and highlights, hashtags, places and music. It reads them through a paid, read-only data service.
        </p>
        <ul className="onboarding-points">
          <li>
            <strong>Every request is visible.</strong> Each call shows what it cost; calls billed 2 requests or more ask first.
          </li>
          <li>
            <strong>Your key stays yours.</strong> It is kept in the system keychain and used only by Feedlens to call the service.
          </li>
          <li>
            <strong>Everything is logged.</strong> The request log lists every call and exports it as CSV or NDJSON.
          </li>
        </ul>
        <div className="onboarding-choices">
          <section className="card onboarding-choice" aria-labelledby="onboarding-key">
            <h2 id="onboarding-key">Use your access key</h2>
            <p className="muted">
              Enter the key of your data-service account. No account yet? Get one at <ExternalLink href={SERVICE_SITE}>hikerapi.com</ExternalLink>.
            </p>
            <KeyForm submitLabel="Check and save key" autoFocus />
          </section>
          <section className="card onboarding-choice" aria-labelledby="onboarding-demo">
            <h2 id="onboarding-demo">Explore in demo mode</h2>
            <p className="muted">
              Try every screen with a built-in simulated service: invented accounts and posts, nothing leaves this computer and nothing is
              billed. You can enter a key later in Settings.
            </p>
            {demoError && (
              <div className="field-error" role="alert">
                {demoError}
              </div>
            )}
            <div className="onboarding-choice-foot">
              <button type="button" className="btn" onClick={() => void continueInDemo()} disabled={busy} data-testid="continue-demo">
                Continue in demo mode
              </button>
            </div>
          </section>
        </div>
      </main>
    </div>
  );
}
