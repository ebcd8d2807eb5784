// The data browser's queries against 3,000 synthetic records: every filter answers exactly the records
// the same filter picks from the generator's own list; pages in any order join into the whole list,
// each row once; free text never becomes an FTS syntax error (a NUL in it is refused as invalid input). Codes, notes and saved views as well.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../../shared/api/errors';
import { createRouter, type Handlers } from '../../../../electron/ipc/router';
import { browse, ftsQuery, selectedRowids } from '../../../../electron/studies/browse';
import { applyCode, CodingError, deleteCode, listCodes, listViews, noteOf, saveCode, saveView, setNote } from '../../../../electron/studies/coding';
import { openDb, type Db } from '../../../../electron/studies/db';
import { browseQuerySchema, DEFAULT_COLUMNS, type BrowseQueryInput } from '../../../../shared/ipc/study-data';
import { emptyBrowseQuery } from '../../../../shared/study-values';
import { fillSynthetic, SYNTHETIC_START, type SyntheticRecord, type SyntheticStudy } from '../../../support/synthetic-study';

let dir: string;
let db: Db;
let data: SyntheticStudy;
const q = (input: BrowseQueryInput) => browseQuerySchema.parse(input);
const DAY = 86_400;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'feedlens-browse-'));
  db = openDb(join(dir, 'study.sqlite'), { appVersion: 'test' });
  data = fillSynthetic(db, 3000, 5);
});
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every rowid the query matches, read page by page. */
function all(input: BrowseQueryInput, pageSize = 97): number[] {
  const out: number[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = browse(db, q(input), offset, pageSize);
    out.push(...page.rows.map((r) => r.rowid));
    if (page.rows.length < pageSize) {
      expect(out.length).toBe(page.total);
      return out;
    }
  }
}
const rowids = (pred: (r: SyntheticRecord) => boolean) => data.records.filter(pred).map((r) => r.rowid).sort((a, b) => a - b);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe('filters', () => {
  it('kinds: posts without reels, reels, comments, stories, accounts; none chosen is all four kinds', () => {
    expect(sorted(all({ kinds: ['post'] }))).toEqual(rowids((r) => r.kind === 'post' && !r.reel));
    expect(sorted(all({ kinds: ['reel'] }))).toEqual(rowids((r) => r.reel));
    expect(sorted(all({ kinds: ['comment', 'story'] }))).toEqual(rowids((r) => r.kind === 'comment' || r.kind === 'story'));
    expect(sorted(all({ kinds: ['user'] }))).toEqual(rowids((r) => r.kind === 'user'));
    expect(sorted(all({}))).toEqual(rowids(() => true));
  });

  it('full text, accents folded, with a date range', () => {
    const from = SYNTHETIC_START + 100 * DAY;
    const to = SYNTHETIC_START + 300 * DAY;
    const got = sorted(all({ text: 'cafe', from, to }));
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(rowids((r) => r.words.includes('café') && r.takenAt !== null && r.takenAt >= from && r.takenAt <= to));
    // Two words: both; OR: either; a prefix.
    expect(sorted(all({ text: 'harbour bread' }))).toEqual(rowids((r) => r.words.includes('harbour') && r.words.includes('bread')));
    expect(sorted(all({ text: 'harbour OR bread' }))).toEqual(rowids((r) => r.words.includes('harbour') || r.words.includes('bread')));
    expect(sorted(all({ text: 'bak*' }))).toEqual(rowids((r) => r.words.includes('bakery') || r.hashtags.includes('bakerylove')));
  });

  it('account (by username or id), media type, hashtag, mention, with replies', () => {
    const a = data.accounts[3]!;
    expect(sorted(all({ account: `@${a.username}` }))).toEqual(rowids((r) => r.ownerId === a.id || (r.kind === 'user' && r.id === a.id)));
    expect(sorted(all({ account: a.id, kinds: ['comment'] }))).toEqual(rowids((r) => r.kind === 'comment' && r.ownerId === a.id));
    expect(sorted(all({ mediaTypes: ['video', 'carousel'] }))).toEqual(rowids((r) => r.mediaType === 'video' || r.mediaType === 'carousel'));
    expect(sorted(all({ hashtag: '#RainyDay' }))).toEqual(rowids((r) => r.hashtags.includes('rainyday')));
    const m = data.records.find((r) => r.mentions.length > 0)!.mentions[0]!;
    expect(sorted(all({ mention: `@${m}` }))).toEqual(rowids((r) => r.mentions.includes(m)));
    expect(sorted(all({ hasReplies: true, kinds: ['comment'] }))).toEqual(rowids((r) => r.kind === 'comment' && (r.comments ?? 0) > 0));
  });

  it("an account's post count is not shown or filtered as its comments", () => {
    // A profile's row keeps its number of posts where posts keep their comments (studies/extract.ts).
    const account = data.records.find((r) => r.kind === 'user')!;
    db.prepare('UPDATE records SET comment_count = 42 WHERE rowid = ?').run(account.rowid);
    try {
      expect(all({ hasReplies: true })).not.toContain(account.rowid);
      const row = browse(db, q({ kinds: ['user'] }), 0, 10_000).rows.find((r) => r.rowid === account.rowid)!;
      expect(row.comments).toBeNull();
      // Sorted by comments, most first: the account is not ranked by its posts, it goes last with the rows that have none.
      const byComments = all({ sort: 'comments', desc: true });
      expect(byComments.indexOf(account.rowid)).toBeGreaterThanOrEqual(byComments.length - rowids((r) => r.kind === 'user' || r.comments === null).length);
    } finally {
      db.prepare('UPDATE records SET comment_count = NULL WHERE rowid = ?').run(account.rowid);
    }
  });

  it('status (unchecked included), codes and notes', () => {
    const some = data.records.filter((r) => r.kind === 'post').slice(0, 6);
    db.prepare("UPDATE records SET status = 'gone', checked_at = 1 WHERE rowid IN (?, ?)").run(some[0]!.rowid, some[1]!.rowid);
    db.prepare("UPDATE records SET status = 'online', checked_at = 1 WHERE rowid = ?").run(some[2]!.rowid);
    expect(sorted(all({ statuses: ['gone'] }))).toEqual(sorted([some[0]!.rowid, some[1]!.rowid]));
    expect(all({ statuses: ['unchecked', 'online'] })).toHaveLength(data.records.length - 2);
    const [code] = saveCode(db, { name: 'irony', description: '', color: '#aa3355', shortcut: '1' }, 5);
    applyCode(db, { rowids: [some[3]!.rowid, some[4]!.rowid] }, code!.id, true, 6);
    setNote(db, some[5]!.rowid, 'ask the author', 7);
    expect(sorted(all({ codeIds: [code!.id] }))).toEqual(sorted([some[3]!.rowid, some[4]!.rowid]));
    expect(all({ hasNote: true })).toEqual([some[5]!.rowid]);
    const row = browse(db, q({ codeIds: [code!.id] }), 0, 10).rows[0]!;
    expect(row.codes).toEqual([code!.id]);
  });
});

