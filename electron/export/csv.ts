// CSV writing through csv-stringify, for every CSV the app writes: RFC 4180 (CRLF line ends, quotes
// doubled, a field holding the delimiter, a quote or a line break quoted), a UTF-8 BOM on request so Excel
// reads the file as UTF-8, delimiter ',' ';' or tab, and text cells guarded against formulas. Rows are
// handed to csv-stringify a few hundred at a time, so memory stays flat however many rows there are.
import { stringify, type Options } from 'csv-stringify/sync';
import type { Cell, Row } from './columns';

export type Delimiter = ',' | ';' | '\t';

export interface CsvOptions {
  delimiter: Delimiter;
  bom: boolean;
}

/** Rows per call of csv-stringify: its options are read once per call. */
const ROWS_PER_CALL = 256;

// A plain number or a list of numbers ("-23.55,-46.63") is data, not a formula: left as it is.
const NUMERIC = /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?(,[-+]?\d+(\.\d+)?([eE][-+]?\d+)?)*$/;
/** = + - @ tab CR: what spreadsheets read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Spreadsheets run a cell that starts with = + - @ (or tab / CR) as a formula, which a caption or a
 * username could abuse (CSV injection). Such text cells get a leading apostrophe, which spreadsheets
 * show as text and hide; numbers and number lists are left alone. (csv-stringify's own escape_formulas
 * would also change "-3" and "-23.55,-46.63".)
 */
export function escapeFormula(cell: Cell): Cell {
  if (typeof cell !== 'string' || !FORMULA_START.test(cell) || NUMERIC.test(cell)) return cell;
  return `'${cell}`;
}

function optionsOf(delimiter: Delimiter, header?: readonly string[], bom = false): Options {
  return {
    ...(header ? { columns: [...header], header: true } : {}),
    bom,
    delimiter,
    record_delimiter: 'windows',
    // A bare CR or LF is a line break too: quoted.
    quoted_match: /[\r\n]/,
    cast: { string: (value) => escapeFormula(value) as string },
  };
}

/** The header line with its line end, after a BOM when asked. */
export function csvHeader(columns: readonly string[], options: CsvOptions): string {
  return stringify([], optionsOf(options.delimiter, columns, options.bom));
}

/** The CSV text of rows (each with its line end), cells in the order of `columns`. */
export function csvRows(columns: readonly string[], rows: readonly Row[], delimiter: Delimiter): string {
  // As arrays, in the columns' order: csv-stringify reads an object's columns as paths, one parse per cell.
  return rows.length === 0 ? '' : stringify(rows.map((row) => columns.map((c) => row[c] ?? null)), optionsOf(delimiter));
}

/**
 * The CSV text, header first, in pieces of a few hundred rows. A `null` among the rows stands for an item
 * that gave none: an empty piece is yielded there, where a paced writer may give main a turn (output.ts).
 */
export function* csvLines(columns: readonly string[], rows: Iterable<Row | null>, options: CsvOptions): Generator<string> {
  yield csvHeader(columns, options);
  let batch: Row[] = [];
  for (const row of rows) {
    if (row === null) {
      yield '';
      continue;
    }
    batch.push(row);
    if (batch.length >= ROWS_PER_CALL) {
      yield csvRows(columns, batch, options.delimiter);
      batch = [];
    }
  }
  if (batch.length > 0) yield csvRows(columns, batch, options.delimiter);
}
