// A Feedlens main process without Electron, in a process of its own, so a test can kill it with SIGKILL in
// the middle of a study's run: `node --import tsx test/support/study-child.ts <dataDir> <service url> <key>
// <study folder> <user id>[,<user id>...]`. It makes a study in <study folder>, adds the accounts (their followers), starts
// a run and prints "PAGE <n>" after every page the run commits, then "DONE" when it ends.
import { createAppCore } from '../../electron/core';
import { testCoreOptions } from './core-options';
import { createAskRecorder } from './ask-recorder';

const [dataDir, url, key, folder, userId] = process.argv.slice(2);
if (!dataDir || !url || !key || !folder || !userId) {
  console.error('usage: study-child.ts <dataDir> <service url> <key> <study folder> <user id>');
  process.exit(2);
}

const ctx = { senderId: 1 };
const core = createAppCore(
  testCoreOptions({ baseUrl: url, fetch, key }, dataDir, {
    ask: createAskRecorder('confirm').ask,
    pickFolder: async () => folder,
    emit: (event, payload) => {
      if (event !== 'study') return;
      const run = (payload as { run: { pages: number; state: string } | null }).run;
      if (!run) return;
      process.stdout.write(run.state === 'running' ? `PAGE ${run.pages}\n` : `${run.state.toUpperCase()}\n`);
    },
  }),
);
await core.start();
const study = await core.handlers.studyCreate({ name: 'Killed', description: '' }, ctx);
await core.handlers.studyTargetsAdd({ id: study.id, text: userId.split(',').map((id) => `user:${id}`).join('\n'), collect: { lists: ['followers'], since: null, until: null, maxUnitsPerRun: null } }, ctx);
await core.handlers.studyRunStart({ id: study.id, budget: 1000 }, ctx);
process.stdout.write(`STUDY ${study.id}\n`);
