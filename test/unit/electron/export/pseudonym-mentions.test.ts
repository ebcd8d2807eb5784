// The mentions found run by run (pseudonym-mentions.ts) are exactly segmentText's over the whole text:
// checked on fixed tricky texts and on many random ones made of the characters the rules turn on.
import { describe, expect, it } from 'vitest';
import { segmentText } from '../../../../shared/rich-text';
import { mentionsOf, replaceMentions } from '../../../../electron/export/pseudonym-mentions';

const rename = (name: string) => `<${name.toUpperCase()}>`;

/** What the export did before: segmentText over the whole text. */
function reference(text: string): { mentions: string[]; replaced: string } {
  const segments = segmentText(text);
  return {
    mentions: segments.flatMap((s) => (s.kind === 'mention' ? [s.value] : [])),
    replaced: segments.map((s) => (s.kind === 'mention' ? `@${rename(s.value)}` : s.text)).join(''),
  };
}

// Pieces the rules turn on: '@', '#', dots, '_', word characters before a token, links, white space
// of every kind (also those the runs do not split on), accents, a combining mark, an emoji (two units).
const PIECES = ['@', '@', '#', '.', '..', '_', 'a', 'Zo', '7', 'é', 'e\u0301', '😀', '&', '/', ' ', ' ', '\n', '\t', '\u00a0', '\u3000',
  'https://x.org/', 'http://', 'www.', 'mail@host.com', '!', ',', ')', '"', '<', 'anna.k', 'ß'];

/** A deterministic pseudo-random generator (the test is the same on every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('mentions found run by run', () => {
  it.each([
    'Golden hour with @anna.k #travel #café',
    '@anna. and @.bob.. and @...',
    'mail@host.com, page.html#top@x, #tag@name, @a@b',
    'see https://x.org/@anna then www.y.org/@bob, and (@carl)',
    'x#abc@def #1@two é@élodie @élodie 😀@emoji',
    '@anna\u00a0@bob\u3000@carl\n@dan\t@eve',
    '',
    'no mention at all',
  ])('%j', (text) => {
    const want = reference(text);
    expect(mentionsOf(text)).toEqual(want.mentions);
    expect(replaceMentions(text, rename)).toBe(want.replaced);
  });

  it('agrees with segmentText on 20,000 random texts', () => {
    const next = random(11);
    let withMentions = 0;
    for (let n = 0; n < 20_000; n++) {
      let text = '';
      const length = 1 + Math.floor(next() * 14);
      for (let i = 0; i < length; i++) text += PIECES[Math.floor(next() * PIECES.length)];
      const want = reference(text);
      if (want.mentions.length > 0) withMentions++;
      expect(mentionsOf(text), text).toEqual(want.mentions);
      expect(replaceMentions(text, rename), text).toBe(want.replaced);
    }
    // The random texts do exercise mentions (so the comparison can fail).
    expect(withMentions).toBeGreaterThan(1_000);
  });
});
