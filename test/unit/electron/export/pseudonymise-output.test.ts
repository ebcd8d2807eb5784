// The pseudonymised NDJSON, byte for byte: the export bench's generated posts and the records of every
// fixture answer, under each option, hashed and pinned. A change meant only to make pseudonymisation
// faster must leave these bytes as they are; a change to what is written updates the hashes on purpose
// (and says why).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createExportHandlers } from '../../../../electron/export/handlers';
import type { ProjectKeys } from '../../../../electron/export/pseudonymise';
import type { SavedItem } from '../../../../electron/export/run';
import { item } from '../../../../scripts/bench/posts';
import { allFixtureItems } from './fixture-items';

const folder = mkdtempSync(join(tmpdir(), 'feedlens-pseudo-output-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A fixed key: the same pseudonyms on every run. */
const keys: ProjectKeys = async () => ({ get: async () => '07'.repeat(32), set: async () => undefined, backendName: 'memory', degraded: true });

const fixtures = allFixtureItems();
// Posts of many accounts, carousels among them, mentions of accounts both in and out of the export.
const posts = Array.from({ length: 1500 }, (_, i) => item(i * 7));

async function ndjsonHash(items: SavedItem[], drop: { dropNames: boolean; dropPictures: boolean; dropText: boolean }): Promise<string> {
  const handlers = createExportHandlers({ downloadFolder: () => folder, version: '0.0.0-test', emit: () => undefined, projectKeys: keys });
  const result = await handlers.exportRun({ items, format: 'ndjson', delimiter: ',', bom: false, includeMedia: false, label: 'output of @nasa', pseudonymise: { project: 'output', ...drop } } as never, { senderId: 1 });
  const bytes = readFileSync(result.path);
  rmSync(result.path);
  if (result.manifestPath) rmSync(result.manifestPath);
  return createHash('sha256').update(bytes).digest('hex');
}

const NONE = { dropNames: false, dropPictures: false, dropText: false };

describe('the pseudonymised NDJSON, byte for byte', () => {
  it('holds every fixture answer and many generated posts', () => {
    expect(fixtures.length).toBeGreaterThan(40);
    expect(new Set(fixtures.map((f) => f.record.kind)).size).toBeGreaterThan(4);
  });

  it.each([
    ['nothing dropped', NONE, '9b681d332f2067e21d462d009e7f018a9d9b8525214fcf3351968f5e45060d7d'],
    ['names dropped', { ...NONE, dropNames: true }, '12267968798bf1f897f88f8afd14eddc74a076599a598a2267e7e087b3d20d8d'],
    ['pictures dropped', { ...NONE, dropPictures: true }, 'b19adbf167df3f5d41384e64ee8a60fc2ea3394c2b440fba262889f8b4af006d'],
    ['texts dropped', { ...NONE, dropText: true }, '4cf18d8f3354edac016ad54794f7cc1a0851533b1eb52e420f52749bf816e563'],
  ])('is unchanged with %s', async (_name, drop, hash) => {
    expect(await ndjsonHash([...fixtures, ...posts], drop)).toBe(hash);
  });
});
