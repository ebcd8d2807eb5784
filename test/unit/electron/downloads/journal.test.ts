// The saving journal: what it lists is checked at the next start as a power cut could have left it (a
// file cut short, a sidecar missing or cut short), only files Feedlens wrote are removed or rewritten,
// and a checkpoint deletes a journal only once what it lists is synced, never the one in use.
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJournal, type JournalMedia } from '../../../../electron/downloads/journal';
import { requeueLost } from '../../../../electron/downloads/recovery';
import type { Group, Task } from '../../../../electron/downloads/queue-state';
import { tempDir } from './support';

let dir: ReturnType<typeof tempDir>;
let home: string;
let folder: string;
const logs: string[] = [];
const log = (m: string) => void logs.push(m);
beforeEach(() => {
  dir = tempDir('journal');
  home = join(dir.path, 'data', 'downloads');
  folder = join(dir.path, 'Feedlens', 'person.a');
  mkdirSync(folder, { recursive: true });
  logs.length = 0;
});
afterEach(() => dir.remove());

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const journals = () => (existsSync(home) ? readdirSync(home).filter((n) => n.startsWith('journal-')) : []);

/** A media file saved as the queue does it: written, then listed with its inode, size and hash. */
function media(name: string, bytes: Buffer): JournalMedia {
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return { path, ino: String(statSync(path, { bigint: true }).ino), bytes: bytes.length, sha256: sha(bytes) };
}

function sidecarText(id: string, files: string[]): string {
  return `${JSON.stringify({ format: 'feedlens-sidecar', version: 1, id, kind: 'post', username: 'person.a', ownerId: '51234567890', takenAt: 1775048403, highlight: null, files: files.map((name) => ({ name, index: null, role: 'media', mediaPk: id, url: `https://cdn.example/${name}`, bytes: 1, sha256: 'x', contentType: null, refreshedBy: null })), record: { kind: 'post', id, caption: 'a long caption'.repeat(20) }, raw: { pk: id }, provenance: { endpoint: '/v1/user/medias/chunk', params: { user_id: '51234567890' }, requestId: 'r1', fetchedAt: '2026-04-01T12:00:03.000Z', savedAt: '2026-04-01T12:01:00.000Z', appVersion: '0.1.0', answerSha256: null, simulated: null, origin: null } }, null, 2)}\n`;
}

