// A second Feedlens process over a study folder, for the holder-lock tests:
//   node --import tsx test/support/holder-child.ts hold <dataDir> <study folder> <program>
// opens the study through the core (as the app or the headless collector) and prints "OPENED <read-only
// reason or held>", then holds it until SIGTERM (a clean stop gives the lease up) or SIGKILL;
//   node --import tsx test/support/holder-child.ts contend <study folder> <at epoch ms>
// waits until <at>, tries to take the lease once and prints "WON" or "LOST".
import { join } from 'node:path';
import { createAppCore } from '../../electron/core';
import { openDb } from '../../electron/studies/db';
import { holderIdentity, takeHold } from '../../electron/studies/holder';
import { testCoreOptions } from './core-options';

const [mode, ...args] = process.argv.slice(2);

if (mode === 'contend') {
  const [folder, at] = args;
  const db = openDb(join(folder!, 'study.sqlite'), { appVersion: 'test' });
  db.exec('PRAGMA busy_timeout = 5000'); // contenders wait for each other's transaction, as a real holder would retry
  while (Date.now() < Number(at)) await new Promise((r) => setTimeout(r, 1));
  const by = takeHold(db, holderIdentity('collector'), Date.now());
  process.stdout.write(by === null ? 'WON\n' : 'LOST\n');
  // Alive a while: a winner whose process is gone would rightly be taken over by a later contender.
  await new Promise((r) => setTimeout(r, 2000));
  db.close();
} else {
  const [dataDir, folder, program] = args;
  const core = createAppCore(
    testCoreOptions({ baseUrl: 'http://127.0.0.1:9', fetch, key: 'demo-key-0000' }, dataDir!, { pickFolder: async () => folder!, program: program as 'app' | 'collector' }),
  );
  await core.start();
  const info = await core.handlers.studyOpenFolder({}, { senderId: 1 });
  process.stdout.write(`OPENED ${info.readOnly ?? 'held'}\n`);
  process.on('SIGTERM', () => void core.stop().then(() => process.exit(0)));
  setInterval(() => undefined, 60_000);
}
