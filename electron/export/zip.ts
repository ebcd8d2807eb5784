// ZIP bundles, streamed with yazl: each entry is opened only when the previous one is written, so the
// data files are generated as they are compressed and media files are read from disk in turn; memory
// stays flat. Every entry is hashed on the way through, and the manifest, written last, lists them all.
import { createHash } from 'node:crypto';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { ZipFile } from 'yazl';
import { stageFileAtomic } from '../storage/fs-atomic';

// Deflate's fastest level: several times faster than the default 6 on CSV and NDJSON, for files some 10-25 %
// larger (npm run bench prints both). Exports are written far more often than they are mailed.
const DEFLATE_LEVEL = 1;

export interface ZipSource {
  /** Path inside the ZIP ('/' separated). */
  name: string;
  /** Deflate the entry (data files); media files are already compressed. */
  compress: boolean;
  open: () => Readable | Promise<Readable>;
}

export interface WrittenEntry {
  bytes: number;
  sha256: string;
}

/**
 * Writes the entries, then `last` (built from what was written, e.g. the manifest) as the final entry,
 * atomically to `file`. Returns the size and sha256 of every entry but the last.
 */
export async function writeZipAtomic(
  file: string,
  sources: readonly ZipSource[],
  last: { name: string; build: (written: ReadonlyMap<string, WrittenEntry>) => Iterable<Buffer> },
  mtime: Date,
): Promise<Map<string, WrittenEntry>> {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const written = new Map<string, WrittenEntry>();
  const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on('error', fail);
  // A failure reaches the file writer through its reading of `output` (the write rejects); the 'error'
  // event the stream also emits, once the reader has let go, must not become an uncaught exception.
  output.on('error', () => undefined);

  for (const source of sources) {
    zip.addReadStreamLazy(source.name, { compressionLevel: source.compress ? DEFLATE_LEVEL : 0, mtime }, (cb) => {
      Promise.resolve()
        .then(() => source.open())
        .then((input) => {
          const hash = createHash('sha256');
          let bytes = 0;
          const counted = new Transform({
            transform(chunk: Buffer, _encoding, done: TransformCallback) {
              hash.update(chunk);
              bytes += chunk.length;
              done(null, chunk);
            },
            flush(done: TransformCallback) {
              // Runs before 'end', so the entry is recorded before yazl moves on to the next one.
              written.set(source.name, { bytes, sha256: hash.digest('hex') });
              done();
            },
          });
          // yazl does not watch its inputs for errors: a failing source fails the whole file.
          pipeline(input, counted, (error) => {
            if (error) fail(error);
          });
          cb(null, counted);
        }, fail);
    });
  }
  zip.addReadStreamLazy(last.name, { compress: true, mtime }, (cb) => {
    try {
      // Made as it is read: a failure while making it fails the file (yazl would wait for it forever).
      const input = Readable.from(last.build(written));
      input.on('error', fail);
      cb(null, input);
    } catch (error) {
      fail(error);
    }
  });
  zip.end();
  // A new file only: the name was chosen free, and a file that took it in the meantime is kept.
  await (await stageFileAtomic(file, output)).commit({ replace: false });
  return written;
}
