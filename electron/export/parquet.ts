// Parquet files (Apache Parquet, through hyparquet-writer: pure JavaScript, no native module) with
// types every reader agrees on: ids as UTF-8 strings (never doubles: media ids exceed 2^53), counts as
// signed 64-bit integers, times as INT64 TIMESTAMP(MILLIS, UTC-adjusted), lists of strings as the
// standard three-level LIST, Snappy-compressed. DuckDB, pandas/pyarrow, R arrow and Spark all read these
// (test/unit/electron/analysis/parquet.test.ts reads every file back with DuckDB). Rows are written in row groups
// as they come, so memory holds one group at a time; the file is written under a temp name and renamed.
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import type { SchemaElement } from 'hyparquet';
import { tempPathFor } from '../storage/fs-atomic';
import { renameSync } from 'node:fs';

export type ParquetType = 'string' | 'int64' | 'double' | 'boolean' | 'timestamp' | 'strings';

export interface ParquetColumn {
  name: string;
  type: ParquetType;
  /** Shown in the docs and kept in the file's key-value metadata. */
  doc?: string;
}

/** A value of a row: timestamps as epoch milliseconds, lists as arrays of strings. */
export type ParquetValue = string | number | boolean | null | readonly string[];

export interface ParquetWritten {
  rows: number;
  bytes: number;
  sha256: string;
}

function schemaOf(columns: readonly ParquetColumn[]): SchemaElement[] {
  const out: SchemaElement[] = [{ name: 'schema', num_children: columns.length }];
  for (const c of columns) {
    switch (c.type) {
      case 'string':
        out.push({ name: c.name, type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' }, repetition_type: 'OPTIONAL' });
        break;
      case 'int64':
        out.push({ name: c.name, type: 'INT64', repetition_type: 'OPTIONAL' });
        break;
      case 'double':
        out.push({ name: c.name, type: 'DOUBLE', repetition_type: 'OPTIONAL' });
        break;
      case 'boolean':
        out.push({ name: c.name, type: 'BOOLEAN', repetition_type: 'OPTIONAL' });
        break;
      case 'timestamp':
        out.push({ name: c.name, type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' }, repetition_type: 'OPTIONAL' });
        break;
      case 'strings':
        out.push(
          { name: c.name, repetition_type: 'OPTIONAL', converted_type: 'LIST', logical_type: { type: 'LIST' }, num_children: 1 },
          { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
          { name: 'element', type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' }, repetition_type: 'OPTIONAL' },
        );
        break;
    }
  }
  return out;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** A value an INT64 column holds; null beyond its range (the writer would wrap it round into another number). */
function int64(v: bigint | null): bigint | null {
  return v !== null && v >= INT64_MIN && v <= INT64_MAX ? v : null;
}

function cell(type: ParquetType, v: ParquetValue): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'string':
      return typeof v === 'string' ? v : String(v);
    case 'int64':
    case 'timestamp':
      return int64(typeof v === 'number' && Number.isFinite(v) ? BigInt(Math.trunc(v)) : typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : null);
    case 'double':
      return typeof v === 'number' ? v : null;
    case 'boolean':
      return typeof v === 'boolean' ? v : null;
    case 'strings':
      return Array.isArray(v) ? [...v] : null;
  }
}

/** A hyparquet writer that hands its bytes to a file (and a hash) after each row group. */
function fileSink(fd: number): { writer: ByteWriter; written: () => { bytes: number; sha256: string } } {
  const writer = new ByteWriter(1 << 20);
  const hash = createHash('sha256');
  let bytes = 0;
  const drain = () => {
    const chunk = writer.getBytes();
    let at = 0;
    while (at < chunk.length) at += writeSync(fd, chunk, at, chunk.length - at);
    hash.update(chunk);
    bytes += chunk.length;
    writer.index = 0;
  };
  Object.assign(writer, { flush: drain, finish: drain });
  return { writer, written: () => ({ bytes, sha256: hash.digest('hex') }) };
}

export interface ParquetOptions {
  /** Rows per row group (default 50,000). */
  rowGroupRows?: number;
  createdBy: string;
  /** Extra key-value metadata (what the table is, from which study). */
  metadata?: Record<string, string>;
}

/** Writes `rows` (arrays in the order of `columns`) to `path`, atomically. */
export function writeParquet(path: string, columns: readonly ParquetColumn[], rows: Iterable<readonly ParquetValue[]>, o: ParquetOptions): ParquetWritten {
  const temp = tempPathFor(path);
  const fd = openSync(temp, 'wx', 0o600);
  let count = 0;
  try {
    const sink = fileSink(fd);
    const pq = new ParquetWriter({
      writer: sink.writer,
      schema: schemaOf(columns),
      codec: 'SNAPPY',
      createdBy: o.createdBy,
      kvMetadata: Object.entries(o.metadata ?? {}).map(([key, value]) => ({ key, value })),
    });
    const groupRows = o.rowGroupRows ?? 50_000;
    let group: unknown[][] = columns.map(() => []);
    const flush = () => {
      if (group[0]!.length === 0 && count > 0) return;
      void pq.write({ columnData: columns.map((c, i) => ({ name: c.name, data: group[i]! })), rowGroupSize: Math.max(1, group[0]!.length) });
      group = columns.map(() => []);
    };
    for (const row of rows) {
      for (let i = 0; i < columns.length; i++) group[i]!.push(cell(columns[i]!.type, row[i] ?? null));
      count += 1;
      if (group[0]!.length >= groupRows) flush();
    }
    if (group[0]!.length > 0) flush();
    void pq.finish();
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, path);
    return { rows: count, ...sink.written() };
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    try {
      unlinkSync(temp);
    } catch {
      // never made
    }
    throw error;
  }
}
