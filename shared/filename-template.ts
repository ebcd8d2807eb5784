// The filename template of saved media: its tokens (with what each stands for, shown in Settings) and
// the parser both processes use, so Settings rejects exactly what the downloader would refuse.
// docs/downloads.md describes the layout.

/** The default file layout (see docs/downloads.md for every token). Here, not in settings.ts, so the
 * Settings screen can show it without bundling main's settings defaults. */
export const DEFAULT_FILENAME_TEMPLATE = '{username}/{date_utc}_UTC_{shortcode}{index}';

/** Every token a template may use, with its meaning. */
export const TEMPLATE_TOKEN_INFO = {
  username: "the owner's username",
  owner_id: "the owner's numeric id",
  date_utc: 'when it was posted, UTC (2026-03-01_14-05-09)',
  date: 'the day it was posted, UTC (2026-03-01)',
  timestamp: 'when it was posted, epoch seconds',
  shortcode: "the post's code, as in its link",
  pk: "the media's numeric id",
  media_id: 'the media id as the service writes it (<pk>_<owner id>)',
  index: 'the position in a carousel (_1, _2 …); empty otherwise',
  kind: 'post, reel, story, highlight or profile_pic',
  title: "a highlight's title; empty otherwise",
  highlight_id: "a highlight's id; empty otherwise",
} as const;

export type TemplateToken = keyof typeof TEMPLATE_TOKEN_INFO;
export const TEMPLATE_TOKENS = Object.keys(TEMPLATE_TOKEN_INFO) as TemplateToken[];

/** A template must name each item apart: at least one of these. */
const UNIQUE_TOKENS: readonly TemplateToken[] = ['shortcode', 'pk', 'media_id'];

export type TemplatePart = { text: string } | { token: TemplateToken };
export interface ParsedTemplate {
  source: string;
  /** Folder segments, then the file name (without extension) last. */
  segments: TemplatePart[][];
  usesIndex: boolean;
}

export type TemplateCheck = { ok: true; template: ParsedTemplate } | { ok: false; message: string };

/** Parses and checks a filename template; the message says what to fix. */
export function parseTemplate(source: string): TemplateCheck {
  const fail = (message: string): TemplateCheck => ({ ok: false, message: `Filename template: ${message}` });
  const text = source.trim();
  if (text === '') return fail('it is empty.');
  if (text.startsWith('/') || text.startsWith('\\') || /^[a-z]:/i.test(text)) return fail('it must be relative to the download folder (no leading "/" or drive letter).');
  const rawSegments = text.split(/[\\/]/);
  if (rawSegments.some((s) => s.trim() === '')) return fail('it has an empty folder name ("//" or a trailing "/").');

  const segments: TemplatePart[][] = [];
  const known = new Set<string>(TEMPLATE_TOKENS);
  for (const raw of rawSegments) {
    if (/^\s*\.+\s*$/.test(raw)) return fail(`"${raw}" cannot be a folder name.`);
    const parts: TemplatePart[] = [];
    const pattern = /\{([^{}]*)\}|([^{}]+)|([{}])/g;
    for (const m of raw.matchAll(pattern)) {
      if (m[3] !== undefined) return fail(`a "${m[3]}" is not part of a {token}.`);
      if (m[2] !== undefined) {
        parts.push({ text: m[2] });
        continue;
      }
      const name = m[1] ?? '';
      if (!known.has(name)) return fail(`{${name}} is not a token. Tokens: ${TEMPLATE_TOKENS.map((t) => `{${t}}`).join(', ')}.`);
      parts.push({ token: name as TemplateToken });
    }
    segments.push(parts);
  }
  const uses = (token: TemplateToken) => segments.some((s) => s.some((p) => 'token' in p && p.token === token));
  const fileName = segments[segments.length - 1] ?? [];
  if (!UNIQUE_TOKENS.some((t) => fileName.some((p) => 'token' in p && p.token === t))) {
    return fail('the file name (after the last "/") needs {shortcode}, {pk} or {media_id}, or two items would get the same name.');
  }
  return { ok: true, template: { source: text, segments, usesIndex: uses('index') } };
}

