// Syncing whole file systems for the download checkpoints (electron/storage/sync-fs.ts): one syncfs per
// file system on Linux, and a plain "could not" (false) wherever that is not possible, so the caller
// falls back to syncing file by file.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncFileSystemOf, syncFileSystems } from '../../../../electron/storage/sync-fs';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'feedlens-syncfs-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('syncFileSystems', () => {
  it('runs one sync per file system, however many folders lie on it', async () => {
    const folders = ['a', 'b', 'c/d'].map((f) => join(dir, f));
    for (const f of folders) mkdirSync(f, { recursive: true });
    const ran: string[] = [];
    expect(await syncFileSystems([...folders, folders[0]!], async (p) => void ran.push(p), 'linux')).toBe(true);
    expect(ran).toEqual([folders[0]]);
  });

  it('answers false, to sync file by file, off Linux, when the sync fails, or when a folder is gone', async () => {
    const ran: string[] = [];
    const spy = async (p: string) => void ran.push(p);
    expect(await syncFileSystems([dir], spy, 'darwin')).toBe(false);
    expect(await syncFileSystems([dir], spy, 'win32')).toBe(false);
    expect(ran).toEqual([]);
    expect(await syncFileSystems([dir], () => Promise.reject(new Error('sync: unrecognized option')), 'linux')).toBe(false);
    expect(await syncFileSystems([join(dir, 'gone')], spy, 'linux')).toBe(false);
  });

  it.runIf(process.platform === 'linux')("runs the system's sync --file-system on Linux", async () => {
    await expect(syncFileSystemOf(dir)).resolves.toBeUndefined();
    expect(await syncFileSystems([dir])).toBe(true);
    // A path that is not there: the program fails, and so does the call.
    await expect(syncFileSystemOf(join(dir, 'gone'))).rejects.toThrow();
  });
});
