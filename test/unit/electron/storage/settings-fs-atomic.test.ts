// The atomic write helper (electron/storage/fs-atomic.ts) that the settings store, ledger export and cache share.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAtomicTempFile, tempPathFor, writeFileAtomic, writeFileAtomicSync } from '../../../../electron/storage/fs-atomic';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'feedlens-atomic-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('replaces a file with a string, bytes or a stream of chunks', async () => {
    const file = join(dir, 'export.ndjson');
    writeFileSync(file, 'old');
    await writeFileAtomic(file, '{"pk":"3866530439053193314"}\n');
    expect(readFileSync(file, 'utf8')).toBe('{"pk":"3866530439053193314"}\n');
    await writeFileAtomic(file, new TextEncoder().encode('bytes'));
    expect(readFileSync(file, 'utf8')).toBe('bytes');
    await writeFileAtomic(file, Readable.from(['a,b\n', Buffer.from('1,2\n')]));
    expect(readFileSync(file, 'utf8')).toBe('a,b\n1,2\n');
    expect(readdirSync(dir)).toEqual(['export.ndjson']);
  });

  it('keeps the old file and removes the temp file when the source fails half way', async () => {
    const file = join(dir, 'ledger.csv');
    writeFileSync(file, 'complete old export\n');
    async function* failing(): AsyncGenerator<string> {
      yield 'time,requestId\n';
      throw new Error('disk read failed');
    }
    await expect(writeFileAtomic(file, failing())).rejects.toThrow('disk read failed');
    expect(readFileSync(file, 'utf8')).toBe('complete old export\n');
    expect(readdirSync(dir)).toEqual(['ledger.csv']);
  });

  it('writes the sync form the same way, creating missing folders', () => {
    const file = join(dir, 'a', 'b', 'settings.json');
    writeFileAtomicSync(file, '{"theme":"dark"}');
    writeFileAtomicSync(file, '{"theme":"light"}');
    expect(readFileSync(file, 'utf8')).toBe('{"theme":"light"}');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['settings.json']);
  });

  it('names temp files so that folder scans can recognise and skip them', () => {
    const temp = tempPathFor(join(dir, 'settings.json'));
    expect(temp.startsWith(dir)).toBe(true);
    expect(isAtomicTempFile(temp.slice(dir.length + 1))).toBe(true);
    expect(isAtomicTempFile('settings.json')).toBe(false);
    expect(tempPathFor(join(dir, 'x'))).not.toBe(tempPathFor(join(dir, 'x')));
  });
});
