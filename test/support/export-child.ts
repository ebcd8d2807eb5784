// A Feedlens main process without Electron, in a process of its own, so that a test can kill it with
// SIGKILL in the middle of a study export: `node --import tsx test/support/export-child.ts <dataDir>
// <study id>`. The study is in the data folder's index already; the child exports all of it as NDJSON
// and prints "ROWS <n>" as the export moves on (its data file is then being written), "DONE" at the end.
import { createAppCore } from '../../electron/core';
import { testCoreOptions } from './core-options';

const [dataDir, studyId] = process.argv.slice(2);
if (!dataDir || !studyId) {
  console.error('usage: export-child.ts <dataDir> <study id>');
  process.exit(2);
}

// No service: nothing here calls one (the balance check at start fails quietly).
const offline = { baseUrl: 'http://127.0.0.1:9', fetch: () => Promise.reject(new Error('offline')), key: 'k' };
const core = createAppCore(
  testCoreOptions(offline, dataDir, {
    emit: (event, payload) => {
      if (event === 'export') process.stdout.write(`ROWS ${(payload as { rows: number }).rows}\n`);
    },
    log: () => undefined,
  }),
);
await core.start();
await core.handlers.studyExport({ id: studyId, scope: 'seen', format: 'ndjson' }, { senderId: 1 });
process.stdout.write('DONE\n');
await core.stop();
