// Writes that must never replace a file: a staged file committed with `replace: false`, and
// renameNoReplace itself (with hard links; the no-link fallback is tested in explorer/new-file-no-links).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renameNoReplace, stageFileAtomic } from '../../../../electron/storage/fs-atomic';

describe('writes that never replace a file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feedlens-noreplace-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('renameNoReplace fails with EEXIST and keeps both files when the name is taken', async () => {
    writeFileSync(join(dir, 'a.txt'), 'theirs');
    writeFileSync(join(dir, 'b.txt'), 'ours');
    await expect(renameNoReplace(join(dir, 'b.txt'), join(dir, 'a.txt'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('theirs');
    expect(readFileSync(join(dir, 'b.txt'), 'utf8')).toBe('ours');
    await renameNoReplace(join(dir, 'b.txt'), join(dir, 'c.txt'));
    expect(readdirSync(dir).sort()).toEqual(['a.txt', 'c.txt']);
  });

  it('a staged file committed with replace: false leaves a file that took its name, and its temp file is gone', async () => {
    const target = join(dir, 'export.csv');
    const staged = await stageFileAtomic(target, 'new data');
    writeFileSync(target, 'a file that appeared meanwhile');
    await expect(staged.commit({ replace: false })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(target, 'utf8')).toBe('a file that appeared meanwhile');
    expect(readdirSync(dir).filter((n) => n.startsWith('.'))).toEqual([]);
    // The default still replaces (settings, state files: files Feedlens owns).
    const again = await stageFileAtomic(target, 'replaced');
    await again.commit();
    expect(readFileSync(target, 'utf8')).toBe('replaced');
  });
});
