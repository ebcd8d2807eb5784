// A stored record read back: ids in the raw answer and in the request's parameters keep every digit, and a
// record whose request the study no longer has takes the time it was seen.
import { describe, expect, it } from 'vitest';
import { provenanceOfRow, recordOfRow } from '../../../../electron/studies/stored';

const BIG = '3482299146385746331';

describe('stored records', () => {
  const row = {
    record: JSON.stringify({ kind: 'post', id: `${BIG}_42`, mediaId: BIG }),
    raw: `{"pk":${BIG},"id":"${BIG}_42"}`,
    path: '/v1/media/by/id',
    params: `{"id":${BIG}}`,
    request_id: 'r1',
    fetched_at: 1_775_000_000_000,
  };

  it('keeps big ids exact in the raw answer and the parameters', () => {
    const record = recordOfRow(row) as unknown as { mediaId: string; raw: { pk: string } };
    expect(record.mediaId).toBe(BIG);
    expect(record.raw.pk).toBe(BIG);
    expect(provenanceOfRow(row, 0).params).toEqual({ id: BIG });
  });

  it('falls back to the time it was seen when the request is gone', () => {
    const gone = { ...row, path: null, params: null, request_id: null, fetched_at: null };
    expect(provenanceOfRow(gone, 1_700_000_000_000)).toEqual({ path: '/', params: {}, requestId: null, fetchedAt: 1_700_000_000_000 });
    expect(provenanceOfRow(row, 1).fetchedAt).toBe(1_775_000_000_000);
  });
});
