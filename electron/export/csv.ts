// CSV writing for every CSV of the exports (data files, networks, charts): RFC 4180 (CRLF line ends,
// quotes doubled), a UTF-8 BOM on request so Excel reads the file as UTF-8, delimiter ',' ';' or tab. Lines
// are made one row at a time, so memory stays flat however many rows there are. The output is
// csv-stringify's with the options the safety test passes it (the test holds the two side by side); kept
// by hand because csv-stringify made a CSV export 1.7x slower (docs/decisions/csv-writer.md).
import type { Cell, Row } from './columns';

export type Delimiter = ',' | ';' | '\t';

export interface CsvOptions {
  delimiter: Delimiter;
  bom: boolean;
}

// A plain number or a list of numbers ("-23.55,-46.63") is data, not a formula: left as it is.
const NUMERIC = /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?(,[-+]?\d+(\.\d+)?([eE][-+]?\d+)?)*$/;

/** = + - @ tab CR: what spreadsheets read as the start of a formula. */
function startsFormula(text: string): boolean {
  const c = text.charCodeAt(0);
  return c === 0x3d || c === 0x2b || c === 0x2d || c === 0x40 || c === 0x09 || c === 0x0d;
}

/**
 * Spreadsheets run a cell that starts with = + - @ (or tab / CR) as a formula, which a caption or a
 * username could abuse (CSV injection). Such text cells get a leading apostrophe, which spreadsheets
 * show as text and hide; numbers and number lists are left alone.
 */
export function escapeFormula(cell: Cell): Cell {
  if (typeof cell !== 'string' || !startsFormula(cell) || NUMERIC.test(cell)) return cell;
  return `'${cell}`;
}

const NEEDS_QUOTES: Record<Delimiter, RegExp> = { ',': /[",\r\n]/, ';': /[";\r\n]/, '\t': /["\t\r\n]/ };
const QUOTES = /"/g;

/** One cell as CSV text: quoted when it holds a quote, the delimiter or a line break (a bare CR or LF too). */
function field(cell: Cell, needsQuotes: RegExp): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = startsFormula(cell) && !NUMERIC.test(cell) ? `'${cell}` : cell;
  if (!needsQuotes.test(text)) return text;
  return `"${text.replace(QUOTES, '""')}"`;
}

/** The CSV text of one row (no line end), cells in the order of `columns`. */
export function csvLine(columns: readonly string[], row: Row, delimiter: Delimiter): string {
  const needsQuotes = NEEDS_QUOTES[delimiter];
  let line = field(row[columns[0] as string] ?? null, needsQuotes);
  for (let i = 1; i < columns.length; i++) line += delimiter + field(row[columns[i] as string] ?? null, needsQuotes);
  return line;
}

/** The header line with its line end, after a BOM when asked. */
export function csvHeader(columns: readonly string[], options: CsvOptions): string {
  const needsQuotes = NEEDS_QUOTES[options.delimiter];
  return `${options.bom ? '\ufeff' : ''}${columns.map((c) => field(c, needsQuotes)).join(options.delimiter)}\r\n`;
}

/**
 * The CSV text, header first, as one string per line. A `null` among the rows stands for an item that gave
 * none: an empty string is yielded there, where a paced writer may give main a turn (output.ts).
 */
export function* csvLines(columns: readonly string[], rows: Iterable<Row | null>, options: CsvOptions): Generator<string> {
  yield csvHeader(columns, options);
  for (const row of rows) yield row === null ? '' : `${csvLine(columns, row, options.delimiter)}\r\n`;
}
