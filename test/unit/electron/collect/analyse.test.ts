// `feedlens-collect analyse`: the built collector hashes a demo study's pictures on its own, bills
// nothing, and a SIGKILL in the middle loses nothing: the next `analyse` does only the items left, and
// the reuse groups are the simulator's planted reposts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyReuseGroups } from '../../../../electron/media-analysis/reuse';
import { createSimulator } from '../../../../electron/simulator/service';
import { createStudyFolder } from '../../../../electron/studies/registry';
import { collect, jsonLines } from '../../../support/collect-child';

const ROOT = resolve(import.meta.dirname, '../../../..');
let root: string;

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-collect.mjs'], { cwd: ROOT, stdio: 'ignore' });
  root = mkdtempSync(join(tmpdir(), 'feedlens-analyse-'));
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('feedlens-collect analyse', () => {
  it('analyses a demo study, resumes after SIGKILL without redoing an item, and finds the planted reposts', async () => {
    // The demo world (the collector's simulator has the same seed): the accounts of the planted reposts.
    const world = createSimulator({}).world;
    const owners = new Set(world.reuse.flatMap((g) => [g.original, ...g.copies.map((c) => c.pk)]).map((pk) => world.mediaByPk.get(pk)!.ownerPk));
    const folder = join(root, 'study');
    const created = createStudyFolder(folder, { name: 'reuse', description: '', adhoc: false, appVersion: 'test', now: Date.now() });
    for (const pk of owners) {
      created.db.prepare("INSERT INTO targets (kind, key, label, lists, added_at) VALUES ('account', ?, ?, ?, ?)").run(pk, `user ${pk}`, JSON.stringify(['posts']), Date.now());
    }
    created.db.close();
    const env = { ...process.env, FEEDLENS_COLLECT_DATA: join(root, 'data'), FEEDLENS_KEY: '', FEEDLENS_KEY_FILE: '' };
    mkdirSync(env.FEEDLENS_COLLECT_DATA, { recursive: true });
    expect((await collect(['run', folder, '--budget', '300', '--demo', '--json'], env)).code).toBe(0);

    const killed = await collect(['analyse', folder, '--demo', '--json', '--ocr', 'none'], env, (out, kill) => {
      if (jsonLines(out).some((l) => l.type === 'progress' && (l.done as number) > 0)) kill('SIGKILL');
    });
    expect(killed.signal).toBe('SIGKILL');
    const db = new DatabaseSync(join(folder, 'study.sqlite'));
    const before = new Map((db.prepare('SELECT record_id, analysed_at FROM media_items').all() as { record_id: number; analysed_at: number }[]).map((r) => [r.record_id, r.analysed_at]));
    expect(before.size).toBeGreaterThan(0);

    const again = await collect(['analyse', folder, '--demo', '--json', '--ocr', 'none'], env);
    expect(again.code, again.stderr).toBe(0);
    const result = jsonLines(again.stdout).find((l) => l.type === 'analyse') as { state: string; items: number; done: number; failed: number };
    expect(result).toMatchObject({ state: 'done', failed: 0 });
    expect(result.done).toBe(result.items);
    expect(before.size).toBeLessThan(result.items);
    for (const [rowid, at] of before) expect((db.prepare('SELECT analysed_at FROM media_items WHERE record_id = ?').get(rowid) as { analysed_at: number }).analysed_at).toBe(at);

    const groups = studyReuseGroups(db, 10).groups.map((g) => g.items.map((i) => i.id).sort());
    db.close();
    expect(groups.sort()).toEqual(world.reuse.map((g) => [g.original, ...g.copies.map((c) => c.pk)].sort()).sort());
  }, 120_000);
});
