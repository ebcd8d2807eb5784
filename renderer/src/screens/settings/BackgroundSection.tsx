// Collecting with the window closed: whether Feedlens stays in the tray while a study has a schedule or a
// run, and whether it starts at login (in the tray). Each choice is saved at once, as the theme is.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Settings } from '../../../../shared/settings';
import { appErrorOf, feedlens, unwrap } from '../../api/bridge';
import { useAppState } from '../../state/app';
import { Section } from './parts';

type Choice = Partial<Pick<Settings, 'backgroundCollection' | 'openAtLogin'>>;

export function BackgroundSection({ settings }: { settings: Pick<Settings, 'backgroundCollection' | 'openAtLogin'> }) {
  // The choice just made shows at once; main's saved settings replace it when the save ends (or fails).
  const [choice, setChoice] = useState<Choice>({});
  const save = useMutation({
    mutationFn: async (patch: Choice) => unwrap(await feedlens().settingsSet({ patch })),
    onSuccess: (saved) => useAppState.getState().setSettings(saved),
    // Only this save's own choice is let go: a later click still saving keeps showing.
    onSettled: (_saved, _error, patch) =>
      setChoice((c) => Object.fromEntries(Object.entries(c).filter(([k, v]) => patch[k as keyof Choice] !== v)) as Choice),
  });
  const choose = (patch: Choice) => {
    setChoice((c) => ({ ...c, ...patch }));
    save.mutate(patch);
  };
  const shown = { ...settings, ...choice };
  return (
    <Section id="background" title="Collecting in the background" description="Stories expire after a day: schedules keep collecting while Feedlens runs, with or without its window.">
      <label className="checkbox">
        <input type="checkbox" checked={shown.backgroundCollection} onChange={(e) => choose({ backgroundCollection: e.target.checked })} data-testid="setting-background" />
        <span>
          Keep collecting in the tray when the window is closed <span className="muted">(while a study has a schedule or a run; otherwise Feedlens quits)</span>
        </span>
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={shown.openAtLogin} onChange={(e) => choose({ openAtLogin: e.target.checked })} data-testid="setting-open-at-login" />
        <span>
          Open at login, in the tray <span className="muted">(macOS and Windows)</span>
        </span>
      </label>
      {save.error && (
        <div className="field-error" role="alert">
          {appErrorOf(save.error).message}
        </div>
      )}
    </Section>
  );
}
