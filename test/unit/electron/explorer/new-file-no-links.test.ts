// writeNewFileAtomic on a file system without hard links (FAT, exFAT, some shares): it falls back to
// checking the name and renaming, still never replacing a file that is there.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  return { ...real, link: vi.fn(async () => Promise.reject(Object.assign(new Error('operation not permitted'), { code: 'EPERM' }))) };
});

const { writeNewFileAtomic } = await import('../../../../electron/storage/fs-atomic');

describe('writeNewFileAtomic without hard links', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feedlens-nolink-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the next free name and leaves the existing file and no temp file', async () => {
    writeFileSync(join(dir, 'answer.json'), 'theirs');
    const path = await writeNewFileAtomic(dir, 'answer', '.json', '{"a":1}');
    expect(path).toBe(join(dir, 'answer-2.json'));
    expect(readFileSync(join(dir, 'answer.json'), 'utf8')).toBe('theirs');
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}');
    expect(readdirSync(dir).sort()).toEqual(['answer-2.json', 'answer.json']);
  });
});
