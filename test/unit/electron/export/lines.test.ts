// The NDJSON writer streams each line in the pieces JSON.stringify made (no joined copy per line): the
// text must be exactly the line lineJson writes, study facts, big ids and a stray bigint included.
import { describe, expect, it } from 'vitest';
import { lineJson, ndjsonChunks, type ExportLine } from '../../../../electron/export/lines';

const provenance = { endpoint: '/v1/user/medias/chunk', params: { user_id: '51234567890' }, requestId: 'r1', fetchedAt: '2026-04-01T12:00:03.000Z', appVersion: 'test', sha256: null, simulated: true, origin: null };
const lines: ExportLine[] = [
  { kind: 'post', record: { id: '3776832898280228145', caption: 'ünïcødé \u2028 "quoted" 🎞', images: [{ url: 'https://cdn.example/a.jpg' }] }, raw: { pk: '3776832898280228145', n: 1.5 }, provenance },
  { kind: 'user', record: { id: '51234567890', username: 'person.a' }, raw: null, provenance, study: { status: 'gone', checkedAt: 1_775_048_403_123, codes: ['a', 'b'], notes: 'a note' } },
  { kind: 'comment', record: { id: '18146216698022174', big: 3776832898280228145n }, raw: { stray: 12n }, provenance: { ...provenance, requestId: null, fetchedAt: null } },
];

describe('ndjsonChunks', () => {
  it('writes each line exactly as lineJson does, one per line', () => {
    const text = [...ndjsonChunks(lines)].join('');
    expect(text).toBe(lines.map((l) => `${lineJson(l)}\n`).join(''));
    const parsed = text.trimEnd().split('\n').map((l) => JSON.parse(l) as { record: { big?: string }; study?: unknown });
    expect(parsed).toHaveLength(3);
    expect(parsed[2]?.record.big).toBe('3776832898280228145');
    expect(parsed[1]?.study).toMatchObject({ status: 'gone', codes: ['a', 'b'] });
  });
});
