// A study of 50,000 records exported while a timer runs on main's event loop: the loop is never held
// for 100 ms (the page's requests are answered throughout), every record is in the export, and the
// files are byte for byte what the export wrote before it ran in slices (hashes pinned).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectKeys } from '../../../../electron/export/pseudonymise';
import { openDb, type Db } from '../../../../electron/studies/db';
import { exportStudy, type StudyExportRequest } from '../../../../electron/studies/export';
import { fillSynthetic } from '../../../support/synthetic-study';

const RECORDS = 50_000;
let dir: string;
let db: Db;
/** A fixed key: the same pseudonyms on every run. */
const keys: ProjectKeys = async () => ({ get: async () => '0b'.repeat(32), set: async () => undefined, backendName: 'memory', degraded: true });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'feedlens-export-pace-'));
  db = openDb(join(dir, 'study.sqlite'), { appVersion: 'test' });
  fillSynthetic(db, RECORDS, 3);
}, 120_000);
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A timer every 5 ms on main's event loop: the longest it waited, counted as the main thread's own CPU
 * time meanwhile (at most the time that passed). On a busy machine the process also waits for a CPU;
 * that wait is not main held by the export, and would make the figure say more than the code does.
 */
function blockMeter(): { stop(): { longestMs: number; longestWallMs: number } } {
  let last = performance.now();
  let lastCpu = process.threadCpuUsage();
  let longestMs = 0;
  let longestWallMs = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = process.threadCpuUsage(lastCpu);
    longestMs = Math.max(longestMs, Math.min(now - last, (cpu.user + cpu.system) / 1000));
    longestWallMs = Math.max(longestWallMs, now - last);
    last = now;
    lastCpu = process.threadCpuUsage();
  };
  const timer = setInterval(tick, 5);
  return {
    stop() {
      tick();
      clearInterval(timer);
      return { longestMs, longestWallMs };
    },
  };
}

/** Exports the whole study: the longest time main's event loop was held meanwhile (ms), the rows and the file's sha256. */
async function timedExport(request: StudyExportRequest): Promise<{ longestMs: number; rows: number; sha256: string }> {
  const meter = blockMeter();
  const out = await exportStudy(request, { db, studyId: 'study-pace', studyName: 'Pace', folder: dir, appVersion: 'test', projectKeys: keys, now: () => Date.UTC(2026, 0, 2) });
  const { longestMs, longestWallMs } = meter.stop();
  console.log(`export pace: ${request.format}${request.pseudonymise ? ' pseudonymised' : ''}, main held at most ${longestMs.toFixed(0)} ms (${longestWallMs.toFixed(0)} ms by the clock)`);
  return { longestMs, rows: out.rows, sha256: createHash('sha256').update(readFileSync(out.path)).digest('hex') };
}

describe(`exporting ${RECORDS.toLocaleString('en-US')} records`, () => {
  const total = () => (db.prepare("SELECT count(*) AS n FROM records WHERE kind <> 'carousel_item'").get() as { n: number }).n;

  it('NDJSON: main is never held for 100 ms, every record is written, the bytes are as before', async () => {
    const out = await timedExport({ scope: 'seen', format: 'ndjson' });
    expect(out.rows).toBe(total());
    expect(out.sha256).toBe('2570c389d45c95cee0c628b980e2805e0bec9ef80bf08d7f8f8e21bf9a32d7bc');
    expect(out.longestMs).toBeLessThan(100);
  }, 120_000);

  it('a pseudonymised ZIP (a CSV per kind, most items in none of them): the same', async () => {
    const out = await timedExport({ scope: 'seen', format: 'zip', pseudonymise: { dropNames: false, dropPictures: false, dropText: false } });
    expect(out.rows).toBe(total());
    // Written by yazl, with the highlights, tags and named accounts' tables and the README (issue 38), and the media-analysis
    // columns of posts and stories (issue 40): deterministic all the same.
    expect(out.sha256).toBe('a07a3f79968395778925a4203d4536c9383fa92f09d305505296c488b76ce69e');
    expect(out.longestMs).toBeLessThan(100);
  }, 180_000);
});
