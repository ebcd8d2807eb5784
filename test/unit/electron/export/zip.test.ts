// The ZIP writer (electron/export/zip.ts, zip-records.ts): what it writes reads back entry for entry with
// matching CRC-32s, sizes and data descriptors (support.ts readZip), in Info-ZIP's unzip too, with ZIP64
// forms where forced; a failing source fails the file and leaves nothing; names that would unpack
// outside the folder are refused before anything is written.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeZipAtomic, zipBytes, type ZipSource } from '../../../../electron/export/zip';
import { centralRecord, dataDescriptor, endOfCentralDirectory, type ZipEntryRecord } from '../../../../electron/export/zip-records';
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

async function collect(gen: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of gen) parts.push(part);
  return Buffer.concat(parts);
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

  it.skipIf(!hasUnzip)("tests clean in Info-ZIP's unzip, names and times included, in the plain and in the ZIP64 forms", async () => {
    for (const force of [false, true]) {
      const { list, contents } = sources();
      const file = join(dir, `bundle-${force}.zip`);
      writeFileSync(file, await collect(zipBytes(list, mtime, undefined, force)));
      expect(readZip(readFileSync(file)).size).toBe(contents.size);
      // unzip -t checks every entry's CRC; it fails on a bad record or offset.
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
      const listing = execFileSync('zipinfo', ['-T', file], { encoding: 'utf8' });
      expect(listing).toContain('naïve/名前.txt');
      expect(listing).toContain('20261124.1345'); // the DOS time, local
      const out = join(dir, `out-${force}`);
      execFileSync('unzip', ['-q', file, '-d', out]);
      expect(readFileSync(join(out, 'media/post-1-1.jpg')).equals(contents.get('media/post-1-1.jpg')!)).toBe(true);
    }
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

describe('ZIP records', () => {
  const entry = (over: Partial<ZipEntryRecord>): ZipEntryRecord => ({ name: Buffer.from('big.bin'), method: 8, crc: 0x12345678, compressedSize: 10, size: 20, offset: 0, mtime, ...over });

  it('give figures over 4 GiB in ZIP64 fields, and keep the plain form below', () => {
    const small = centralRecord(entry({}));
    expect(small.readUInt32LE(20)).toBe(10);
    expect(small.readUInt32LE(42)).toBe(0);
    expect(small.readUInt16LE(6)).toBe(20);

    const big = entry({ size: 6_000_000_000, compressedSize: 5_000_000_001, offset: 4_294_967_296 + 7 });
    const central = centralRecord(big);
    expect(central.readUInt32LE(20)).toBe(0xffffffff);
    expect(central.readUInt16LE(6)).toBe(45);
    const zip64 = central.indexOf(Buffer.from([0x01, 0x00, 24, 0x00]), 46);
    expect(zip64).toBeGreaterThan(0);
    expect(Number(central.readBigUInt64LE(zip64 + 4))).toBe(6_000_000_000);
    expect(Number(central.readBigUInt64LE(zip64 + 12))).toBe(5_000_000_001);
    expect(Number(central.readBigUInt64LE(zip64 + 20))).toBe(4_294_967_303);

    const descriptor = dataDescriptor(big);
    expect(descriptor.length).toBe(24);
    expect(Number(descriptor.readBigUInt64LE(16))).toBe(6_000_000_000);
    expect(dataDescriptor(entry({})).length).toBe(16);
    // Only the offset is big: sizes fit, so the descriptor stays narrow.
    expect(dataDescriptor(entry({ offset: 5_000_000_000 })).length).toBe(16);
  });

  it('end with ZIP64 end records when the entries exceed 65,534 or the directory lies past 4 GiB', () => {
    expect(endOfCentralDirectory(3, 100, 1000).length).toBe(22);
    for (const [count, offset] of [[70_000, 1000], [3, 5_000_000_000]] as const) {
      const end = endOfCentralDirectory(count, 100, offset);
      expect(end.length).toBe(56 + 20 + 22);
      expect(end.readUInt32LE(0)).toBe(0x06064b50);
      expect(Number(end.readBigUInt64LE(32))).toBe(count);
      expect(Number(end.readBigUInt64LE(48))).toBe(offset);
      expect(end.readUInt32LE(56)).toBe(0x07064b50);
      expect(Number(end.readBigUInt64LE(56 + 8))).toBe(offset + 100);
      expect(end.readUInt16LE(76 + 10)).toBe(0xffff);
    }
  });
});
