// The Explorer's pages, without React: the request for the next page through the shared pager, and the
// guard that never lets the same page be asked for twice (a double click, a page already loaded).
import type { Endpoint } from '../../../../shared/api/catalog';
import { readPage, withCursor, type PageCursor } from '../../../../shared/api/pager';
import type { CallParams } from './form';

export interface PageRequest {
  /** The params sent: the form's params with the page's cursor. */
  sent: CallParams;
  cursor: PageCursor | null;
  /** Identifies the page: the same key is never requested twice. */
  key: string;
}

/** A cursor as one stable text (its params sorted); the first page is ''. */
export function cursorKey(cursor: PageCursor | null): string {
  if (!cursor) return '';
  return JSON.stringify(Object.keys(cursor).sort().map((name) => [name, cursor[name]]));
}

/** The request for a page: the first when `cursor` is null. */
export function pageRequest(params: CallParams, cursor: PageCursor | null): PageRequest {
  return { sent: withCursor(params, cursor) as CallParams, cursor, key: cursorKey(cursor) };
}

/** The items of one answer and the cursor of the page after it (null at the end, or when it does not page). */
export function readAnswer(endpoint: Endpoint, data: unknown, sent: CallParams): { items: unknown[]; next: PageCursor | null } {
  const page = readPage(endpoint, data, sent);
  return { items: page.items, next: endpoint.paging ? page.nextCursor : null };
}

/**
 * Remembers every page asked for in one run of the form. `claim` says whether a page may be requested
 * now and, if so, marks it taken; a failed page is released so that it can be tried again.
 */
export class PageGuard {
  private readonly taken = new Set<string>();

  claim(request: PageRequest): boolean {
    if (this.taken.has(request.key)) return false;
    this.taken.add(request.key);
    return true;
  }

  release(request: PageRequest): void {
    this.taken.delete(request.key);
  }

  get size(): number {
    return this.taken.size;
  }
}
