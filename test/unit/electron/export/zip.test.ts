// The ZIP writer (electron/export/zip.ts, through yazl): what it writes reads back entry for entry with
// matching CRC-32s, sizes and data descriptors (support.ts readZip), in Info-ZIP's unzip too; a failing
// source fails the file and leaves nothing; names that would unpack outside the folder are refused
// before anything is written.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeZipAtomic, type ZipSource } from '../../../../electron/export/zip';
import { readZip } from './support';

const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'feedlens-zip-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mtime = new Date(2026, 10, 24, 13, 45, 30);
const text = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => `line ${i}: ünïcødé ✓ 🎞\n`).join(''));

function sources(): { list: ZipSource[]; contents: Map<string, Buffer> } {
  const contents = new Map<string, Buffer>([
    ['items.csv', text(20_000)], // several deflate chunks
    ['empty.ndjson', Buffer.alloc(0)],
    ['media/post-1-1.jpg', randomBytes(300_000)], // stored, from a stream in pieces
    ['naïve/名前.txt', Buffer.from('a name in UTF-8')],
  ]);
  const list: ZipSource[] = [...contents].map(([name, bytes]) => ({
    name,
    compress: !name.startsWith('media/'),
    open: () => (name.startsWith('media/') ? Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]) : [bytes]),
  }));
  return { list, contents };
}

describe('ZIP writer', () => {
  it('writes every entry, then the last one built from what was written, each with its size and sha256', async () => {
    const { list, contents } = sources();
    const file = join(dir, 'bundle.zip');
    const written = await writeZipAtomic(file, list, { name: 'manifest.json', build: (w) => [Buffer.from(JSON.stringify([...w]))] }, mtime);
    const read = readZip(readFileSync(file));
    expect([...read.keys()]).toEqual([...contents.keys(), 'manifest.json']);
    for (const [name, bytes] of contents) {
      expect(read.get(name)?.equals(bytes)).toBe(true);
      expect(written.get(name)?.bytes).toBe(bytes.length);
    }
    const manifest = new Map(JSON.parse(read.get('manifest.json')!.toString()) as [string, { bytes: number; sha256: string }][]);
    expect(manifest.get('items.csv')?.bytes).toBe(contents.get('items.csv')!.length);
    expect(manifest.get('media/post-1-1.jpg')?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(written.has('manifest.json')).toBe(false);
    // Compressed where asked, stored where not.
    expect(readFileSync(file).length).toBeLessThan([...contents.values()].reduce((n, b) => n + b.length, 0));
  });

  it.skipIf(!hasUnzip)("tests clean in Info-ZIP's unzip, names and times included", async () => {
    const { list, contents } = sources();
    const file = join(dir, 'bundle.zip');
    await writeZipAtomic(file, list, { name: 'manifest.json', build: () => [Buffer.from('{}')] }, mtime);
    expect(readZip(readFileSync(file)).size).toBe(contents.size + 1);
    // unzip -t checks every entry's CRC; it fails on a bad record or offset.
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    const listing = execFileSync('zipinfo', ['-T', file], { encoding: 'utf8' });
    expect(listing).toContain('naïve/名前.txt');
    expect(listing).toContain('20261124.1345'); // the DOS time, local
    const out = join(dir, 'out');
    execFileSync('unzip', ['-q', file, '-d', out]);
    expect(readFileSync(join(out, 'media/post-1-1.jpg')).equals(contents.get('media/post-1-1.jpg')!)).toBe(true);
  });

  it('fails the file when a source fails, and leaves no file behind', async () => {
    const { list } = sources();
    const failing: ZipSource = {
      name: 'broken.csv',
      compress: true,
      open: () =>
        Readable.from(
          (function* () {
            yield Buffer.from('first rows\n');
            throw new Error('the disk went away');
          })(),
        ),
    };
    const file = join(dir, 'bundle.zip');
    await expect(writeZipAtomic(file, [list[0]!, failing, list[2]!], { name: 'manifest.json', build: () => [] }, mtime)).rejects.toThrow('the disk went away');
    expect(readdirSync(dir)).toEqual([]);
    await expect(writeZipAtomic(file, [{ name: 'x', compress: false, open: () => Promise.reject(new Error('cannot open')) }], { name: 'm', build: () => [] }, mtime)).rejects.toThrow('cannot open');
    expect(existsSync(file)).toBe(false);
  });

  it('refuses names that would unpack outside the folder, before writing anything', async () => {
    for (const name of ['/etc/passwd', '../up.txt', 'a/../../b', 'C:/x', 'dir/', '', 'a\\..\\b']) {
      const file = join(dir, 'bad.zip');
      await expect(writeZipAtomic(file, [{ name, compress: false, open: () => [Buffer.from('x')] }], { name: 'm', build: () => [] }, mtime)).rejects.toThrow('not a file name');
      expect(existsSync(file)).toBe(false);
    }
  });
});
