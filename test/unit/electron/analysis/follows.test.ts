// The followers and following rows of a study's export name the watched account they belong to
// (`source_account_id`, `source_account` in users.csv), checked against the simulator's world; in a
// pseudonymised export both columns carry that account's pseudonym, never its id or username.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { exportStudy } from '../../../../electron/studies/export';
import { memoryProjectKeys } from '../../../support/core-options';
import { csvObjects, readZip } from '../export/support';
import { fillStudy, pickAccounts, type Filled } from './support';

let sim: Simulator;
let f: Filled;

beforeAll(async () => {
  sim = createSimulator({ followerLimit: false });
  f = await fillStudy(sim, pickAccounts(sim, 2), ['followers', 'following']);
}, 120_000);
afterAll(() => f?.s.close());

async function usersCsv(pseudonymise: boolean): Promise<Record<string, string>[]> {
  const out = await exportStudy(
    { scope: 'seen', format: 'zip', ...(pseudonymise ? { pseudonymise: { dropNames: false, dropPictures: false, dropText: false } } : {}) },
    { db: f.s.db, studyId: 'test-study-0001', studyName: 'Follows', folder: f.s.dir, appVersion: 'test', projectKeys: memoryProjectKeys() },
  );
  const users = readZip(readFileSync(out.path)).get('users.csv');
  expect(users).toBeDefined();
  return csvObjects(users!.toString('utf8')).rows;
}

describe('followers and following exports', () => {
  it('each row names the watched account whose list it came from, as the world says', async () => {
    const rows = await usersCsv(false);
    const listed = rows.filter((r) => r['collected_from_view'] === 'followers' || r['collected_from_view'] === 'following');
    expect(listed.length).toBeGreaterThan(0);
    for (const r of listed) {
      const account = f.accounts.find((u) => u.pk === r['source_account_id']);
      expect(account, `row ${r['id']}`).toBeDefined();
      expect(r['source_account']).toBe(account!.username);
      const list = r['collected_from_view'] === 'followers' ? account!.followers : account!.following;
      expect(list).toContain(r['id']);
    }
    // Both accounts and both lists are represented.
    expect(new Set(listed.map((r) => `${r['source_account_id']} ${r['collected_from_view']}`)).size).toBe(4);
    // Rows that did not come from such a list have no source account.
    for (const r of rows.filter((x) => !listed.includes(x))) expect([r['source_account_id'], r['source_account']]).toEqual(['', '']);
  });

  it('pseudonymised: the source account is its pseudonym in both columns', async () => {
    const rows = await usersCsv(true);
    const listed = rows.filter((r) => r['collected_from_view'] === 'followers' || r['collected_from_view'] === 'following');
    expect(listed.length).toBeGreaterThan(0);
    const secrets = new Set(f.accounts.flatMap((u) => [u.pk, u.username]));
    for (const r of listed) {
      expect(r['source_account_id']).toMatch(/^u_[0-9a-f]{16}$/);
      expect(r['source_account']).toBe(r['source_account_id']);
      expect(secrets.has(r['source_account']!)).toBe(false);
    }
    expect(new Set(listed.map((r) => r['source_account_id'])).size).toBe(2);
  });
});
