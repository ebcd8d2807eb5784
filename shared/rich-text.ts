// Captions, comments and biographies as segments: plain text, #hashtags, @mentions and links. The
// normaliser extracts hashtags and mentions from the same segments the UI links, so both always agree.

export type TextSegment =
  | { kind: 'text'; text: string }
  /** `value` is the tag without '#'. */
  | { kind: 'hashtag'; text: string; value: string }
  /** `value` is the username without '@' (a trailing sentence dot is left out of the mention). */
  | { kind: 'mention'; text: string; value: string }
  | { kind: 'url'; text: string; value: string };

// One alternation, tried left to right at each position; the token rules are checked per match.
const TOKEN = /#([\p{L}\p{N}\p{M}_]+)|@([\p{L}\p{N}._]+)|(https?:\/\/[^\s<>"]+|www\.[^\s<>"]+)/gu;
const WORD_BEFORE_TAG = /[\p{L}\p{N}\p{M}_&/]/u;
const WORD_BEFORE_MENTION = /[\p{L}\p{N}\p{M}_.]/u;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"»”’]+$/u;

/**
 * Splits text into segments. A '#' or '@' starts a token only at the start, after a non-word character
 * or right after the previous token ("#sunset#paris" is two tags); "hello@studio.fr" and "page.html#top"
 * are plain text. A hashtag needs a letter ("#1" is not a tag).
 */
export function segmentText(input: string | null | undefined): TextSegment[] {
  const text = input ?? '';
  const out: TextSegment[] = [];
  let plainFrom = 0;
  let previousEnd = -1;
  const pushText = (to: number) => {
    if (to > plainFrom) {
      const last = out.at(-1);
      const chunk = text.slice(plainFrom, to);
      if (last?.kind === 'text') last.text += chunk;
      else out.push({ kind: 'text', text: chunk });
    }
  };
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    // The whole code point before the match (an emoji is two UTF-16 units).
    const before = Array.from(text.slice(Math.max(0, start - 2), start)).at(-1) ?? '';
    const atBoundary = start === 0 || start === previousEnd;
    let segment: TextSegment | null = null;
    let length = match[0].length;
    if (match[1] !== undefined) {
      if ((atBoundary || !WORD_BEFORE_TAG.test(before)) && /\p{L}/u.test(match[1])) segment = { kind: 'hashtag', text: match[0], value: match[1] };
    } else if (match[2] !== undefined) {
      if (atBoundary || !WORD_BEFORE_MENTION.test(before)) {
        const name = match[2].replace(/\.+$/, '');
        length = name.length + 1;
        if (name) segment = { kind: 'mention', text: `@${name}`, value: name };
      }
    } else if (match[3] !== undefined) {
      const url = match[3].replace(TRAILING_PUNCTUATION, '');
      length = url.length;
      segment = { kind: 'url', text: url, value: url.startsWith('www.') ? `https://${url}` : url };
    }
    if (!segment) continue;
    pushText(start);
    out.push(segment);
    plainFrom = start + length;
    previousEnd = start + length;
  }
  pushText(text.length);
  return out;
}
