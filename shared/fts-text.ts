// The data browser's full-text search box: free text read as an FTS5 query that cannot be a syntax
// error (main runs it), and, for the screen, what in the text was not read as the user may have meant,
// so an empty result says why. Pure: used by electron/studies/browse.ts and the renderer.

/**
 * Free text as an FTS5 query: words (and "quoted phrases") each quoted, all required; OR between two of
 * them offers either; a trailing * matches a prefix. Null: nothing to match.
 */
export function ftsQuery(text: string): string | null {
  const parts: string[] = [];
  let or = false;
  for (const m of text.matchAll(/"([^"]*)"|(\S+)/g)) {
    const phrase = m[1] !== undefined;
    const raw = m[1] ?? m[2] ?? '';
    if (!phrase && raw === 'OR') {
      or = parts.length > 0;
      continue;
    }
    const prefix = !phrase && raw.length > 1 && raw.endsWith('*');
    const body = prefix ? raw.slice(0, -1) : raw;
    if (!/[\p{L}\p{N}]/u.test(body)) continue;
    const term = `"${body.replace(/"/g, '""')}"${prefix ? '*' : ''}`;
    if (or && parts.length > 0) parts[parts.length - 1] = `(${parts.at(-1)} OR ${term})`;
    else parts.push(term);
    or = false;
  }
  return parts.length > 0 ? parts.join(' AND ') : null;
}

const OPERATORS = new Set(['AND', 'NOT', 'NEAR']);

/** What in the search text was read otherwise than a search syntax would suggest, in words. */
export function ftsNotes(text: string): string[] {
  const notes: string[] = [];
  if ((text.match(/"/g) ?? []).length % 2 === 1) notes.push('A quote mark is not closed: the words after it were searched one by one, not as a phrase.');
  const words = [...text.replace(/"[^"]*"/g, ' ').matchAll(/\S+/g)].map((m) => m[0]);
  for (const [i, word] of words.entries()) {
    const bare = word.replace(/"/g, '');
    if (OPERATORS.has(bare.replace(/\($/, ''))) notes.push(`“${bare}” was searched as a word: every word must be in a record, and OR is the only operator.`);
    else if (bare === 'OR' && (i === 0 || i === words.length - 1)) notes.push('OR needs a word on each side: it was left out.');
    else if (/^-[\p{L}\p{N}]/u.test(bare)) notes.push(`“${bare}” finds records with “${bare.slice(1)}”: words cannot be excluded.`);
    else if (/^[\p{L}\p{N}_]+:[\p{L}\p{N}]/u.test(bare)) notes.push(`“${bare}” was searched as the words on each side of “:”, one after the other: a search cannot name a column.`);
    else if (bare !== '' && !/[\p{L}\p{N}]/u.test(bare)) notes.push(`“${bare}” has no letter or digit and was left out.`);
  }
  return notes;
}
