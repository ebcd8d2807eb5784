// The data browser's search text: what was not read as a search syntax would suggest is said, so an
// empty result explains itself; well-formed text has nothing to explain.
import { describe, expect, it } from 'vitest';
import { ftsNotes } from '../../../shared/fts-text';

describe('notes on a full-text search', () => {
  it('say nothing about words, phrases, OR and prefixes', () => {
    expect(ftsNotes('coffee "morning light" OR rain bak*')).toEqual([]);
    expect(ftsNotes('')).toEqual([]);
  });

  it('explain operators taken as words, exclusions, columns, a quote left open, symbols and a lone OR', () => {
    expect(ftsNotes('coffee NOT tea')).toEqual(['“NOT” was searched as a word: every word must be in a record, and OR is the only operator.']);
    expect(ftsNotes('coffee AND tea')[0]).toContain('“AND” was searched as a word');
    expect(ftsNotes('coffee -tea')).toEqual(['“-tea” finds records with “tea”: words cannot be excluded.']);
    expect(ftsNotes('text:coffee')[0]).toContain('a search cannot name a column');
    expect(ftsNotes('"morning light')[0]).toContain('A quote mark is not closed');
    expect(ftsNotes('coffee ***')).toEqual(['“***” has no letter or digit and was left out.']);
    expect(ftsNotes('coffee OR')).toEqual(['OR needs a word on each side: it was left out.']);
  });
});
