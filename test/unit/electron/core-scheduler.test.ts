// The app core sends every request of its session through one scheduler at the rate its balance says:
// screens asking many things at once never meet the service's rate limit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../../electron/core';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../electron/simulator/service';
import type { BalanceState } from '../../../shared/ipc';
import { testCoreOptions } from '../../support/core-options';

let sim: Simulator;
let core: AppCore;
let dataDir: string;
let balance: Promise<BalanceState>;
let refused = 0;

beforeAll(async () => {
  sim = createSimulator({ seed: 7 });
  // The demo key of this world allows 5 requests a second; the service counts its refusals here.
  sim.keys.setRate(sim.demoKey, 5);
  const admit = sim.keys.admit.bind(sim.keys);
  sim.keys.admit = (key, nowMs) => {
    const ok = admit(key, nowMs);
    if (!ok) refused += 1;
    return ok;
  };
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-core-scheduler-'));
  let known: (state: BalanceState) => void = () => undefined;
  balance = new Promise((resolve) => (known = resolve));
  core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, {
      emit: (event, payload) => {
        if (event === 'balance') known(payload as BalanceState);
      },
    }),
  );
  await core.start();
});
afterAll(async () => {
  await core?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one request scheduler per session (core)', () => {
  it('a screen asking for 12 profiles at once stays within the key\'s 5 a second: no 429, every answer arrives', async () => {
    expect((await balance).rate).toBe(5);
    const names = sim.world.users.filter((u) => u.tier === 'main').slice(0, 12).map((u) => u.username);
    const answers = await Promise.all(names.map((username) => core.handlers.call({ path: '/v1/user/by/username', params: { username } }, { senderId: 1 })));
    expect(answers.every((a) => a.cacheHit === false && a.units === 1)).toBe(true);
    expect(refused).toBe(0);
  });
});
