// The records of every fixture answer as saved items, for the tests that pseudonymise real shapes.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { findEndpoint } from '../../../../shared/api/catalog';
import { normalizeAnswer, normalizeItems } from '../../../../shared/api/normalize';
import { readPage } from '../../../../shared/api/pager';
import type { AppRecord } from '../../../../shared/records';
import type { SavedItem } from '../../../../electron/export/run';
import { loadAnswer } from '../../shared/api/normalize/support';

/** The records of a fixture answer, under the endpoint its file is named after (`v1-user-clips-chunk.json`: /v1/user/clips/chunk). */
function fixtureItems(file: string): SavedItem[] {
  const parts = file.replace(/\.json$/, '').split('-');
  for (let n = parts.length; n > 1; n--) {
    const path = `/${parts.slice(0, n).join('/')}`;
    const endpoint = findEndpoint(path);
    if (!endpoint) continue;
    const data = loadAnswer(file);
    const records: AppRecord[] = endpoint.paging ? normalizeItems(endpoint, readPage(endpoint, data, {}).items) : [normalizeAnswer(endpoint, data)].flat().filter((r): r is AppRecord => r !== null);
    // Parameters naming a person (and a query), as a list fetched for someone would have them.
    const provenance = { path, params: { user_id: '528817151', username: 'nasa', query: 'nasa', end_cursor: 'QVFE' }, requestId: 'r1', fetchedAt: 1_763_900_000_000 };
    return records.filter((record) => record.kind !== 'about').map((record) => ({ record, provenance }));
  }
  return [];
}

/** Every fixture answer's records, in file order. */
export function allFixtureItems(): SavedItem[] {
  return readdirSync(resolve(__dirname, '../../../fixtures/answers')).sort().flatMap(fixtureItems);
}
