// An account's current username and the ones it had, as a study saw them: the name most recently seen
// (in a profile snapshot, the account's own row, or a record it owns) is current; every other name seen
// with its user id is a former one. A renamed account then shows under one name everywhere (networks, the
// data browser) with its former names beside it.
import type { Db } from './db';

/** The names seen with user id `?1`, each with the last time it was seen (epoch ms). */
const SEEN_NAMES = `SELECT username, max(t) AS t FROM (
    SELECT username, seen_at AS t FROM snapshots WHERE user_id = ?1
    UNION ALL SELECT username, last_seen AS t FROM records WHERE kind = 'user' AND id = ?1
    UNION ALL SELECT username, last_seen AS t FROM records WHERE owner_id = ?1 AND kind IN ('post', 'comment', 'story', 'highlight')
  ) WHERE username IS NOT NULL AND username <> '' GROUP BY username COLLATE NOCASE ORDER BY t DESC, username`;

/** SQL for the current username of the account whose user id is the expression `idSql` (null when never seen). */
export function currentNameSql(idSql: string): string {
  return `(SELECT username FROM (
    SELECT username, seen_at AS t FROM snapshots WHERE user_id = ${idSql}
    UNION ALL SELECT username, last_seen AS t FROM records WHERE kind = 'user' AND id = ${idSql}
    UNION ALL SELECT username, last_seen AS t FROM records WHERE owner_id = ${idSql} AND kind IN ('post', 'comment', 'story', 'highlight')
  ) WHERE username IS NOT NULL AND username <> '' ORDER BY t DESC LIMIT 1)`;
}

export interface AccountName {
  current: string;
  /** Other names seen with the same user id, most recent first. */
  former: string[];
}

/** Looks up accounts' names by user id (each looked up once). */
export function accountNamesOf(db: Db): (userId: string) => AccountName | null {
  const stmt = db.prepare(SEEN_NAMES);
  const memo = new Map<string, AccountName | null>();
  return (userId) => {
    let found = memo.get(userId);
    if (found === undefined) {
      const names = (stmt.all(userId) as { username: string }[]).map((r) => r.username);
      found = names.length > 0 ? { current: names[0]!, former: names.slice(1) } : null;
      memo.set(userId, found);
    }
    return found;
  };
}
