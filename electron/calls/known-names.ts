// Usernames of accounts main has seen in answers (profiles and authors, from the service or the cache),
// so main's questions name an account as people know it ("@nasa"), not by "user_id 528817151".
// Bounded: the least recently learned names go first.
import type { Endpoint } from '../../shared/api/catalog';
import { normalizeAnswer } from '../../shared/api/normalize';
import type { AppRecord } from '../../shared/records';

export interface KnownNames {
  /** Learns from one answer: the account of a profile answer, the author of a post or story answer. */
  learn(endpoint: Endpoint, data: unknown): void;
  remember(id: string, username: string): void;
  username(id: string): string | null;
  /** Forgets every name (a new session: demo and live accounts are not the same). */
  clear(): void;
}

const LEARNED_FROM: ReadonlySet<string> = new Set(['profile', 'user', 'post', 'story']);

function accountOf(record: AppRecord): { id: string; username: string | null } | null {
  if (record.kind === 'profile' || record.kind === 'user') return record;
  if ((record.kind === 'post' || record.kind === 'story') && record.owner) return record.owner;
  return null;
}

export function createKnownNames(max = 10_000): KnownNames {
  const names = new Map<string, string>();
  const remember = (id: string, username: string): void => {
    names.delete(id);
    names.set(id, username);
    for (const [oldest] of names) {
      if (names.size <= max) break;
      names.delete(oldest);
    }
  };
  return {
    learn(endpoint, data) {
      // One record answers only: a list's pages are not read again for names.
      if (endpoint.answer.many || !LEARNED_FROM.has(endpoint.answer.record)) return;
      let record: AppRecord | AppRecord[] | null;
      try {
        record = normalizeAnswer(endpoint, data);
      } catch {
        return; // an answer of an unexpected shape names nobody
      }
      const account = record && !Array.isArray(record) ? accountOf(record) : null;
      if (account?.id && account.username) remember(account.id, account.username);
    },
    remember,
    username: (id) => names.get(id) ?? null,
    clear: () => names.clear(),
  };
}