describe('the saving journal', () => {
  it('after a power cut: keeps whole files, removes ours cut short, leaves a file it did not write, restores sidecars', async () => {
    const first = createJournal(home);
    const whole = media('a.jpg', Buffer.alloc(5000, 1));
    const cut = media('b.jpg', Buffer.alloc(5000, 2));
    const replaced = media('c.jpg', Buffer.alloc(5000, 3));
    const missing = media('d.jpg', Buffer.alloc(5000, 4));
    const texts = Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => [k, sidecarText(`id-${k}`, [`${k}.jpg`])]));
    const side = (k: string) => join(folder, `${k}.json`);
    await first.record([whole, cut, replaced, missing], []);
    await first.record([], Object.entries(texts).map(([k, text]) => ({ path: side(k), text })));
    expect(journals()).toHaveLength(1);

    // What a power cut leaves of files written without a sync of their own.
    truncateSync(cut.path, 1000);
    writeFileSync(`${replaced.path}.new`, 'the user put another file here');
    renameSync(`${replaced.path}.new`, replaced.path); // same name, another inode
    rmSync(missing.path);
    writeFileSync(side('a'), texts.a as string); // complete
    writeFileSync(side('b'), (texts.b as string).slice(0, 100)); // cut short
    writeFileSync(side('c'), `${(texts.c as string).slice(0, 100)}\0\0\0\0`); // cut short, zeros after
    // side('d') never reached the disk
    writeFileSync(side('e'), 'notes of the user, not a sidecar');
    writeFileSync(side('f'), sidecarText('id-f-older', ['f.jpg'])); // an older sidecar of ours
    appendFileSync(join(home, journals()[0] as string), '{"media":"/torn'); // a batch killed mid-write

    const next = createJournal(home);
    const recovery = await next.recover(log);
    expect([...recovery.lost].sort()).toEqual([cut.path, replaced.path, missing.path].sort());
    expect(readFileSync(whole.path)).toEqual(Buffer.alloc(5000, 1));
    expect(existsSync(cut.path)).toBe(false); // ours, incomplete: removed, fetched again
    expect(readFileSync(replaced.path, 'utf8')).toBe('the user put another file here');
    for (const k of ['a', 'b', 'c', 'd', 'f']) expect(readFileSync(side(k), 'utf8')).toBe(texts[k]);
    expect(readFileSync(side('e'), 'utf8')).toBe('notes of the user, not a sidecar');
    expect(logs.some((l) => l.includes(side('e')))).toBe(true);
    expect(recovery.sidecars.get(side('b'))).toBe(texts.b);
    expect(journals()).toEqual([]);
    expect(readdirSync(folder).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('a checkpoint syncs the file systems of what it lists at once where it can, else file by file', async () => {
    // A listed path that cannot be opened for a sync (a folder: EISDIR) tells the two ways apart.
    const odd = join(folder, 'odd.jpg');
    mkdirSync(odd);
    const listed = { path: odd, ino: String(statSync(odd, { bigint: true }).ino), bytes: 0, sha256: sha('') };
    const asked: string[][] = [];
    const whole = createJournal(join(home, 'whole'), async (folders) => (asked.push(folders), true));
    await whole.record([listed, media('a.jpg', Buffer.from('aaa'))], []);
    await whole.checkpoint();
    expect(asked).toEqual([[folder]]);
    expect(existsSync(join(home, 'whole', 'journal-1.ndjson'))).toBe(false);

    const oneByOne = createJournal(join(home, 'one-by-one'), async () => false);
    await oneByOne.record([listed], []);
    await expect(oneByOne.checkpoint()).rejects.toThrow(/EISDIR/);
    // Not synced: the journal stays for the next start to check.
    expect(existsSync(join(home, 'one-by-one', 'journal-1.ndjson'))).toBe(true);
  });

  it('a checkpoint deletes its journal once synced; what is recorded meanwhile goes to the next one', async () => {
    const journal = createJournal(home);
    await journal.record([media('a.jpg', Buffer.from('aaa'))], []);
    expect(journal.pending()).toMatchObject({ files: 1, bytes: 3 });
    const checkpoint = journal.checkpoint();
    await journal.record([media('b.jpg', Buffer.from('bbb'))], []); // a batch during the checkpoint
    await checkpoint;
    expect(journals()).toHaveLength(1);
    expect(readFileSync(join(home, journals()[0] as string), 'utf8')).toContain('b.jpg');
    expect(readFileSync(join(home, journals()[0] as string), 'utf8')).not.toContain('a.jpg');
    await journal.checkpoint();
    expect(journals()).toEqual([]);
    expect(journal.pending()).toEqual({ files: 0, bytes: 0, since: null });
    // A clean end leaves nothing to check.
    const recovery = await createJournal(home).recover(log);
    expect(recovery.lost.size).toBe(0);
  });

  it('a lost file of an item already done is queued again, its record taken back from the sidecar', async () => {
    const path = join(folder, 'a.jpg');
    const sidecarPath = join(folder, 'a.json');
    const text = sidecarText('post:1', ['a.jpg', 'a_2.jpg']);
    const task = (id: string, p: string): Task => ({ id, group: '', kind: 'post', label: id, url: 'https://cdn.example/x', ext: 'jpg', fallbackExt: 'jpg', base: p.replace(/\.jpg$/, ''), index: null, role: 'media', mediaPk: '1', takenAt: 1775048403, refresh: null, state: 'done', attempts: 1, error: null, path: p, bytes: 5, totalBytes: 5, contentType: 'image/jpeg', refreshedBy: null, sha256: 'x' });
    const tasks = new Map<string, Task>([
      ['post:1#1', task('post:1#1', path)],
      ['post:1#2', task('post:1#2', join(folder, 'a_2.jpg'))],
    ]);
    const groups = new Map<string, Group>();
    const requeued: string[] = [];
    const count = requeueLost({ lost: new Set([path]), sidecars: new Map([[sidecarPath, text]]) }, tasks, groups, (t) => (requeued.push(t.id), (t.state = 'queued')), log);
    expect(count).toBe(1);
    expect(requeued).toEqual(['post:1#1']);
    expect(tasks.get('post:1#1')).toMatchObject({ state: 'queued', path: null, sha256: null, group: 'post:1' });
    const group = groups.get('post:1');
    expect(group).toMatchObject({ sidecarBase: join(folder, 'a'), tasks: ['post:1#1', 'post:1#2'], provenance: { path: '/v1/user/medias/chunk', requestId: 'r1', fetchedAt: Date.parse('2026-04-01T12:00:03.000Z') } });
    expect(group?.record).toMatchObject({ kind: 'post', id: 'post:1', raw: { pk: 'post:1' } });
    // The other file, still there, stays done and in the sidecar.
    expect(tasks.get('post:1#2')?.state).toBe('done');
  });
});
