// Light and dark themes: follow the OS unless the user chose one in Settings.
import { useEffect } from 'react';
import { useAppState } from './state/app';

export function useTheme(): void {
  const choice = useAppState((s) => s.settings?.theme ?? 'system');
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = choice === 'dark' || (choice === 'system' && media.matches);
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [choice]);
}
