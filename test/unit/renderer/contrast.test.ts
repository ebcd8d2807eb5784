// WCAG AA contrast of the colour tokens, in both themes, for every pair of text and background the
// stylesheets use: body text 4.5:1, and the same for badges (small, bold text: still not "large").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CSS = readFileSync(join(import.meta.dirname, '../../../renderer/src/styles/app.css'), 'utf8');

/** The custom properties of a rule block, e.g. `:root { ... }`. */
function tokens(selector: string): Record<string, string> {
  const start = CSS.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block in app.css`);
  const body = CSS.slice(start, CSS.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const THEMES = { light: tokens(':root'), dark: { ...tokens(':root'), ...tokens(":root[data-theme='dark']") } };

function rgb(value: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(value);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)) as [number, number, number];
  throw new Error(`not a #rrggbb colour: ${value}`);
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** Text token on background token, as the stylesheets pair them. `#fff` is literal white. */
const PAIRS: [string, string][] = [
  ['fg', 'bg'], ['fg', 'bg-elev'], ['fg', 'bg-sunken'], ['fg', 'bg-hover'],
  ['fg-muted', 'bg'], ['fg-muted', 'bg-elev'], ['fg-muted', 'bg-sunken'], ['fg-muted', 'bg-hover'],
  ['fg-faint', 'bg'], ['fg-faint', 'bg-elev'], ['fg-faint', 'bg-sunken'],
  ['accent', 'bg'], ['accent', 'bg-elev'], ['accent', 'accent-soft'], ['accent-fg', 'accent'],
  ['ok', 'bg-elev'], ['ok', 'bg'], ['warn', 'warn-soft'], ['warn', 'bg-elev'], ['danger', 'danger-soft'], ['danger', 'bg-elev'],
  ['fg', 'warn-soft'], ['#fff', 'demo'],
];

describe('colour contrast of the tokens (WCAG AA, 4.5:1)', () => {
  for (const [theme, t] of Object.entries(THEMES)) {
    it.each(PAIRS)(`${theme}: %s on %s`, (fg, bg) => {
      const colour = (name: string) => (name.startsWith('#') ? (name === '#fff' ? '#ffffff' : name) : t[name]!);
      const ratio = contrast(colour(fg), colour(bg));
      expect(ratio, `${fg} ${colour(fg)} on ${bg} ${colour(bg)}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
    });
  }
});
