// The study database's migrations: a study written before issue 13 gets its new tables filled from what
// it holds; migrations numbered apart (10 upward here, 20 upward for other work) are applied whatever the
// order they arrive in, each once; a file holding a migration this Feedlens does not know is refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../../electron/studies/db';
import { MIGRATIONS, type Migration } from '../../../../electron/studies/schema';

const dir = mkdtempSync(join(tmpdir(), 'feedlens-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = () => join(dir, `study-${++n}.sqlite`);

const applied = (db: ReturnType<typeof openDb>) => (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map((r) => r.version);
const version = (db: ReturnType<typeof openDb>) => (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;

describe('a study written before snapshots, sightings and coding', () => {
  it('gets the new tables, filled from the records it holds', () => {
    const path = file();
    const old = openDb(path, { appVersion: 'old', migrations: MIGRATIONS.filter((m) => m.version === 1) });
    old.exec("INSERT INTO targets (kind, key, label, username, lists, added_at) VALUES ('account', '42', '@anna', 'anna', '[\"posts\"]', 1)");
    const profile = { kind: 'profile', id: '42', username: 'anna', fullName: 'Anna K', biography: 'Coffee.', externalUrl: '', category: null, isPrivate: false, isVerified: true, counts: { media: 3, followers: 10, following: 2 } };
    const post = { kind: 'post', id: '3162273595027945978', index: null, caption: { text: 'Hello #Coffee with @Bea', hashtags: ['Coffee'], mentions: ['Bea'] } };
    const insert = old.prepare(
      'INSERT INTO records (kind, id, owner_id, username, text, richness, like_count, raw, record, first_seen, last_seen, last_run) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)',
    );
    insert.run('user', '42', null, 'anna', 'Coffee.', 2, null, '{}', JSON.stringify(profile), 1000, 2000);
    insert.run('post', post.id, '42', 'anna', post.caption.text, 1, 7, '{}', JSON.stringify(post), 1000, 3000);
    old.close();

    const db = openDb(path, { appVersion: 'new' });
    expect(applied(db)).toEqual([1, 10, 11, 12, 13, 14, 30, 31, 40]);
    expect(version(db)).toBe(40);
    expect(db.prepare('SELECT user_id, username, full_name, biography, external_url, is_verified, media_count, seen_at FROM snapshots').all()).toEqual([
      { user_id: '42', username: 'anna', full_name: 'Anna K', biography: 'Coffee.', external_url: null, is_verified: 1, media_count: 3, seen_at: 2000 },
    ]);
    expect(db.prepare('SELECT like_count, caption, seen_at FROM sightings').all()).toEqual([{ like_count: 7, caption: post.caption.text, seen_at: 3000 }]);
    expect(db.prepare('SELECT kind, term FROM record_terms ORDER BY kind').all()).toEqual([
      { kind: 'hashtag', term: 'coffee' },
      { kind: 'mention', term: 'bea' },
    ]);
    expect(db.prepare('SELECT status, checked_at FROM records WHERE kind = ?').get('post')).toEqual({ status: null, checked_at: null });
    db.close();
    // Opened again: nothing applied twice.
    const again = openDb(path, { appVersion: 'new' });
    expect(applied(again)).toEqual([1, 10, 11, 12, 13, 14, 30, 31, 40]);
    again.close();
  });
});

describe('migrations numbered apart', () => {
  const m = (version: number, sql: string): Migration => ({ version, name: `m${version}`, sql });
  const base = MIGRATIONS.filter((x) => x.version === 1);
  const ours = m(10, 'CREATE TABLE ours (x INTEGER)');
  const theirs = m(20, 'CREATE TABLE theirs (y INTEGER)');

  it('applies an earlier number a file does not have, after a later one it has', () => {
    const path = file();
    openDb(path, { appVersion: 'theirs', migrations: [...base, theirs] }).close();
    const db = openDb(path, { appVersion: 'merged', migrations: [...base, ours, theirs] });
    expect(db.prepare('SELECT version, app_version FROM schema_migrations ORDER BY version').all()).toEqual([
      { version: 1, app_version: 'theirs' },
      { version: 10, app_version: 'merged' },
      { version: 20, app_version: 'theirs' },
    ]);
    expect(version(db)).toBe(20);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name IN ('ours', 'theirs') ORDER BY name").all()).toEqual([{ name: 'ours' }, { name: 'theirs' }]);
    db.close();
  });

  it('applies them in version order when a file has none of them', () => {
    const path = file();
    const order: number[] = [];
    const track = (x: Migration): Migration => ({ ...x, fill: () => void order.push(x.version) });
    openDb(path, { appVersion: 'merged', migrations: [...base, track(theirs), track(ours)] }).close();
    expect(order).toEqual([10, 20]);
  });

  it('refuses a file that holds a migration this Feedlens does not know, later or in a gap', () => {
    const later = file();
    openDb(later, { appVersion: 'newer', migrations: [...base, ours, m(30, 'CREATE TABLE t30 (z)')] }).close();
    expect(() => openDb(later, { appVersion: 'older', migrations: [...base, ours] })).toThrow(/newer Feedlens \(database version 30; this version reads up to 10\)/);
    const gap = file();
    openDb(gap, { appVersion: 'other', migrations: [...base, m(15, 'CREATE TABLE t15 (z)')] }).close();
    expect(() => openDb(gap, { appVersion: 'this', migrations: [...base, ours, theirs] })).toThrow(/newer Feedlens/);
  });

  it('applies each migration in its own transaction: one that fails leaves the others applied, and none half-done', () => {
    const path = file();
    const broken = m(11, 'CREATE TABLE half (x INTEGER); SELECT no_such_function()');
    expect(() => openDb(path, { appVersion: 'x', migrations: [...base, ours, broken] })).toThrow();
    const db = openDb(path, { appVersion: 'x', migrations: [...base, ours] });
    expect(applied(db)).toEqual([1, 10]);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'half'").get()).toEqual({ n: 0 });
    db.close();
  });
});
