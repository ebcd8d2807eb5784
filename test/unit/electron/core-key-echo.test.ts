// A service that echoes the access key in its successful answers (a debug field with the request's
// headers, an echoed URL): through the real core, nothing Feedlens keeps holds the key in any form, not
// the cache, the request log, the Explorer's raw answers and their saved file, a job's study database or
// its export, and the values handed to the renderer neither.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../electron/core';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../electron/simulator/service';
import type { JobInfo } from '../../../shared/ipc';
import { createAskRecorder } from '../../support/ask-recorder';
import { memoryKeyStores, testCoreOptions } from '../../support/core-options';

const KEY = 'sk-live-echo/Zq8VbN3mT7rW2xK9';
/** The key as the service writes it: plain, with '/' escaped as JSON allows, and percent-encoded in a URL. */
const FORMS = [KEY, KEY.replace('/', '\\/'), encodeURIComponent(KEY)];
const ctx = { senderId: 1 };

let sim: Simulator;
let core: AppCore;
let root: string;
let echoed = 0;

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

beforeAll(async () => {
  sim = createSimulator({ seed: 7, followerLimit: false });
  root = mkdtempSync(join(tmpdir(), 'feedlens-key-echo-'));
  const keyStores = memoryKeyStores();
  await (await keyStores('https://api.hikerapi.com')).set(KEY);
  // The live service is the simulator behind a proxy that adds the key, as sent, to every JSON object answer.
  const liveFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const sent = headers.get('x-access-key') ?? '';
    headers.set('x-access-key', sim.demoKey);
    const res = await sim.handle(new Request(String(input).replace('https://api.hikerapi.com', DEFAULT_API_ORIGIN), { ...init, headers }));
    const text = await res.text();
    const echo = `{"debug":{"x-access-key":"${sent}","escaped":"${sent.replace('/', '\\/')}","url":"https://api.hikerapi.com/x?key=${encodeURIComponent(sent)}"},`;
    if (text.includes('{')) echoed += 1;
    return new Response(text.replace('{', echo), { status: res.status, headers: res.headers });
  };
  core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (i, n) => sim.handle(new Request(i, n)), key: sim.demoKey }, root, {
      keyStores,
      liveFetch,
      ask: createAskRecorder('confirm').ask,
    }),
  );
  await core.start();
});

afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
});

async function settled(id: string): Promise<JobInfo> {
  for (let i = 0; i < 200; i++) {
    const job = (await core.handlers.jobList({}, ctx)).find((j) => j.id === id);
    if (job && job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('job did not finish');
}

describe('a key echoed in successful answers', () => {
  it('is masked before anything is kept: no file and no value handed on holds it in any form', async () => {
    expect(core.mode().mode).toBe('live');
    const account = [...sim.world.users.values()].find((u) => u.tier === 'main' && !u.isPrivate && u.followers.length > 20 && u.followers.length < 80)!;
    const handed: unknown[] = [];

    // A profile opened in the Explorer, its raw answer read and saved; then once more from the cache.
    const profile = await core.handlers.call({ path: '/v1/user/by/id', params: { id: account.pk }, requestId: 'explorer:echo-1' }, ctx);
    expect(profile.data).toMatchObject({ username: account.username, debug: { 'x-access-key': '[access key]' } });
    handed.push(profile, await core.handlers.explorerAnswer({ requestId: 'explorer:echo-1' }, ctx));
    handed.push(await core.handlers.explorerSave({ requestIds: ['explorer:echo-1'] }, ctx));
    handed.push(await core.handlers.call({ path: '/v1/user/by/id', params: { id: account.pk } }, ctx));

    // A job reads the followers page by page into its study database and exports them.
    const spec = { kind: 'followers' as const, target: account.pk, label: 'echo', budget: 20, then: 'export' as const, withReplies: true };
    const job = await settled((await core.handlers.jobStart({ spec }, ctx)).id);
    expect(job.state).toBe('done');
    handed.push(job, await core.handlers.ledgerQuery({ limit: 100 }, ctx));
    await core.stop();

    expect(echoed).toBeGreaterThan(3);
    const text = JSON.stringify(handed);
    for (const form of FORMS) expect(text).not.toContain(form);
    const files = filesUnder(root).filter((f) => statSync(f).size > 0);
    expect(files.some((f) => f.includes(`${join('ledger', 'ledger-')}`))).toBe(true);
    expect(files.some((f) => f.endsWith('.csv'))).toBe(true);
    const holding = files.filter((f) => FORMS.some((form) => readFileSync(f).includes(form)));
    expect(holding).toEqual([]);
  }, 60_000);
});
