// Times beyond what a Date can hold (past year 275760) in a record, its check or its provenance: the
// exports write them as an empty time cell (or null) beside their epoch figure, never fail with
// "Invalid time value"; a year past 9999 is written in ISO 8601's expanded form, whole. A study export
// (its database from someone else, say) and an export of items sent by the renderer, every format.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { afterAll, describe, expect, it } from 'vitest';
import { isoTime, utcTime } from '../../../../electron/export/cells';
import type { Network } from '../../../../electron/analysis/networks';
import { gexfChunks } from '../../../../electron/export/gexf';
import { writeParquet } from '../../../../electron/export/parquet';
import { runExport, type SavedItem } from '../../../../electron/export/run';
import { openDb } from '../../../../electron/studies/db';
import { exportStudy } from '../../../../electron/studies/export';
import { item } from '../../../../scripts/bench/posts';
import { fillSynthetic } from '../../../support/synthetic-study';
import { csvObjects, readZip } from './support';

const folder = mkdtempSync(join(tmpdir(), 'feedlens-far-dates-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Year 318,857: no Date holds it. */
const BEYOND_SECONDS = 1e13;
/** 10000-01-01T00:00:00Z. */
const YEAR_10000_SECONDS = 253_402_300_800;

describe('times past what a Date holds', () => {
  it('are empty cells, and a five-digit year is written whole', () => {
    expect(utcTime(BEYOND_SECONDS)).toBe('');
    expect(isoTime(BEYOND_SECONDS * 1000)).toBe('');
    expect(utcTime(YEAR_10000_SECONDS)).toBe('+010000-01-01 00:00:00');
    expect(isoTime(YEAR_10000_SECONDS * 1000)).toBe('+010000-01-01T00:00:00Z');
    expect(utcTime(1_700_000_000)).toBe('2023-11-14 22:13:20');
    expect(isoTime(1_700_000_000_123)).toBe('2023-11-14T22:13:20Z');
  });

  it('in items sent for export: CSV, NDJSON, JSON and ZIP are written, the epoch figures kept', async () => {
    const far: SavedItem = { ...item(1), record: { ...item(1).record, takenAt: BEYOND_SECONDS } as SavedItem['record'], provenance: { ...item(1).provenance, fetchedAt: BEYOND_SECONDS * 1000 } };
    const late: SavedItem = { ...item(2), record: { ...item(2).record, takenAt: YEAR_10000_SECONDS } as SavedItem['record'] };
    const items = [item(0), far, late];
    const env = { folder, appVersion: 'test', now: () => Date.UTC(2026, 0, 1) };
    const csv = await runExport({ items, format: 'csv', delimiter: ',', bom: false, includeMedia: false, label: 'far csv' }, env);
    const rows = csvObjects(readFileSync(csv.path, 'utf8')).rows;
    expect(rows.map((r) => [r.timestamp, r.unix_timestamp])).toEqual([
      ['2023-11-14 22:13:20', '1700000000'],
      ['', String(BEYOND_SECONDS)],
      // A cell starting with + is kept from spreadsheets' formulas by a leading apostrophe (csv.ts).
      ["'+010000-01-01 00:00:00", String(YEAR_10000_SECONDS)],
    ]);
    for (const format of ['ndjson', 'json'] as const) {
      const out = await runExport({ items, format, delimiter: ',', bom: false, includeMedia: false, label: `far ${format}` }, env);
      const text = readFileSync(out.path, 'utf8');
      const lines = (format === 'json' ? (JSON.parse(text) as { items: unknown[] }).items : text.trim().split('\n').map((l) => JSON.parse(l))) as { record: { takenAt: number }; provenance: { fetchedAt: string | null } }[];
      expect(lines.map((l) => [l.record.takenAt, l.provenance.fetchedAt])).toEqual([
        [1_700_000_000, '2025-11-21T04:40:00.000Z'],
        [BEYOND_SECONDS, null],
        [YEAR_10000_SECONDS, '2025-11-21T04:40:00.000Z'],
      ]);
    }
    const zip = readZip(readFileSync((await runExport({ items, format: 'zip', delimiter: ',', bom: false, includeMedia: false, label: 'far zip' }, env)).path));
    expect(csvObjects(zip.get('posts.csv')!.toString('utf8')).rows.map((r) => r.timestamp)).toEqual(['2023-11-14 22:13:20', '', "'+010000-01-01 00:00:00"]);
  });

  it('in a study: its records, their check times and first sightings export as a ZIP', async () => {
    const studyFolder = join(folder, 'study');
    const db = openDb(join(folder, 'study.sqlite'), { appVersion: 'test' });
    try {
      const { records } = fillSynthetic(db, 40, 3);
      const posts = records.filter((r) => r.kind === 'post');
      const comment = records.find((r) => r.kind === 'comment')!;
      db.prepare('UPDATE records SET record = json_set(record, ?, ?) WHERE rowid = ?').run('$.takenAt', BEYOND_SECONDS, posts[0]!.rowid);
      db.prepare('UPDATE records SET record = json_set(record, ?, ?) WHERE rowid = ?').run('$.createdAt', BEYOND_SECONDS, comment.rowid);
      db.prepare("UPDATE records SET status = 'online', checked_at = ?, first_seen = ? WHERE rowid = ?").run(BEYOND_SECONDS * 1000, BEYOND_SECONDS * 1000, posts[1]!.rowid);
      const out = await exportStudy({ scope: 'seen', format: 'zip' }, { db, studyId: 'study-far-dates', studyName: 'Far', folder: studyFolder, appVersion: 'test' });
      const zip = readZip(readFileSync(out.path));
      const postRows = csvObjects(zip.get('posts.csv')!.toString('utf8')).rows;
      expect(postRows.filter((r) => r.unix_timestamp === String(BEYOND_SECONDS)).map((r) => r.timestamp)).toEqual(['']);
      expect(postRows.filter((r) => r.checked_at_unix === String(BEYOND_SECONDS)).map((r) => [r.status, r.checked_at])).toEqual([['online', '']]);
      const comments = csvObjects(zip.get('comments.csv')!.toString('utf8')).rows;
      expect(comments.filter((r) => r.created_at_unix === String(BEYOND_SECONDS)).map((r) => r.created_at)).toEqual(['']);
      const line = zip
        .get('items.ndjson')!
        .toString('utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { record: { id: string }; study: { checkedAt: string | null; checkedAtUnix: number }; provenance: { fetchedAt: string | null } })
        .find((l) => l.record.id === posts[1]!.id)!;
      expect(line.study).toMatchObject({ checkedAt: null, checkedAtUnix: BEYOND_SECONDS });
      expect(line.provenance.fetchedAt).toBeNull();
    } finally {
      db.close();
    }
  });

  it('in a network and a Parquet table: no date where none can be written, no number wrapped round into another', async () => {
    const node = (key: string, first: number) => ({ key, kind: 'account' as const, label: key, id: key, username: key, posts: 1, weight: 1, first, last: first, watched: false, formerNames: [] });
    const network: Network = { kind: 'mentions', directed: true, nodes: [node('a', 1_700_000_000), node('b', BEYOND_SECONDS)], edges: [{ source: 'a', target: 'b', weight: 1, first: 1_700_000_000, last: BEYOND_SECONDS }] };
    const gexf = [...gexfChunks(network, { creator: 'test', description: 'far', date: '2026-01-01' })].join('');
    expect(gexf).toContain('<attvalue for="first_seen" value="2023-11-14T22:13:20Z"/>');
    expect(gexf).toContain('<attvalue for="last_seen" value=""/>');
    const path = join(folder, 'far.parquet');
    writeParquet(
      path,
      [
        { name: 'taken_at', type: 'timestamp' },
        { name: 'count', type: 'int64' },
      ],
      [
        [1e20, '99999999999999999999'],
        [1_700_000_000_000, '42'],
      ],
      { createdBy: 'test' },
    );
    const bytes = readFileSync(path);
    const rows = (await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) })) as { taken_at: Date | null; count: bigint | null }[];
    expect(rows.map((r) => [r.taken_at === null ? null : r.taken_at.getTime(), r.count])).toEqual([
      [null, null],
      [1_700_000_000_000, 42n],
    ]);
  });
});
