// Main's questions name accounts by @username where main has seen the name (a profile answer, from the
// service or the cache), never as "user_id 17390950"; an account it has not seen keeps its id.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnownNames } from '../../../../electron/calls/known-names';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import { findEndpoint } from '../../../../shared/api/catalog';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';

describe('known names', () => {
  it('learns the account of a profile answer and the author of a post answer, and forgets the oldest past its bound', () => {
    const names = createKnownNames(2);
    names.learn(findEndpoint('/v1/user/by/username')!, { pk: '11', username: 'first_one' });
    names.learn(findEndpoint('/v1/media/by/code')!, { pk: '5', code: 'C5', media_type: 1, user: { pk: '12', username: 'author_two' } });
    expect([names.username('11'), names.username('12')]).toEqual(['first_one', 'author_two']);
    names.remember('13', 'third');
    expect(names.username('11')).toBeNull();
    // A list is not read for names; an answer of another shape names nobody.
    names.learn(findEndpoint('/v1/user/followers/chunk')!, [[{ pk: '14', username: 'follower' }], null]);
    names.learn(findEndpoint('/v1/user/by/username')!, 'not a profile');
    expect(names.username('14')).toBeNull();
  });
});

describe("main's questions through the core", () => {
  let sim: Simulator;
  let core: AppCore;
  let dataDir: string;
  const asker = createAskRecorder('decline');
  const ctx = { senderId: 1 };
  beforeAll(async () => {
    sim = createSimulator({ seed: 7 });
    dataDir = mkdtempSync(join(tmpdir(), 'feedlens-known-names-'));
    core = createAppCore(testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, { ask: asker.ask }));
    await core.start();
  });
  afterAll(async () => {
    await core?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('name an account opened by its username as @username', async () => {
    const [seen, unseen] = sim.world.users.filter((u) => !u.isPrivate && u.tier === 'main');
    await core.handlers.call({ path: '/v1/user/by/username', params: { username: seen!.username } }, ctx);
    await expect(core.handlers.call({ path: '/v1/user/stories', params: { user_id: seen!.pk } }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    const question = asker.asked.at(-1)!;
    expect(question.message).toContain(`@${seen!.username}`);
    expect(question.message).not.toContain('user_id');
    // An account main has not seen keeps its id: nothing is made up.
    await expect(core.handlers.call({ path: '/v1/user/stories', params: { user_id: unseen!.pk } }, ctx)).rejects.toMatchObject({ kind: 'cancelled' });
    expect(asker.asked.at(-1)!.message).toContain(`user_id ${unseen!.pk}`);
  });
});