describe('order and pages', () => {
  it('sorts by any column with empty values last, and pages join into the whole list, each row once', () => {
    for (const sort of ['taken_at', 'likes', 'account', 'plays', 'first_seen'] as const) {
      for (const desc of [true, false]) {
        const rows: { v: number | string | null; rowid: number }[] = [];
        for (let offset = 0; offset < 3000; offset += 500) {
          for (const r of browse(db, q({ sort, desc, kinds: ['post', 'reel'] }), offset, 500).rows) {
            rows.push({ v: sort === 'taken_at' ? r.takenAt : sort === 'likes' ? r.likes : sort === 'account' ? (r.username ?? '').toLowerCase() : sort === 'plays' ? r.plays : r.firstSeen, rowid: r.rowid });
          }
        }
        expect(new Set(rows.map((r) => r.rowid)).size).toBe(rows.length);
        expect(rows.length).toBe(rowids((r) => r.kind === 'post').length);
        const values = rows.map((r) => r.v);
        const firstNull = values.indexOf(null);
        if (firstNull >= 0) expect(values.slice(firstNull).every((v) => v === null)).toBe(true);
        const present = values.filter((v) => v !== null) as (number | string)[];
        for (let i = 1; i < present.length; i++) {
          const a = present[i - 1]!;
          const b = present[i]!;
          expect(desc ? a >= b : a <= b, `${sort} ${desc ? 'desc' : 'asc'} at ${i}: ${String(a)} then ${String(b)}`).toBe(true);
        }
      }
    }
  });

  it('selects every row a query matches, or the rows named (kinds the browser shows only)', () => {
    expect(selectedRowids(db, { query: q({ hashtag: 'coffee' }) })).toEqual(rowids((r) => r.hashtags.includes('coffee')));
    const carousel = db.prepare("SELECT rowid FROM records WHERE kind NOT IN ('post', 'comment', 'story', 'user') LIMIT 1").get() as { rowid: number } | undefined;
    expect(selectedRowids(db, { rowids: [data.records[5]!.rowid, ...(carousel ? [carousel.rowid] : []), 999_999] })).toEqual([data.records[5]!.rowid]);
  });
});

