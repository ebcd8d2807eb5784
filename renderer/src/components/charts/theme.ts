// The chart colours, read from the app's CSS variables so charts follow the light and dark themes.
import type { ChartColors, ChartPalette } from '../../../../shared/chart-option';

/**
 * A colour of the stylesheet as #rrggbb, which main takes and nothing else (the minified stylesheet writes
 * #ffffff as #fff): a canvas reads the colour and gives it back in that form.
 */
function hexColours(): (value: string, fallback: string) => string {
  const ctx = document.createElement('canvas').getContext('2d');
  return (value, fallback) => {
    if (!ctx) return fallback;
    ctx.fillStyle = fallback;
    ctx.fillStyle = value;
    return /^#[0-9a-f]{6}$/i.test(ctx.fillStyle) ? ctx.fillStyle : fallback;
  };
}

export function chartPalette(): ChartPalette {
  const css = getComputedStyle(document.documentElement);
  const hex = hexColours();
  const v = (name: string, fallback: string) => hex(css.getPropertyValue(name).trim() || fallback, fallback);
  return {
    background: v('--bg-elev', '#ffffff'),
    text: v('--fg', '#16181d'),
    muted: v('--fg-muted', '#4f5665'),
    border: v('--border', '#dde1e8'),
    sunken: v('--bg-sunken', '#eceef2'),
    series: [v('--accent', '#2f5bd3'), v('--ok', '#177a42'), v('--warn', '#8f5500'), v('--demo', '#7a3ed6')],
  };
}

export function chartColors(): ChartColors {
  const font = getComputedStyle(document.documentElement).getPropertyValue('--font').trim();
  return { ...chartPalette(), font: font || 'system-ui, sans-serif' };
}

/** The theme now on the page ('light' | 'dark'), to redraw when it changes. */
export const themeNow = (): string => document.documentElement.dataset.theme ?? 'light';
