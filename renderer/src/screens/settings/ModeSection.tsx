// Demo or live mode, and the appearance: both apply at once.
import type { Settings } from '../../../../shared/settings';
import { feedlens } from '../../api/bridge';
import { useMainAction } from '../../api/useMainAction';
import { useAppState } from '../../state/app';
import { Section } from './parts';

export function ModeSection() {
  const mode = useAppState((s) => s.mode);
  const key = useAppState((s) => s.key);
  const settings = useAppState((s) => s.settings);
  const { run, busy, error } = useMainAction();

  async function choose(demo: boolean) {
    const api = feedlens();
    const result = await run(() => api.modeSet({ demo }));
    if (!result.ok) return;
    useAppState.setState({ mode: result.value });
    const saved = await api.settingsGet({});
    if (saved.ok) useAppState.getState().setSettings(saved.value);
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
          {error.message}
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

const THEMES: { value: Settings['theme']; label: string }[] = [
  { value: 'system', label: 'Follow the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function AppearanceSection({ theme }: { theme: Settings['theme'] }) {
  const { run, error } = useMainAction();
  async function choose(value: Settings['theme']) {
    // Applied at once: the app follows the saved settings.
    const result = await run(() => feedlens().settingsSet({ patch: { theme: value } }));
    if (result.ok) useAppState.getState().setSettings(result.value);
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
          {error.message}
        </div>
      )}
    </Section>
  );
}
