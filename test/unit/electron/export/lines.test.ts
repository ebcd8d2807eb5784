// The NDJSON and JSON writers stream each item in the pieces JSON.stringify made (no joined copy per
// line): the text must be exactly one JSON object per item, in the documented field order, study facts,
// big ids and a stray bigint included.
import { describe, expect, it } from 'vitest';
import { jsonChunks, ndjsonChunks, type ExportLine } from '../../../../electron/export/lines';

const provenance = { endpoint: '/v1/user/medias/chunk', params: { user_id: '51234567890' }, requestId: 'r1', fetchedAt: '2026-04-01T12:00:03.000Z', appVersion: 'test', sha256: null, simulated: true, origin: null };
const lines: ExportLine[] = [
  { kind: 'post', record: { id: '3776832898280228145', caption: 'ünïcødé \u2028 "quoted" 🎞', images: [{ url: 'https://cdn.example/a.jpg' }] }, raw: { pk: '3776832898280228145', n: 1.5 }, provenance },
  { kind: 'user', record: { id: '51234567890', username: 'person.a' }, raw: null, provenance, study: { status: 'gone', checkedAt: 1_775_048_403_123, codes: ['a', 'b'], notes: 'a note' } },
  { kind: 'comment', record: { id: '18146216698022174', big: 3776832898280228145n }, raw: { stray: 12n }, provenance: { ...provenance, requestId: null, fetchedAt: null } },
];
/** The same items as JSON.stringify writes them, with the study's time in both forms and bigints as digits. */
const expected = [
  JSON.stringify({ kind: 'post', record: lines[0]!.record, raw: lines[0]!.raw, provenance }),
  JSON.stringify({ kind: 'user', record: lines[1]!.record, raw: null, provenance, study: { status: 'gone', checkedAt: '2026-04-01T13:00:03Z', checkedAtUnix: 1_775_048_403, codes: ['a', 'b'], notes: 'a note' } }),
  JSON.stringify({ kind: 'comment', record: { id: '18146216698022174', big: '3776832898280228145' }, raw: { stray: '12' }, provenance: lines[2]!.provenance }),
];

describe('ndjsonChunks', () => {
  it('writes each item exactly as one JSON object per line', () => {
    expect([...ndjsonChunks(lines)].join('')).toBe(expected.map((l) => `${l}\n`).join(''));
  });
});

describe('jsonChunks', () => {
  it('writes the same items in one document', () => {
    const text = [...jsonChunks(lines)].join('');
    expect(text).toBe(`{"format":"feedlens-export","formatVersion":1,"items":[\n${expected.join(',\n')}\n]}\n`);
  });
});