describe('free text as a full-text query', () => {
  it('quotes every word, keeps phrases, OR and prefixes, and drops what has no letter or digit', () => {
    expect(ftsQuery('coffee')).toBe('"coffee"');
    expect(ftsQuery('coffee bread')).toBe('"coffee" AND "bread"');
    expect(ftsQuery('"morning light" OR rain')).toBe('("morning light" OR "rain")');
    expect(ftsQuery('bak*')).toBe('"bak"*');
    expect(ftsQuery('NEAR( AND ) " ^ -- :')).toBe('"NEAR(" AND "AND"');
    expect(ftsQuery('say "he said ""hi""')).toBe('"say" AND "he said " AND "hi"');
    expect(ftsQuery('  ')).toBeNull();
  });

  it('never fails on what a person may type', () => {
    for (const text of ['"', '""', 'a"b', 'OR', 'OR OR', 'x OR', '*', 'a*b*', '(', ')', 'col:val', 'NOT', '-x', '^start', '#coffee', '@maker_1', 'é', '日本', '🙂 coffee']) {
      expect(() => browse(db, q({ text }), 0, 5), text).not.toThrow();
    }
    expect(browse(db, q({ text: '#coffee' }), 0, 1).total).toBeGreaterThan(0);
  });

  it('a NUL character in a text filter is refused at the IPC boundary as invalid input, saying what to remove', async () => {
    const handlers: Partial<Handlers> = { studyBrowse: async ({ query, offset, limit }) => browse(db, query, offset, limit) };
    const router = createRouter({
      handlers: handlers as Handlers,
      isTrustedSender: (origin) => origin === 'app://feedlens',
      log: () => undefined,
    });
    const event = { sender: { id: 1 }, senderFrame: { url: 'app://feedlens/index.html', parent: null } };
    for (const filter of [{ text: 'bread\u0000x' }, { text: '"morning\u0000light"' }, { account: 'maker_1\u0000' }, { hashtag: '\u0000coffee' }, { mention: 'a\u0000' }]) {
      const answer = await router.handle('studyBrowse', event, { id: 'study-0000-test', query: filter, offset: 0, limit: 5 });
      expect(answer.ok, JSON.stringify(filter)).toBe(false);
      const error = (answer as { error: AppError }).error;
      expect(error.kind).toBe('validation');
      expect(error.message).toContain('NUL character');
    }
    expect((await router.handle('studyBrowse', event, { id: 'study-0000-test', query: { text: 'bread' }, offset: 0, limit: 5 })).ok).toBe(true);
  });
});

describe('codes, notes and views', () => {
  it('keeps a codebook: names unique, a key moves to the code that takes it, deleting a code takes it off its records', () => {
    const before = listCodes(db);
    const irony = before.find((c) => c.name === 'irony')!;
    expect(() => saveCode(db, { name: 'IRONY', description: '', color: '', shortcut: null }, 8)).toThrow(CodingError);
    const codes = saveCode(db, { name: 'Call to action', description: 'Asks readers to do something', color: '', shortcut: '1' }, 9);
    expect(codes.find((c) => c.name === 'Call to action')?.shortcut).toBe('1');
    expect(codes.find((c) => c.id === irony.id)?.shortcut).toBeNull();
    const cta = codes.find((c) => c.name === 'Call to action')!;
    expect(applyCode(db, { query: q({ hashtag: 'weekend', kinds: ['post'] }) }, cta.id, true, 10)).toBe(rowids((r) => r.kind === 'post' && !r.reel && r.hashtags.includes('weekend')).length);
    expect(applyCode(db, { query: q({ hashtag: 'weekend', kinds: ['post'] }) }, cta.id, true, 11)).toBe(0);
    expect(listCodes(db).find((c) => c.id === cta.id)?.count).toBe(rowids((r) => r.kind === 'post' && !r.reel && r.hashtags.includes('weekend')).length);
    deleteCode(db, cta.id);
    expect(db.prepare('SELECT count(*) AS n FROM record_codes WHERE code_id = ?').get(cta.id)).toEqual({ n: 0 });
    expect(() => applyCode(db, { rowids: [1] }, cta.id, true, 12)).toThrow(CodingError);
  });

  it('sets and clears a note', () => {
    const rowid = data.records[10]!.rowid;
    expect(setNote(db, rowid, 'first, "quoted"\nsecond line', 1)).toBe('first, "quoted"\nsecond line');
    expect(noteOf(db, rowid)).toBe('first, "quoted"\nsecond line');
    expect(setNote(db, rowid, '   ', 2)).toBeNull();
    expect(noteOf(db, rowid)).toBeNull();
    expect(() => setNote(db, 999_999, 'x', 3)).toThrow(CodingError);
  });

  it('saves named views and replaces one saved again under its name', () => {
    saveView(db, 'Gone reels', { query: q({ kinds: ['reel'], statuses: ['gone'] }), columns: [...DEFAULT_COLUMNS] }, 1);
    const views = saveView(db, 'gone REELS', { query: q({ kinds: ['reel'], statuses: ['gone', 'private'] }), columns: ['kind', 'text'] }, 2);
    expect(views).toHaveLength(1);
    expect(views[0]!.spec.query.statuses).toEqual(['gone', 'private']);
    expect(listViews(db)[0]!.spec.columns).toEqual(['kind', 'text']);
  });
});

describe('the renderer’s empty browser query', () => {
  it('is what main’s schema makes of an empty query (the renderer builds it without zod)', () => {
    expect(emptyBrowseQuery()).toEqual(browseQuerySchema.parse({}));
  });
});
