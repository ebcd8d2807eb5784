// Leftover work of runs that stopped before their end (stopped at a budget, failed, cancelled) passes to
// the lists' state when a new run starts, so the new run reads what they left unread.
import type { StudyParts } from './page';
import type { RunTable } from './runs';

export function foldLeftovers(parts: Pick<StudyParts, 'db' | 'tasks' | 'states'>, runs: RunTable, newRunId: number, now: number): void {
  const rows = parts.db
    .prepare("SELECT DISTINCT run_id FROM run_tasks WHERE run_id <> ? AND run_id IN (SELECT id FROM runs WHERE state NOT IN ('running', 'paused') AND trigger <> 'adhoc')")
    .all(newRunId) as { run_id: number }[];
  for (const { run_id: old } of rows) {
    for (const t of parts.tasks.all(old)) {
      if ((t.phase === 'head' || t.phase === 'gap') && t.cursor !== null) {
        const key = { targetId: t.targetId, list: t.list, contextId: t.contextId };
        const state = parts.states.get(key);
        parts.states.set(key, { gaps: [...(state?.gaps ?? []), { cursor: t.cursor, boundary: t.phase === 'head' ? old : t.boundary }] });
      }
      // all/tail reads keep their cursor in list_state page by page; follow-ups are pending there too.
      parts.tasks.remove(old, t.pos);
    }
    runs.set(old, { message: `What it left unread was taken over by run #${newRunId}.` }, now);
  }
}
