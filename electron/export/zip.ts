// ZIP bundles through yazl: each entry is opened only when the previous one is written (addReadStreamLazy),
// so the data files are generated as they are compressed and media files are read from disk in turn;
// memory stays flat. Each entry's bytes are counted and hashed on their way in; the last entry (the
// manifest) is built from those figures. yazl writes ZIP64 forms only where a figure needs them.
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import { stageFileAtomic } from '../storage/fs-atomic';

// Deflate's fastest level: about twice as fast as the default 6 on CSV and NDJSON, for files about 20 %
// larger (docs/decisions/csv-writer.md). Exports are written far more often than they are mailed.
const DEFLATE_LEVEL = 1;

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
 * The bytes of an entry as a stream that counts and hashes them, and says so when they are through. yazl
 * does not listen for a failing entry stream: `fail` hears of it.
 */
function measured(input: Bytes, done: (entry: WrittenEntry) => void, fail: (error: Error) => void): Readable {
  const hash = createHash('sha256');
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      done({ bytes, sha256: hash.digest('hex') });
      callback();
    },
  });
  const source = input instanceof Readable ? input : Readable.from(input, { objectMode: false });
  source.on('error', fail);
  counter.on('error', fail);
  return source.pipe(counter);
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
  for (const source of sources) checkedName(source.name);
  checkedName(last.name);
  const written = new Map<string, WrittenEntry>();
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // A failing entry fails the output, and the file is not kept.
  const fail = (error: Error) => output.destroy(error);
  zip.on('error', fail);
  // Reading the output throws the error, even when it came before the reading began.
  output.on('error', () => undefined);
  const all: ZipSource[] = [...sources, { name: last.name, compress: true, open: () => last.build(written) }];
  for (const source of all) {
    const options = { mtime, compress: source.compress, compressionLevel: source.compress ? DEFLATE_LEVEL : 0 };
    zip.addReadStreamLazy(source.name, options, (callback) => {
      Promise.resolve()
        .then(() => source.open())
        .then(
          (input) => callback(null, measured(input, (entry) => source.name !== last.name && written.set(source.name, entry), fail)),
          (error: unknown) => callback(error, undefined as never),
        );
    });
  }
  zip.end();
  await (await stageFileAtomic(file, output)).commit({ replace: false });
  return written;
}

/** A name a reader unpacks where it belongs: a relative file path, '/'-separated, no '..'. */
function checkedName(name: string): string {
  if (name === '' || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.split(/[/\\]/).includes('..') || name.endsWith('/')) {
    throw new Error(`not a file name for a ZIP entry: ${JSON.stringify(name)}`);
  }
  return name;
}
