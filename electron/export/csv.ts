// CSV writing, streamed through csv-stringify: rows are pulled one at a time from the source, so memory
// stays flat however many rows there are. RFC 4180 (CRLF line ends, quotes doubled); a UTF-8 BOM on
// request so Excel reads the file as UTF-8; delimiter ',' ';' or tab.
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import type { Cell, Row } from './columns';

export type Delimiter = ',' | ';' | '\t';

export interface CsvOptions {
  delimiter: Delimiter;
  bom: boolean;
}

// A plain number or a list of numbers ("-23.55,-46.63") is data, not a formula: left as it is.
const NUMERIC = /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?(,[-+]?\d+(\.\d+)?([eE][-+]?\d+)?)*$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Spreadsheets run a cell that starts with = + - @ (or tab / CR) as a formula, which a caption or a
 * username could abuse (CSV injection). Such text cells get a leading apostrophe, which spreadsheets
 * show as text and hide; numbers and number lists are left alone.
 */
export function escapeFormula(cell: Cell): Cell {
  if (typeof cell !== 'string' || !FORMULA_START.test(cell) || NUMERIC.test(cell)) return cell;
  return `'${cell}`;
}

/** The CSV text of the rows, as a stream of chunks (header first). */
export function csvStream(columns: readonly string[], rows: Iterable<Row> | AsyncIterable<Row>, options: CsvOptions): Readable {
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) {
        const out: Record<string, Cell> = {};
        for (const column of columns) out[column] = escapeFormula(row[column] ?? null);
        yield out;
      }
    })(),
  );
  const csv = stringify({
    header: true,
    columns: [...columns],
    delimiter: options.delimiter,
    bom: options.bom,
    record_delimiter: 'windows',
    // csv-stringify quotes a field holding the CRLF record delimiter, but not one holding a bare LF or CR,
    // which spreadsheets also read as a line end: captions have those.
    quoted_match: /[\r\n]/,
  });
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
