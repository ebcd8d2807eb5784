// A page answered from the cache long after it was fetched keeps the provenance of the request that
// fetched it: exported demo data stays marked simulated, with the answer's sha256, units and origin.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeAnswer } from '../../../../shared/api/normalize';
import { findEndpoint } from '../../../../shared/api/catalog';
import { OPS } from '../../../../shared/ipc';
import type { AppRecord } from '../../../../shared/records';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createLedger } from '../../../../electron/calls/ledger';
import { createExportHandlers } from '../../../../electron/export/handlers';
import type { SavedItem } from '../../../../electron/export/run';
import { DEFAULT_API_ORIGIN } from '../../../../electron/simulator/service';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';
import { richAccount, simulator } from './support';

const HOUR = 3_600_000;
let clock = Date.UTC(2026, 10, 22, 9, 0, 0);
let dataDir: string;
let core: AppCore;

beforeAll(async () => {
  const sim = simulator();
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-cached-provenance-'));
  core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, {
      ask: createAskRecorder('confirm').ask,
      now: () => clock,
    }),
  );
  await core.start();
  await core.handlers.settingsSet({ patch: { cacheTtlMinutes: 24 * 60 } }, { senderId: 1 });
});
afterAll(async () => {
  await core.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One answer of the profile endpoint, as the renderer turns it into selected items. */
async function profileItems(pk: string): Promise<{ items: SavedItem[]; cacheHit: boolean; units: number }> {
  const path = '/v1/user/by/id';
  const params = { id: pk };
  const value = await core.handlers.call({ path, params }, { senderId: 1 });
  const records = normalizeAnswer(findEndpoint(path)!, value.data);
  const list = (Array.isArray(records) ? records : [records]) as AppRecord[];
  return { items: list.map((record) => ({ record, provenance: { path, params, requestId: value.fetchedBy, fetchedAt: value.fetchedAt } })), cacheHit: value.cacheHit, units: value.units };
}

describe('provenance of a page served from the cache', () => {
  it('a demo page answered from the cache two hours later still exports as simulated, with its cost', async () => {
    const account = richAccount(simulator().world);
    const first = await profileItems(account.pk);
    expect(first.cacheHit).toBe(false);
    clock += 2 * HOUR;
    const later = await profileItems(account.pk);
    expect(later).toMatchObject({ cacheHit: true, units: 0 });

    const folder = join(dataDir, 'exports');
    const ledger = createLedger({ dir: join(dataDir, 'ledger') });
    const handlers = createExportHandlers({ downloadFolder: () => folder, version: '0.0.0-test', emit: () => undefined, ledger, now: () => clock });
    const result = await handlers.exportRun(OPS.exportRun.parse({ items: later.items, format: 'ndjson' }), { senderId: 1 });

    expect(basename(result.path)).toMatch(/^simulated_/);
    const line = JSON.parse(readFileSync(result.path, 'utf8').split('\n')[0]!) as { provenance: { simulated: boolean | null; origin: string | null; sha256: string | null } };
    expect(line.provenance).toMatchObject({ simulated: true, origin: DEFAULT_API_ORIGIN });
    expect(line.provenance.sha256).toMatch(/^[0-9a-f]{64}$/);
    const manifest = JSON.parse(readFileSync(result.manifestPath!, 'utf8')) as { source: { simulated: boolean | null }; requests: { unitsSpent: number | null; inLedger: number } };
    expect(manifest.source.simulated).toBe(true);
    expect(manifest.requests).toMatchObject({ inLedger: 1, unitsSpent: first.units });
  });
});
