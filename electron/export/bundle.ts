// A ZIP bundle of one export: one CSV per table, items.ndjson, optionally the saved media, a README.txt
// made from the same column lists the CSV files are written with, and manifest.json last (zip.ts).
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ExportResult } from '../../shared/ipc';
import { columnsOf, type TableName } from './columns';
import type { ManifestFile } from './manifest';
import { freeBaseName } from './naming';
import { batches, pacedBatches } from './output';
import { readmeText, TABLE_HOLDS, tableJoins, type ReadmeFacts, type ReadmeFile } from './readme';
import type { Slicer } from './slices';
import { writeZipAtomic, type ZipSource } from './zip';

export interface MediaEntry {
  /** Path inside the ZIP (media/...). */
  name: string;
  file: string;
  item: { kind: string; id: string; code: string | null };
}

export interface BundleParts {
  folder: string;
  stem: string;
  startedAt: number;
  slice: Slicer;
  tables: readonly TableName[];
  studyColumns: boolean;
  /** A table's CSV text, header first; `counter.rows` counts its rows as they are made. */
  csv: (table: TableName, counter: { rows: number }) => Iterable<string>;
  /** items.ndjson's text; `counter.rows` counts its lines. */
  ndjson: (counter: { rows: number }) => Iterable<string>;
  media: readonly MediaEntry[];
  /** The README's facts but its files (the bundle lists them). */
  readme: Omit<ReadmeFacts, 'files' | 'joins'>;
  /** The manifest's text for these files, and the number of items written. */
  manifest: (files: ManifestFile[], rows: number) => Iterable<string>;
}

const ITEMS_HOLD = 'Every item as one JSON object per line: {kind, record (normalised), raw (as the service sent it), provenance (request, time, sha256 of the answer, simulated, origin)}; a study export adds study (status, codes, notes).';
const MEDIA_HOLD = 'The saved media files of the items, named <kind>-<id>-<n>.<ext>; manifest.json names the item each belongs to.';

export async function writeBundle(b: BundleParts): Promise<ExportResult> {
  const base = await freeBaseName(b.folder, b.stem, ['.zip']);
  const path = join(b.folder, `${base}.zip`);
  const counters = new Map<string, { rows: number }>();
  const sources: ZipSource[] = [];
  const described = new Map<string, Omit<ManifestFile, 'bytes' | 'sha256'>>();
  const readmeFiles: ReadmeFile[] = [];
  for (const table of b.tables) {
    const name = `${table}.csv`;
    const counter = { rows: 0 };
    counters.set(name, counter);
    described.set(name, { path: name, role: 'data', format: 'csv', columnSet: table });
    readmeFiles.push({ path: name, holds: TABLE_HOLDS[table], columns: columnsOf(table, b.studyColumns) });
    sources.push({ name, compress: true, open: () => Readable.from(pacedBatches(b.csv(table, counter), b.slice)) });
  }
  const lines = { rows: 0 };
  counters.set('items.ndjson', lines);
  described.set('items.ndjson', { path: 'items.ndjson', role: 'data', format: 'ndjson' });
  readmeFiles.push({ path: 'items.ndjson', holds: ITEMS_HOLD });
  sources.push({ name: 'items.ndjson', compress: true, open: () => Readable.from(pacedBatches(b.ndjson(lines), b.slice)) });
  for (const m of b.media) {
    described.set(m.name, { path: m.name, role: 'media', item: m.item });
    // Opened when its turn comes: a bundle of many media files never holds them all open.
    sources.push({ name: m.name, compress: false, open: () => createReadStream(m.file) });
  }
  if (b.media.length > 0) readmeFiles.push({ path: 'media/', holds: MEDIA_HOLD });
  readmeFiles.push({ path: 'README.txt', holds: 'This file.' }, { path: 'manifest.json', holds: 'What was exported and how: the requests the items came from, the choices made, every file with its rows, size and sha256.' });
  const readme = readmeText({ ...b.readme, files: readmeFiles, joins: tableJoins(new Set(b.tables)) });
  described.set('README.txt', { path: 'README.txt', role: 'readme', format: 'text' });
  sources.push({ name: 'README.txt', compress: true, open: () => [Buffer.from(readme, 'utf8')] });

  const written = await writeZipAtomic(
    path,
    sources,
    {
      name: 'manifest.json',
      build: (entries) => {
        const files: ManifestFile[] = [];
        for (const source of sources) {
          const info = described.get(source.name);
          const entry = entries.get(source.name);
          if (!info || !entry) continue;
          const counter = counters.get(source.name);
          files.push({ ...info, ...(counter ? { rows: counter.rows } : {}), bytes: entry.bytes, sha256: entry.sha256 });
        }
        return batches(b.manifest(files, lines.rows));
      },
    },
    new Date(b.startedAt),
  );
  return { path, rows: lines.rows, files: written.size + 1, manifestPath: null };
}
