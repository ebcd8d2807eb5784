// Opaque cursors and page slicing. A cursor is base64url of the next offset and a signature over the
// list it belongs to, so it is never a bare offset and a cursor from another list is refused.
import { hashString } from '../world/random';

export interface Page<T> {
  items: T[];
  /** The cursor of the next page, null at the end. */
  next: string | null;
  /** Offset of the first item (for child_comment_index and the like). */
  offset: number;
}

function signature(scope: string, offset: number): string {
  return hashString(`${scope}#${offset}`).toString(36);
}

export function encodeCursor(scope: string, offset: number): string {
  return Buffer.from(`${offset}:${signature(scope, offset)}`, 'utf8').toString('base64url');
}

/** The offset a cursor stands for, or null when it is not a cursor of this list. */
export function decodeCursor(scope: string, cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^(\d{1,9}):([0-9a-z]+)$/.exec(text);
  if (!m || !m[1] || !m[2]) return null;
  const offset = Number(m[1]);
  return m[2] === signature(scope, offset) ? offset : null;
}

/**
 * One page of `list` after `cursor` (absent or '' = the first page). Returns null for a cursor that
 * does not belong to this list. `limit` caps how far the list may be read at all (production's
 * follower limit): the page stops there and has no next cursor.
 */
export function paginate<T>(list: readonly T[], cursor: string | null, size: number, scope: string, limit = Infinity): Page<T> | null {
  let offset = 0;
  if (cursor) {
    const decoded = decodeCursor(scope, cursor);
    if (decoded === null) return null;
    offset = decoded;
  }
  const end = Math.min(list.length, offset + size, limit);
  const items = list.slice(offset, Math.max(offset, end));
  const next = end < list.length && end < limit ? encodeCursor(scope, end) : null;
  return { items, next, offset };
}
