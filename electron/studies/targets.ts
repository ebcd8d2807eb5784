// A study's targets: added once each (an account by its user id, a hashtag by its lower-cased name, a
// place, post or sound by its id), with what to collect; removing one stops following it and keeps what
// was collected (a target added again comes back with its history).
import { LISTS_OF, type Collect, type TargetKind } from '../../shared/ipc/studies';
import type { Db } from './db';

export interface NewTarget {
  kind: TargetKind;
  key: string;
  label: string;
  username?: string | null;
}

export interface TargetsTable {
  /** The target's id, and whether it was added now (false: it was already followed). */
  add(t: NewTarget, collect: Collect, now: number): { id: number; added: boolean };
  update(ids: readonly number[], collect: Collect): number;
  remove(ids: readonly number[], now: number): number;
  /** Followed targets by "kind:key", and accounts also by "account:@username". */
  keys(): Map<string, number>;
}

export function createTargetsTable(db: Db): TargetsTable {
  const find = db.prepare('SELECT id, removed_at FROM targets WHERE kind = ? AND key = ?');
  const insert = db.prepare(
    'INSERT INTO targets (kind, key, label, username, lists, since, until, max_units_per_run, comment_pages_per_post, added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
  );
  const revive = db.prepare('UPDATE targets SET removed_at = NULL, lists = ?, since = ?, until = ?, max_units_per_run = ?, comment_pages_per_post = ? WHERE id = ?');
  const update = db.prepare('UPDATE targets SET lists = ?, since = ?, until = ?, max_units_per_run = ?, comment_pages_per_post = ? WHERE id = ? AND removed_at IS NULL');
  const remove = db.prepare('UPDATE targets SET removed_at = ? WHERE id = ? AND removed_at IS NULL');
  // Each target keeps the lists its kind offers (a pasted mix of accounts and hashtags shares one choice).
  const lists = (c: Collect, kind: TargetKind) => JSON.stringify([...new Set(c.lists)].filter((l) => LISTS_OF[kind].includes(l)));
  // A watched post reads its own comments whole: the cap per post is for the posts a target brings.
  const cap = (c: Collect, kind: TargetKind) => (kind === 'post' ? null : (c.commentPagesPerPost ?? null));
  const kindOf = db.prepare('SELECT kind FROM targets WHERE id = ?');
  return {
    add(t, c, now) {
      const was = find.get(t.kind, t.key) as { id: number; removed_at: number | null } | undefined;
      if (was) {
        if (was.removed_at === null) return { id: was.id, added: false };
        revive.run(lists(c, t.kind), c.since, c.until, c.maxUnitsPerRun, cap(c, t.kind), was.id);
        return { id: was.id, added: true };
      }
      const out = insert.get(t.kind, t.key, t.label, t.username ?? null, lists(c, t.kind), c.since, c.until, c.maxUnitsPerRun, cap(c, t.kind), now) as { id: number };
      return { id: out.id, added: true };
    },
    update(ids, c) {
      let n = 0;
      for (const id of ids) {
        const row = kindOf.get(id) as { kind: TargetKind } | undefined;
        if (row) n += Number(update.run(lists(c, row.kind), c.since, c.until, c.maxUnitsPerRun, cap(c, row.kind), id).changes);
      }
      return n;
    },
    remove(ids, now) {
      let n = 0;
      for (const id of ids) n += Number(remove.run(now, id).changes);
      return n;
    },
    keys() {
      const out = new Map<string, number>();
      const rows = db.prepare('SELECT id, kind, key, username FROM targets WHERE removed_at IS NULL').all() as { id: number; kind: string; key: string; username: string | null }[];
      for (const r of rows) {
        out.set(`${r.kind}:${r.key}`, r.id);
        if (r.kind === 'account' && r.username) out.set(`account:@${r.username.toLowerCase()}`, r.id);
      }
      return out;
    },
  };
}
