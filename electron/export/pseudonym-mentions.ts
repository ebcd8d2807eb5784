// The @mentions of a free text exactly as segmentText (shared/rich-text.ts) finds them, without running it
// over the whole text: no token of segmentText (hashtag, mention, link) spans white space, and one that
// starts right after white space is judged the same as one at the start of a text, so each run of
// non-space characters holding an '@' can be segmented on its own. The usual run, `@name`, needs no
// segmenting at all. A caption's hashtags and words are then never looked at.
import { segmentText } from '../../shared/rich-text';

/** Characters that end a run: white space for `\s` too (more \s characters only make runs longer, never wrong). */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

/** [A-Za-z0-9._]: what a mention is made of, in ASCII. */
function isNameChar(code: number): boolean {
  const lower = code | 0x20;
  return (lower >= 97 && lower <= 122) || (code >= 48 && code <= 57) || code === 0x2e || code === 0x5f;
}

/**
 * A run that is `@` and ASCII name characters only: the mention's value (trailing dots left out, as
 * segmentText does; '' when there is nothing else). null: any other run, for segmentText.
 */
function simpleMention(text: string, from: number, to: number): string | null {
  if (to - from < 2 || text.charCodeAt(from) !== 0x40) return null;
  let end = from + 1;
  for (let i = from + 1; i < to; i++) {
    const c = text.charCodeAt(i);
    if (!isNameChar(c)) return null;
    if (c !== 0x2e) end = i + 1;
  }
  return text.slice(from + 1, end);
}

/** Calls `each(from, to)` for every run of non-space characters that holds an '@', left to right. */
function forRuns(text: string, each: (from: number, to: number) => void): void {
  for (let at = text.indexOf('@'); at >= 0; ) {
    let from = at;
    while (from > 0 && !isSpace(text.charCodeAt(from - 1))) from--;
    let to = at + 1;
    while (to < text.length && !isSpace(text.charCodeAt(to))) to++;
    each(from, to);
    at = text.indexOf('@', to);
  }
}

/** The usernames mentioned in a text (as segmentText's mention segments). */
export function mentionsOf(text: string): string[] {
  const out: string[] = [];
  forRuns(text, (from, to) => {
    const simple = simpleMention(text, from, to);
    if (simple !== null) {
      if (simple !== '') out.push(simple);
      return;
    }
    for (const s of segmentText(text.slice(from, to))) if (s.kind === 'mention') out.push(s.value);
  });
  return out;
}

/** The text with every mention `@name` written `@` + rename(name), everything else as it was. */
export function replaceMentions(text: string, rename: (name: string) => string): string {
  let out = '';
  let at = 0;
  forRuns(text, (from, to) => {
    out += text.slice(at, from);
    at = to;
    const simple = simpleMention(text, from, to);
    if (simple !== null) {
      out += simple === '' ? text.slice(from, to) : `@${rename(simple)}${text.slice(from + 1 + simple.length, to)}`;
      return;
    }
    for (const s of segmentText(text.slice(from, to))) out += s.kind === 'mention' ? `@${rename(s.value)}` : s.text;
  });
  return out + text.slice(at);
}
