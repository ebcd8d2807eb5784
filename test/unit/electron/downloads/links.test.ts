// The queue's own files in a folder that may come from someone else (a study's `.feedlens`): its archive
// and its saving journal, appended to, are never opened through a symbolic link at their name; the file
// the link points to is left as it was. (Part files: disk-thread.test.ts; the folders: studies/links.test.ts.)
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createArchive } from '../../../../electron/downloads/archive';
import { createJournal } from '../../../../electron/downloads/journal';
import { tempDir } from './support';

let dir: ReturnType<typeof tempDir> | null = null;
afterEach(() => dir?.remove());

function victimAndHome(): { victim: string; home: string } {
  dir = tempDir('links');
  const victim = join(dir.path, '.bashrc');
  writeFileSync(victim, 'export PATH=$HOME/bin:$PATH\n');
  const home = join(dir.path, 'study', '.feedlens', 'downloads');
  mkdirSync(home, { recursive: true });
  return { victim, home };
}

describe('the queue’s own files behind a symbolic link', () => {
  it('the archive refuses to append through one (ELOOP)', async () => {
    const { victim, home } = victimAndHome();
    symlinkSync(victim, join(home, 'archive.ndjson'));
    const archive = createArchive(join(home, 'archive.ndjson'));
    await expect(archive.add({ key: 'post:1', path: '/x.jpg', savedAt: 1 })).rejects.toMatchObject({ code: 'ELOOP' });
    expect(readFileSync(victim, 'utf8')).toBe('export PATH=$HOME/bin:$PATH\n');
  });

  it('the saving journal refuses to append through one (ELOOP)', async () => {
    const { victim, home } = victimAndHome();
    symlinkSync(victim, join(home, 'journal-1.ndjson'));
    const journal = createJournal(home, async () => true);
    await expect(journal.record([], [{ path: join(home, 'a.json'), text: '{}' }])).rejects.toMatchObject({ code: 'ELOOP' });
    expect(readFileSync(victim, 'utf8')).toBe('export PATH=$HOME/bin:$PATH\n');
  });
});
