// Each NDJSON line's provenance is its own item's, although the lines of one request share theirs (made
// and written once): items whose parameters differ in a value, in their order, in a list or in the
// request's time each get theirs, pseudonymised or not.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createExportHandlers } from '../../../../electron/export/handlers';
import { pseudonymOf, type ProjectKeys } from '../../../../electron/export/pseudonymise';
import type { SavedItem } from '../../../../electron/export/run';
import type { Provenance } from '../../../../shared/ipc';
import { item } from '../../../../scripts/bench/posts';

const folder = mkdtempSync(join(tmpdir(), 'feedlens-provenance-lines-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const KEY = '07'.repeat(32);
const keys: ProjectKeys = async () => ({ get: async () => KEY, set: async () => undefined, backendName: 'memory', degraded: true });

const at = 1_763_700_000_000;
const provenances: Provenance[] = [
  { path: '/v1/user/medias/chunk', params: { user_id: '51234567', end_cursor: '0' }, requestId: 'r0', fetchedAt: at },
  { path: '/v1/user/medias/chunk', params: { user_id: '51234567', end_cursor: '0' }, requestId: 'r0', fetchedAt: at },
  { path: '/v1/user/medias/chunk', params: { end_cursor: '0', user_id: '51234567' }, requestId: 'r0', fetchedAt: at },
  { path: '/v1/user/medias/chunk', params: { user_id: '51234567', end_cursor: '1' }, requestId: 'r1', fetchedAt: at },
  { path: '/v1/user/medias/chunk', params: { user_id: '51234567', end_cursor: '1' }, requestId: 'r1', fetchedAt: at + 1000 },
  { path: '/v1/user/medias/chunk', params: { user_id: '51234567', end_cursor: '1' }, requestId: 'r2', fetchedAt: at + 1000 },
  { path: '/v1/user/medias', params: { user_id: '51234567', end_cursor: '1' }, requestId: 'r2', fetchedAt: at + 1000 },
  { path: '/v1/media/by/ids', params: { ids: ['1', '2'] }, requestId: 'r3', fetchedAt: at },
  { path: '/v1/media/by/ids', params: { ids: ['1', '3'] }, requestId: 'r3', fetchedAt: at },
];
const items: SavedItem[] = provenances.map((provenance, i) => ({ record: item(i).record, provenance }));

async function provenancesWritten(pseudonymise: boolean): Promise<Record<string, unknown>[]> {
  const handlers = createExportHandlers({ downloadFolder: () => folder, version: '0.0.0-test', emit: () => undefined, projectKeys: keys });
  const drop = { project: 'lines', dropNames: false, dropPictures: false, dropText: false };
  const result = await handlers.exportRun({ items, format: 'ndjson', delimiter: ',', bom: false, includeMedia: false, label: 'lines', ...(pseudonymise ? { pseudonymise: drop } : {}) } as never, { senderId: 1 });
  const text = readFileSync(result.path, 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { provenance: Record<string, unknown> }).provenance);
}

describe('the provenance of each line', () => {
  it.each([
    ['plain', false],
    ['pseudonymised', true],
  ])('is its own item’s (%s)', async (_name, pseudonymise) => {
    const written = await provenancesWritten(pseudonymise);
    expect(written).toHaveLength(items.length);
    const user = pseudonymise ? pseudonymOf(Buffer.from(KEY, 'hex'), { id: '51234567' }) : '51234567';
    written.forEach((p, i) => {
      const given = provenances[i] as Provenance;
      const params = 'user_id' in given.params ? { ...given.params, user_id: user } : given.params;
      expect({ endpoint: p.endpoint, requestId: p.requestId, fetchedAt: p.fetchedAt }, `line ${i}`).toEqual({ endpoint: given.path, requestId: given.requestId, fetchedAt: new Date(given.fetchedAt).toISOString() });
      // The same keys in the same order as the item's.
      expect(JSON.stringify(p.params), `line ${i}`).toBe(JSON.stringify(params));
    });
  });
});
