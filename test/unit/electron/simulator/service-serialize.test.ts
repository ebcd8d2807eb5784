import { describe, expect, it } from 'vitest';
import { parseLossless } from '../../../../shared/api/json';
import { toJsonText } from '../../../../electron/simulator/serialize';

// Ids from service-facts.md: highlight pk 18146216698022174 (the vendor's docs print it rounded to ...176)
// and media pks of the shortcode pairs.
const HIGHLIGHT_PK = 18146216698022174n;
const MEDIA_PK = 3776832898280228145n;
const OTHER_PK = 2278584739065882267n;

describe('toJsonText', () => {
  it('writes bigints as bare integer literals with every digit', () => {
    const highlight = { pk: '18146216698022174', id: 'highlight:18146216698022174', media_ids: [MEDIA_PK, OTHER_PK] };
    const text = toJsonText(highlight);
    expect(text).toBe('{"pk":"18146216698022174","id":"highlight:18146216698022174","media_ids":[3776832898280228145,2278584739065882267]}');
    // The lossless parser gives the exact digits back.
    expect(parseLossless(text)).toEqual({ ...highlight, media_ids: ['3776832898280228145', '2278584739065882267'] });
  });

  it('writes bigints as strings when safe_int is on', () => {
    const story = { pk: MEDIA_PK, fbid_v2: HIGHLIGHT_PK, taken_at: 1775048403, negative: -9007199254740993n };
    const text = toJsonText(story, { safeInt: true });
    expect(text).toBe('{"pk":"3776832898280228145","fbid_v2":"18146216698022174","taken_at":1775048403,"negative":"-9007199254740993"}');
    expect(JSON.parse(text)).toEqual({ pk: '3776832898280228145', fbid_v2: '18146216698022174', taken_at: 1775048403, negative: '-9007199254740993' });
  });

  it('writes a bare JSON string answer (code from pk)', () => {
    expect(toJsonText('DRqAYKuAIUx')).toBe('"DRqAYKuAIUx"');
  });

  it('matches JSON.stringify for everything that is not a bigint', () => {
    const samples: unknown[] = [
      null,
      true,
      0,
      -0,
      -2.5,
      1e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      'plain',
      '',
      'Привет из Москвы 🌍 #москва @anna.k_92 #東京 #القاهرة',
      'quotes " and \\ backslash, tab\t newline\n nul\u0000 bell\u0007',
      'lone surrogates \ud800 and \udfff, pair 😀',
      [1, undefined, () => 1, 'x', null],
      { a: undefined, b: () => 2, c: [], d: {}, 'key "quoted"\n': 1, '1llatest_reel_media': 1775048403 },
      { nested: { deeper: [{ text: 'café', like_count: 12 }, [[], [{}]]] } },
      { when: new Date(Date.UTC(2026, 3, 1, 13, 0, 3)) },
      { custom: { toJSON: () => ({ replaced: true }) } },
    ];
    for (const value of samples) {
      expect(toJsonText(value)).toBe(JSON.stringify(value));
    }
  });

  it('keeps object key order and repeated keys across many records', () => {
    const page = Array.from({ length: 30 }, (_, i) => ({ pk: MEDIA_PK + BigInt(i), code: `c${i}`, like_count: i }));
    const parsed = parseLossless(toJsonText(page)) as { pk: string; code: string }[];
    expect(parsed.map((m) => m.pk)).toEqual(page.map((m) => String(m.pk)));
    expect(Object.keys(parsed[0] ?? {})).toEqual(['pk', 'code', 'like_count']);
  });
});
