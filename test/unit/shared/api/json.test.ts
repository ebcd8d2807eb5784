import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isInteger, isSafeNumber, parse as losslessJsonParse } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { parseLossless, stringifyLossless } from '../../../../shared/api/json';
import { SHARED_SPEC_DIR } from './spec-docs';

/** [name, path] of every production answer recorded (../shared/spec/recorded, when present) and every fixture answer. */
function answerFiles(): [string, string][] {
  const folders = [join(SHARED_SPEC_DIR, 'recorded'), fileURLToPath(new URL('../../../fixtures/answers', import.meta.url))].filter((f) => existsSync(f));
  return folders.flatMap((folder) =>
    readdirSync(folder)
      .filter((n) => n.endsWith('.json'))
      .sort()
      .map((n): [string, string] => [n, join(folder, n)]),
  );
}

describe('parseLossless: big integers keep every digit', () => {
  it('turns highlight media_ids (19-digit integers) into exact strings', () => {
    const text =
      '{"pk":"18146216698022174","id":"highlight:18146216698022174","media_count":2,' +
      '"media_ids":[3776832898280228145,2278584739065882267],"items":[]}';
    expect(parseLossless(text)).toEqual({
      pk: '18146216698022174',
      id: 'highlight:18146216698022174',
      media_count: 2,
      media_ids: ['3776832898280228145', '2278584739065882267'],
      items: [],
    });
  });

  it('keeps fbid_v2 and raw media pks exact (the OpenAPI examples)', () => {
    const text =
      '{"items":[{"strong_id__":"3162273595027945978_123123","fbid":17975970359404749,' +
      '"pk":3162273595027945978,"user":{"fbid_v2":17841401474538262,"pk":123123}}]}';
    const parsed = parseLossless(text) as { items: { fbid: unknown; pk: unknown; user: { fbid_v2: unknown; pk: unknown } }[] };
    const item = parsed.items[0];
    expect(item?.fbid).toBe('17975970359404749');
    expect(item?.pk).toBe('3162273595027945978');
    expect(item?.user.fbid_v2).toBe('17841401474538262');
    expect(item?.user.pk).toBe(123123);
  });

  it('draws the line exactly at Number.MAX_SAFE_INTEGER, for both signs', () => {
    expect(parseLossless('9007199254740991')).toBe(9007199254740991);
    expect(parseLossless('-9007199254740991')).toBe(-9007199254740991);
    expect(parseLossless('9007199254740992')).toBe('9007199254740992');
    expect(parseLossless('9007199254740993')).toBe('9007199254740993');
    expect(parseLossless('-9007199254740993')).toBe('-9007199254740993');
    expect(parseLossless('[1000000000000000,-1000000000000000]')).toEqual([1000000000000000, -1000000000000000]);
    expect(parseLossless('[3776832898280228145, -3776832898280228145]')).toEqual([
      '3776832898280228145',
      '-3776832898280228145',
    ]);
  });

  it('leaves fractions and exponent forms as numbers, however many digits', () => {
    expect(parseLossless('12345678901234567890.5')).toBe(Number('12345678901234567890.5'));
    expect(parseLossless('[1e21,-2.5,1.0E+2,2E-3,0.1234567890123456789]')).toEqual([1e21, -2.5, 100, 0.002, Number('0.1234567890123456789')]);
    expect(parseLossless('{"lat":52.52000659999999,"lng":-13.404954}')).toEqual({ lat: 52.52000659999999, lng: -13.404954 });
    expect(parseLossless('12345678901234567890e2')).toBe(Number('12345678901234567890e2'));
    expect(parseLossless('1.5e12345678901234567890')).toBe(Infinity);
    expect(parseLossless('1e400')).toBe(Infinity);
    expect(parseLossless('-1e400')).toBe(-Infinity);
  });

  it('never touches digits inside strings, escaped quotes included', () => {
    const text =
      '{"text":"order 12345678901234567890 \\"9007199254740993\\" done","url":"https://scontent.cdninstagram.com/v/t51/123456789_1234567890123456789_n.jpg?oe=6790ABCD",' +
      '"tail":"\\\\","n":18146216698022174,"key 12345678901234567890":1}';
    expect(parseLossless(text)).toEqual({
      text: 'order 12345678901234567890 "9007199254740993" done',
      url: 'https://scontent.cdninstagram.com/v/t51/123456789_1234567890123456789_n.jpg?oe=6790ABCD',
      tail: '\\',
      n: '18146216698022174',
      'key 12345678901234567890': 1,
    });
  });

  it('handles nested objects and arrays, whitespace and a chunk answer', () => {
    const text = ' \n[ [ {"pk" : 3776832898280228145 ,\n\t"nested":{"ids":[[2110901750722920960]]}} ],\r\n "QVFDa2xyZ3" ]\n ';
    expect(parseLossless(text)).toEqual([[{ pk: '3776832898280228145', nested: { ids: [['2110901750722920960']] } }], 'QVFDa2xyZ3']);
  });

  it('returns bare JSON strings and other scalars', () => {
    expect(parseLossless('"B1LbfVPlwIA"')).toBe('B1LbfVPlwIA');
    expect(parseLossless('"2110901750722920960"')).toBe('2110901750722920960');
    expect(parseLossless('null')).toBeNull();
    expect(parseLossless('false')).toBe(false);
    expect(parseLossless('0')).toBe(0);
  });

  it('keeps a "__proto__" key as plain data, like JSON.parse', () => {
    const parsed = parseLossless('{"__proto__":{"polluted":12345678901234567890}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__']);
  });

  it.each([
    ['truncated object', '{"pk":"1","media_ids":[3776832898280228145,'],
    ['truncated big integer answer', '[3776832898280228145'],
    ['truncated string', '"B1LbfVPl'],
    ['empty text', ''],
    ['HTML error page', '<html><body>502 Bad Gateway</body></html>'],
    ['plain text', 'error code: 1010'],
    ['trailing garbage', '{"a":1} x'],
    ['leading-zero big integer', '[01234567890123456789]'],
    ['big integer used as an object key', '{12345678901234567890:1}'],
    ['big integer followed by a string', '[12345678901234567890"x"]'],
  ])('throws a SyntaxError on %s', (_name, text) => {
    expect(() => parseLossless(text)).toThrow(SyntaxError);
  });

  it('keeps lists of ids inside strings as they are, and still quotes the literals around them', () => {
    const text =
      '{"pinned_ids":"3776832898280228145,3776832898280228146,3776832898280228147","pk":3776832898280228145,' +
      '"note":"at 12:30 12345678901234567890, then x:98765432109876543210]","ids":[17841401474538262,-17841401474538262]}';
    expect(parseLossless(text)).toEqual({
      pinned_ids: '3776832898280228145,3776832898280228146,3776832898280228147',
      pk: '3776832898280228145',
      note: 'at 12:30 12345678901234567890, then x:98765432109876543210]',
      ids: ['17841401474538262', '-17841401474538262'],
    });
  });

  it('reads pretty-printed answers (whitespace around big literals)', () => {
    const text = '{\n  "media_ids": [\n    3776832898280228145 ,\n\t2278584739065882267\r\n  ],\n  "n": 1\n}';
    expect(parseLossless(text)).toEqual({ media_ids: ['3776832898280228145', '2278584739065882267'], n: 1 });
  });

  /** Random JSON full of digits in and out of strings, big and small integers, exponents, integer-like keys. */
  function randomDocuments(seedValue: number, tricky = true): (depth?: number) => string {
    let seed = seedValue;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * n);
    };
    const digits = (): string => String(1 + rand(9)) + Array.from({ length: rand(21) }, () => rand(10)).join('');
    const ws = (): string => [' ', '', '\n', '', '\t', ''][rand(6)] as string;
    const stringOf = (): string => {
      const pieces = ['"', digits(), '-', digits(), '\\"', '\\\\', [',', ':', '[', ', ', ']'][rand(5)], `:${digits()},`, ','];
      // Not tricky: no separator before digits inside strings, where a literal is only a guess.
      return JSON.stringify(Array.from({ length: rand(6) }, () => pieces[rand(tricky ? pieces.length : 6)]).join(''));
    };
    const key = (i: number): string => (tricky && rand(20) === 0 ? `"${rand(50)}"` : `"k${i}"`);
    const value = (depth = 0): string => {
      const pick = depth > 3 ? rand(3) : rand(5);
      if (pick === 0) return `${rand(2) ? '-' : ''}${digits()}`;
      if (pick === 1) return stringOf();
      if (pick === 2) return ['true', 'null', '1.5', '0', '2e21', '12345678901234567.5'][rand(tricky ? 6 : 4)] as string;
      if (pick === 3) return `[${ws()}${Array.from({ length: rand(5) }, () => value(depth + 1)).join(`${ws()},${ws()}`)}${ws()}]`;
      // Keys are unique within an object, as in any answer (the oracle refuses duplicates).
      const keys = [...new Set(Array.from({ length: rand(5) }, (_, i) => key(i)))];
      return `{${ws()}${keys.map((k) => `${k}${ws()}:${ws()}${value(depth + 1)}`).join(',')}${ws()}}`;
    };
    return value;
  }
  const oracle = (text: string): unknown => losslessJsonParse(text, null, (n) => (isInteger(n) && !isSafeNumber(n) ? n : Number(n)));

  it('agrees with lossless-json on random documents full of digits in and out of strings', () => {
    const value = randomDocuments(7);
    for (let round = 0; round < 2000; round++) {
      const text = value();
      expect(parseLossless(text), text).toEqual(oracle(text));
    }
  });

  it('agrees with lossless-json on long random documents', () => {
    for (const tricky of [false, true]) {
      const value = randomDocuments(tricky ? 11 : 13, tricky);
      for (let round = 0; round < 20; round++) {
        const items: string[] = [];
        for (let length = 0; length < 70_000; ) {
          const item = value(1);
          items.push(item);
          length += item.length + 1;
        }
        const text = `[${items.join(',')}]`;
        expect(parseLossless(text)).toEqual(oracle(text));
      }
    }
  });

  it.each(answerFiles())('reads %s exactly (every recorded answer and fixture, checked against lossless-json)', (_name, path) => {
    const text = readFileSync(path, 'utf8');
    expect(parseLossless(text)).toStrictEqual(oracle(text));
  });

  it('in a long answer: big ids exact, under integer-like keys, beside exponents and id lists in strings', () => {
    const pad = 'é'.repeat(70_000); // a two-byte text past the length where the walk takes over
    const cases: [string, unknown][] = [
      [`{"bio":"${pad}","ids":[3776832898280228145,3776832898280228146,-3776832898280228147],"n":{"pk":18146216698022174}}`, { bio: pad, ids: ['3776832898280228145', '3776832898280228146', '-3776832898280228147'], n: { pk: '18146216698022174' } }],
      [`{"bio":"${pad}","by_id":{"2":3776832898280228146,"1":3776832898280228145},"last":3776832898280228147}`, { bio: pad, by_id: { '1': '3776832898280228145', '2': '3776832898280228146' }, last: '3776832898280228147' }],
      [`{"bio":"${pad}","a":1e18,"b":1000000000000000000}`, { bio: pad, a: 1e18, b: '1000000000000000000' }],
      [`{"bio":"${pad}","list":"ids:3776832898280228145,3776832898280228146","pk":3776832898280228147}`, { bio: pad, list: 'ids:3776832898280228145,3776832898280228146', pk: '3776832898280228147' }],
    ];
    for (const [text, expected] of cases) {
      const parsed = parseLossless(text) as Record<string, unknown>;
      expect(parsed).toEqual(expected);
      expect(Object.keys(parsed)).toEqual(Object.keys(expected as object));
    }
  });

  it('round-trips random records: unsafe integers become their exact digits, safe ones stay numbers', () => {
    let seed = 20240611;
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const randomBig = (): bigint => {
      const digits = 1 + Math.floor(rand() * 20);
      let s = String(1 + Math.floor(rand() * 9));
      for (let i = 1; i < digits; i++) s += String(Math.floor(rand() * 10));
      return (rand() < 0.3 ? -1n : 1n) * BigInt(s);
    };
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    for (let round = 0; round < 200; round++) {
      const values = Array.from({ length: 8 }, randomBig);
      const text = stringifyLossless({ ids: values, label: `n${values[0]}` });
      const expected = values.map((v) => (v > max || v < -max ? v.toString() : Number(v)));
      expect(parseLossless(text)).toEqual({ ids: expected, label: `n${values[0]}` });
    }
  });
});

describe('stringifyLossless', () => {
  it('writes bigint values as exact integer literals', () => {
    expect(stringifyLossless({ media_ids: [3776832898280228145n, 7n], pk: '18146216698022174' })).toBe(
      '{"media_ids":[3776832898280228145,7],"pk":"18146216698022174"}',
    );
  });

  it('matches JSON.stringify for plain values', () => {
    const value = { a: [1, 'two', null, true, { b: -2.5 }], c: 'é "q"' };
    expect(stringifyLossless(value)).toBe(JSON.stringify(value));
    expect(stringifyLossless(value, 2)).toBe(JSON.stringify(value, null, 2));
  });
});
