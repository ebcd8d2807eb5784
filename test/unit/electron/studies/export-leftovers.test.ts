// kill -9 during a study export: a main process (without Electron) exports a study in a child process and
// is killed with SIGKILL while its data file is being written, leaving the temp file in the study's
// exports folder. At the next start Feedlens removes the temp files and folders its dead processes left,
// in every study's exports folder and in the app's export folder (one chosen in Settings, charts too),
// recognised by their names; the user's files stay, and so does what a running process is writing.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core';
import { isAtomicTempFile } from '../../../../electron/storage/fs-atomic';
import { createStudyFolder, saveIndex } from '../../../../electron/studies/registry';
import { testCoreOptions } from '../../../support/core-options';
import { fillSynthetic } from '../../../support/synthetic-study';

const ROOT = resolve(import.meta.dirname, '../../../..');
let dataDir: string;
let studyId: string;
let study: string;
let appExports: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-export-kill-'));
  study = join(dataDir, 'Documents', 'Feedlens', 'Killed export');
  const created = createStudyFolder(study, { name: 'Killed export', description: '', adhoc: false, appVersion: 'test', now: Date.now() });
  fillSynthetic(created.db, 20_000, 4);
  created.db.close();
  studyId = created.id;
  saveIndex(dataDir, [{ id: studyId, folder: study }]);
  appExports = join(dataDir, 'My exports');
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ exportFolder: appExports }));
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the child's export and kills it with SIGKILL once it has written `rows` rows: its pid. */
async function exportAndKill(rows: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/export-child.ts', dataDir, studyId], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
  for await (const line of createInterface({ input: child.stdout })) {
    const m = /^ROWS (\d+)$/.exec(line);
    if (m && Number(m[1]) >= rows) {
      child.kill('SIGKILL');
      break;
    }
    if (line === 'DONE') break;
  }
  expect(await exited).toBe('SIGKILL');
  return child.pid!;
}

const list = (folder: string) => readdirSync(folder).sort();

describe('an export killed mid-way', () => {
  it('leaves a temp file that the next start removes, wherever the export was going; the user’s files stay', async () => {
    const exportsDir = join(study, 'exports');
    const userFiles = ['notes.txt', '.hidden.tmp', 'old.ndjson', '.draft.ndjson.tmp'];
    for (const name of userFiles) writeFileSync(join(exportsDir, name), 'the user’s');
    const pid = await exportAndKill(2000);
    const left = list(exportsDir).filter(isAtomicTempFile);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(new RegExp(`\\.ndjson\\.${pid}\\.[0-9a-f]+\\.tmp$`));

    // What the same process would have left elsewhere: an export and a chart in the app's export folder,
    // a folder export (Parquet) of the study; and a temp file of a process still running (this one).
    mkdirSync(join(appExports, 'charts'), { recursive: true });
    writeFileSync(join(appExports, `.followers.csv.${pid}.0123456789ab.tmp`), 'half');
    writeFileSync(join(appExports, 'charts', `.Posts per day.svg.${pid}.0123456789ab.tmp`), 'half');
    writeFileSync(join(appExports, 'followers.csv'), 'a finished export');
    mkdirSync(join(exportsDir, `.Killed export all parquet.${pid}.partial-0a1b2c3d`));
    writeFileSync(join(exportsDir, `.Killed export all parquet.${pid}.partial-0a1b2c3d`, 'posts.parquet'), 'half');
    const running = `.other.ndjson.${process.pid}.0123456789ab.tmp`;
    writeFileSync(join(exportsDir, running), 'being written');

    const core = createAppCore(testCoreOptions({ baseUrl: 'http://127.0.0.1:9', fetch: () => Promise.reject(new Error('offline')), key: 'k' }, dataDir, { log: () => undefined }));
    await core.start();
    try {
      expect(list(exportsDir)).toEqual([...userFiles, running].sort());
      expect(list(appExports)).toEqual(['charts', 'followers.csv']);
      expect(list(join(appExports, 'charts'))).toEqual([]);
    } finally {
      await core.stop();
    }
  }, 120_000);
});
