// The quick pass lets a text of characters below U+0300 through to the full-name rules only where a full
// name's first two units are: such a text is its own NFC form, so nothing is missed. Checked here, and
// full names still found in texts whose NFC form differs (decomposed accents).
import { describe, expect, it } from 'vitest';
import { People } from '../../../../electron/export/pseudonym-people';
import { MAY_FULL_NAME, NFC_STABLE_BELOW, StringScanner } from '../../../../electron/export/pseudonym-scan';

describe('characters below NFC_STABLE_BELOW', () => {
  it('are their own NFC form, alone and after any character (no composition, no reordering)', () => {
    const after: number[] = [];
    // Every character up to U+3000 (Latin, Greek, Cyrillic, Hangul jamo...), then every 7th.
    for (let a = 0; a < 0x10000; a += a < 0x3000 ? 1 : 7) if (a < 0xd800 || a >= 0xe000) after.push(a);
    const wrong: string[] = [];
    for (let b = 0; b < NFC_STABLE_BELOW; b++) {
      const B = String.fromCharCode(b);
      if (B.normalize('NFC') !== B) wrong.push(b.toString(16));
      for (const a of after) {
        const text = String.fromCharCode(a) + B;
        if (text.normalize('NFC') === text) continue;
        // A pair whose first character is not NFC itself does not count: that character is flagged anyway.
        if (String.fromCharCode(a).normalize('NFC') !== String.fromCharCode(a)) continue;
        wrong.push(`${a.toString(16)}+${b.toString(16)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('flags a full name only where it may start, and any character that NFC may change', () => {
    const scanner = new StringScanner(new Set(), new Set(), [], 0, ['Élodie Martin', 'José Díaz'], 2);
    expect(scanner.scan('golden hour #café, señor') & MAY_FULL_NAME).toBe(0);
    expect(scanner.scan('with Élodie') & MAY_FULL_NAME).toBe(MAY_FULL_NAME);
    expect(scanner.scan('with José') & MAY_FULL_NAME).toBe(MAY_FULL_NAME);
    // A combining accent (U+0301), and a character past the stable range.
    expect(scanner.scan('cafe\u0301') & MAY_FULL_NAME).toBe(MAY_FULL_NAME);
    expect(scanner.scan('photo 🌅') & MAY_FULL_NAME).toBe(MAY_FULL_NAME);
  });
});

describe('full names with accents', () => {
  const people = new People(Buffer.alloc(32, 3));
  people.add('61234567', 'elodie.m', 'Élodie Martin');
  people.add('71234567', 'jose.d', 'José Díaz');
  people.freeze();
  const elodie = people.pseudonym({ id: '61234567', username: null });
  const jose = people.pseudonym({ id: '71234567', username: null });

  it.each([
    ['Élodie Martin au café', `${elodie} au café`],
    ['E\u0301lodie Martin au café', `${elodie} au café`],
    ['café con José Díaz', `café con ${jose}`],
    ['café con Jose\u0301 Di\u0301az', `café con ${jose}`],
    ['señor Díaz, café', 'señor Díaz, café'],
  ])('%s', (text, expected) => {
    expect(people.scrub(text)).toBe(expected);
    expect(people.leaksIn(text)).toBe(expected !== text);
  });
});
