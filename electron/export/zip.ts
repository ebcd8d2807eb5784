// ZIP bundles, streamed by a writer of our own (zip-records.ts has the format): each entry is opened only
// when the previous one is written, so the data files are generated as they are compressed and media files
// are read from disk in turn; memory stays flat. One pass over each entry's bytes counts them and computes
// their CRC-32 (zlib's, native) and sha256; the manifest, written last, lists them all.
import { createHash } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';
import { stageFileAtomic } from '../storage/fs-atomic';
import { centralRecord, dataDescriptor, endOfCentralDirectory, localHeader, type ZipEntryRecord } from './zip-records';

// Deflate's fastest level: several times faster than the default 6 on CSV and NDJSON, for files some 10-25 %
// larger (npm run bench prints both). Exports are written far more often than they are mailed.
const DEFLATE_LEVEL = 1;
/** Deflate's output chunks: one file write each. */
const OUTPUT_CHUNK = 64 * 1024;

type Bytes = Readable | Iterable<Buffer> | AsyncIterable<Buffer>;

export interface ZipSource {
  /** Path inside the ZIP ('/' separated, relative, no '..'). */
  name: string;
  /** Deflate the entry (data files); media files are already compressed. */
  compress: boolean;
  open: () => Bytes | Promise<Bytes>;
}

export interface WrittenEntry {
  bytes: number;
  sha256: string;
}

/**
 * Writes the entries, then `last` (built from what was written, e.g. the manifest) as the final entry,
 * atomically to `file` (a new file: the name was chosen free, and a file that took it in the meantime is
 * kept). Returns the size and sha256 of every entry but the last. A source that fails fails the file.
 */
export async function writeZipAtomic(
  file: string,
  sources: readonly ZipSource[],
  last: { name: string; build: (written: ReadonlyMap<string, WrittenEntry>) => Iterable<Buffer> },
  mtime: Date,
): Promise<Map<string, WrittenEntry>> {
  const written = new Map<string, WrittenEntry>();
  const all: ZipSource[] = [...sources, { name: last.name, compress: true, open: () => last.build(written) }];
  const bytes = zipBytes(all, mtime, (name, entry) => {
    if (name !== last.name) written.set(name, entry);
  });
  await (await stageFileAtomic(file, bytes)).commit({ replace: false });
  return written;
}

/**
 * The bytes of a ZIP of `sources`, in order; `onEntry` hears of each entry once its data is through.
 * `forceZip64` writes the ZIP64 forms even where the figures fit (for tests).
 */
export async function* zipBytes(
  sources: readonly ZipSource[],
  mtime: Date,
  onEntry: (name: string, entry: WrittenEntry) => void = () => undefined,
  forceZip64 = false,
): AsyncGenerator<Buffer> {
  const records: ZipEntryRecord[] = [];
  let offset = 0;
  for (const source of sources) {
    const name = Buffer.from(checkedName(source.name), 'utf8');
    const method = source.compress ? 8 : 0;
    const header = localHeader(name, method, mtime);
    const record: ZipEntryRecord = { name, method, crc: 0, compressedSize: 0, size: 0, offset, mtime };
    yield header;
    offset += header.length;

    const hash = createHash('sha256');
    // The entry's bytes as they are read: counted, CRC'd and hashed in one pass.
    async function* measured(input: Bytes): AsyncGenerator<Buffer> {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        record.size += chunk.length;
        record.crc = crc32(chunk, record.crc);
        hash.update(chunk);
        yield chunk;
      }
    }
    const input = measured(await source.open());
    let data: AsyncIterable<Buffer> = input;
    if (source.compress) {
      const deflate = createDeflateRaw({ level: DEFLATE_LEVEL, chunkSize: OUTPUT_CHUNK });
      // A failing input destroys `deflate` with its error, which the loop below then throws.
      pipeline(input, deflate, () => undefined);
      data = deflate;
    }
    for await (const chunk of data) {
      record.compressedSize += chunk.length;
      yield chunk;
    }
    offset += record.compressedSize;
    const descriptor = dataDescriptor(record, forceZip64 || undefined);
    yield descriptor;
    offset += descriptor.length;
    records.push(record);
    onEntry(source.name, { bytes: record.size, sha256: hash.digest('hex') });
  }
  const start = offset;
  for (const record of records) {
    const central = centralRecord(record, forceZip64 || undefined);
    yield central;
    offset += central.length;
  }
  yield endOfCentralDirectory(records.length, offset - start, start, forceZip64 || undefined);
}

/** A name a reader unpacks where it belongs: a relative file path, '/'-separated, no '..'. */
function checkedName(name: string): string {
  if (name === '' || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.split(/[/\\]/).includes('..') || name.endsWith('/')) {
    throw new Error(`not a file name for a ZIP entry: ${JSON.stringify(name)}`);
  }
  return name;
}
