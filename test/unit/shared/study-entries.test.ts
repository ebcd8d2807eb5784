// Entries pasted or imported into a study: lines and CSV cells, every link form the omnibox reads, bare
// usernames, prefixed ids (with a name), and the reasons an entry cannot be a target.
import { describe, expect, it } from 'vitest';
import { entryKeys, parseEntry, splitEntries } from '../../../shared/study-entries';

describe('splitting pasted or imported text', () => {
  it('takes one entry per line, skipping blank lines and a byte-order mark', () => {
    expect(splitEntries('\uFEFF@one\n\n  two  \r\n#three\r')).toEqual([
      { line: 1, input: '@one' },
      { line: 3, input: 'two' },
      { line: 4, input: '#three' },
    ]);
  });

  it('skips the name of the one column of a list', () => {
    expect(splitEntries('Username\n@a\nb')).toEqual([
      { line: 2, input: '@a' },
      { line: 3, input: 'b' },
    ]);
  });

  it('reads a CSV file by its named column, with quoted cells and another delimiter', () => {
    const csv = 'name;username;note\n"Ann; the first";ann.b;x\nBo;"bo""x";y\n';
    expect(splitEntries(csv)).toEqual([
      { line: 2, input: 'ann.b' },
      { line: 3, input: 'bo"x' },
    ]);
  });

  it('reads the first filled cell of a CSV without a known header; links with commas stay whole', () => {
    expect(splitEntries(',https://www.instagram.com/p/ABC/\n,#tag')).toEqual([
      { line: 1, input: 'https://www.instagram.com/p/ABC/' },
      { line: 2, input: '#tag' },
    ]);
    expect(splitEntries('https://www.instagram.com/explore/tags/a,b/\n@x')).toHaveLength(2);
  });
});

describe('what an entry is', () => {
  it('reads accounts from handles, bare usernames, profile and story links, and user ids', () => {
    expect(parseEntry('@Nasa')).toEqual({ ok: true, kind: 'account', username: 'nasa', userId: null });
    expect(parseEntry('some.user_1')).toEqual({ ok: true, kind: 'account', username: 'some.user_1', userId: null });
    expect(parseEntry('https://instagram.com/nasa/?hl=en')).toMatchObject({ kind: 'account', username: 'nasa' });
    expect(parseEntry('https://www.instagram.com/stories/nasa/3162273595027945978/')).toMatchObject({ kind: 'account', username: 'nasa' });
    expect(parseEntry('528817151')).toEqual({ ok: true, kind: 'account', username: null, userId: '528817151' });
    expect(parseEntry('user:528817151')).toMatchObject({ kind: 'account', userId: '528817151' });
  });

  it('reads hashtags, places, sounds and posts, exact ids beyond 2^53 included', () => {
    expect(parseEntry('#Travel')).toEqual({ ok: true, kind: 'hashtag', key: 'travel', label: '#Travel' });
    expect(parseEntry('https://www.instagram.com/explore/locations/213385402/paris/')).toMatchObject({ kind: 'place', key: '213385402' });
    expect(parseEntry('place:213385402 Café Lumière')).toEqual({ ok: true, kind: 'place', key: '213385402', label: 'Café Lumière' });
    expect(parseEntry('https://www.instagram.com/reels/audio/1234567890123/')).toMatchObject({ kind: 'music', key: '1234567890123' });
    expect(parseEntry('https://www.instagram.com/p/CvjK1a2oXYZ/')).toMatchObject({ kind: 'post', label: 'post CvjK1a2oXYZ' });
    expect(parseEntry('3162273595027945978_25025320')).toMatchObject({ kind: 'post', key: '3162273595027945978' });
  });

  it('says why an entry cannot be a target', () => {
    expect(parseEntry('two words here')).toMatchObject({ ok: false });
    expect(parseEntry('https://example.com/nasa')).toMatchObject({ ok: false, reason: expect.stringContaining('example.com') });
    expect(parseEntry('https://www.instagram.com/stories/highlights/17900000000000000/')).toMatchObject({ ok: false, reason: expect.stringContaining('account') });
    expect(parseEntry('place:paris')).toMatchObject({ ok: false });
  });

  it('gives the same key to two forms of one target', () => {
    const a = parseEntry('@nasa');
    const b = parseEntry('https://www.instagram.com/NASA/');
    if (!a.ok || !b.ok) throw new Error('both parse');
    expect(entryKeys(a)).toEqual(entryKeys(b));
  });
});
