// The normalised records of the Explorer's pages, without React: each with the call it came from
// (what the selection, exports and downloads need), and a line that names it.
import type { Provenance } from '../../../../shared/ipc';
import type { AppRecord } from '../../../../shared/records';
import type { Selectable } from '../../state/selection';
import type { ExplorerPage } from './useExplorerRun';
import { plural } from '../../format';

export function provenanceOf(path: string, page: ExplorerPage): Provenance {
  return { path, params: page.request.sent, requestId: page.value.fetchedBy, fetchedAt: page.value.fetchedAt };
}

/** Every record of every page, in order, each with its page's provenance. */
export function recordEntries(path: string, pages: readonly ExplorerPage[]): Selectable[] {
  return pages.flatMap((page) => page.records.map((record) => ({ record, provenance: provenanceOf(path, page) })));
}

const at = (username: string | null | undefined) => (username ? `@${username}` : null);

function short(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A record in a few words: who or what it is, and its id. */
export function recordLine(record: AppRecord): { title: string; detail: string; id: string | null } {
  switch (record.kind) {
    case 'user':
    case 'profile':
      return { title: at(record.username) ?? '(no username)', detail: record.fullName ?? '', id: record.id };
    case 'post':
      return { title: `${record.productType === 'clips' ? 'Reel' : 'Post'} ${record.code ?? ''}`.trim(), detail: [at(record.owner?.username), short(record.caption.text)].filter(Boolean).join(' · '), id: record.id };
    case 'comment':
      return { title: at(record.author?.username) ?? 'Comment', detail: short(record.text), id: record.id };
    case 'story':
      return { title: `Story${record.owner?.username ? ` of @${record.owner.username}` : ''}`, detail: record.mediaType, id: record.id };
    case 'highlight':
      return { title: record.title ?? 'Highlight', detail: `${record.items.length} ${plural(record.items.length, 'story', 'stories')}`, id: record.id };
    case 'location':
      return { title: record.name ?? 'Place', detail: '', id: record.id };
    case 'hashtag':
      return { title: `#${record.name}`, detail: '', id: record.id };
    case 'track':
      return { title: record.title ?? 'Track', detail: record.artist ?? '', id: record.id };
    default:
      return { title: record.kind, detail: '', id: 'id' in record && typeof record.id === 'string' ? record.id : null };
  }
}
