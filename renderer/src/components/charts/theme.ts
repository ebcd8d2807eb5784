// The chart colours, read from the app's CSS variables so charts follow the light and dark themes.
export interface ChartColors {
  background: string;
  text: string;
  muted: string;
  border: string;
  sunken: string;
  series: string[];
  font: string;
}

export function chartColors(): ChartColors {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    background: v('--bg-elev', '#ffffff'),
    text: v('--fg', '#16181d'),
    muted: v('--fg-muted', '#4f5665'),
    border: v('--border', '#dde1e8'),
    sunken: v('--bg-sunken', '#eceef2'),
    series: [v('--accent', '#2f5bd3'), v('--ok', '#177a42'), v('--warn', '#8f5500'), v('--demo', '#7a3ed6')],
    font: v('--font', 'system-ui, sans-serif'),
  };
}

/** The theme now on the page ('light' | 'dark'), to redraw when it changes. */
export const themeNow = (): string => document.documentElement.dataset.theme ?? 'light';
