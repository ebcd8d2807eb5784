// Schedules: a study runs by itself every N hours while the app is open, within a daily budget the user
// authorised once in main's question, in the mode and with the service it was authorised for. The
// schedule row in the study's database is a proposal: only a schedule main recorded on this machine for
// the key in use (grants.ts), with the same period and budget, ever runs. Stories of
// watched accounts are read at least twice per story lifetime (from the `expiring_at` seen, 24 hours
// by default), in small stories-only runs between the full ones. Setting a schedule starts no run: the
// first comes one period later, unless the user asked for one now. A run missed while the app was
// closed runs at the next start. Scheduled runs spend within what is left of the day's budget and stop there.
import type { SessionInfo } from '../../shared/ipc';
import type { ScheduleInfo } from '../../shared/ipc/studies';
import type { Db } from './db';
import type { ScheduleGrant } from './grants';

/** What main authorised for the schedule with the key in use, and what scheduled runs spent today by its count. */
export interface ScheduleAuthority {
  grant: ScheduleGrant | null;
  spentToday: number;
}

export const SCHEDULE_NOT_CONFIRMED =
  'Not confirmed on this computer with the key in use (the study comes from elsewhere, the key changed, or its database was changed outside Feedlens): it runs nothing until you confirm it.';

const HOUR_MS = 3_600_000;
const DEFAULT_STORY_LIFETIME_S = 24 * 3600;

interface ScheduleRow {
  every_hours: number;
  daily_budget: number;
  authorised_at: number;
  mode: string;
  origin: string;
  next_run_at: number;
  next_stories_at: number | null;
  last_run_at: number | null;
}

/** The local calendar day of a time, e.g. "2026-11-20": daily budgets count per day. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

function row(db: Db): ScheduleRow | null {
  return (db.prepare('SELECT * FROM schedules WHERE id = 1').get() as ScheduleRow | undefined) ?? null;
}

/** Hours between stories runs: half the shortest story lifetime seen; null when full runs come often enough. */
export function storiesEvery(db: Db, everyHours: number): number | null {
  const watched = db.prepare("SELECT 1 FROM targets WHERE kind = 'account' AND removed_at IS NULL AND lists LIKE '%\"stories\"%' LIMIT 1").get();
  if (!watched) return null;
  const seen = db.prepare("SELECT min(expires_at - taken_at) AS life FROM records WHERE kind = 'story' AND parent_id IS NULL AND expires_at > taken_at").get() as { life: number | null };
  const hours = (seen.life ?? DEFAULT_STORY_LIFETIME_S) / 2 / 3600;
  return hours < everyHours ? Math.max(0.5, hours) : null;
}

export function spentOn(db: Db, day: string): number {
  return (db.prepare('SELECT units FROM schedule_days WHERE day = ?').get(day) as { units: number } | undefined)?.units ?? 0;
}

/** Sets (or confirms) the schedule: its first run one period later, or at once when the user asked for one. */
export function setSchedule(db: Db, s: { everyHours: number; dailyBudget: number; session: SessionInfo; now: number; runNow?: boolean }): void {
  const stories = storiesEvery(db, s.everyHours);
  const firstRun = s.runNow ? s.now : s.now + s.everyHours * HOUR_MS;
  db.prepare(
    `INSERT INTO schedules (id, every_hours, daily_budget, authorised_at, mode, origin, next_run_at, next_stories_at, last_run_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, NULL)
     ON CONFLICT (id) DO UPDATE SET every_hours = excluded.every_hours, daily_budget = excluded.daily_budget, authorised_at = excluded.authorised_at,
       mode = excluded.mode, origin = excluded.origin, next_run_at = excluded.next_run_at, next_stories_at = excluded.next_stories_at`,
  ).run(s.everyHours, s.dailyBudget, s.now, s.session.mode, s.session.origin, firstRun, stories === null ? null : s.now + stories * HOUR_MS);
}

export function clearSchedule(db: Db): boolean {
  return db.prepare('DELETE FROM schedules WHERE id = 1').run().changes > 0;
}

/** The schedule in the database is the one main authorised with the key in use. */
function confirmed(r: ScheduleRow, grant: ScheduleGrant | null): grant is ScheduleGrant {
  return grant !== null && grant.everyHours === r.every_hours && grant.dailyBudget === r.daily_budget;
}

/** Why scheduled runs wait now (another session, today's budget spent), or null. */
function waiting(r: ScheduleRow, session: SessionInfo, spent: number): string | null {
  if (r.mode !== session.mode) return `Authorised for ${r.mode === 'demo' ? 'demo mode' : 'the live service'}: it waits while Feedlens is on ${session.mode === 'demo' ? 'demo mode' : 'the live service'}.`;
  if (r.origin !== session.origin) return `Authorised for the service at ${r.origin}: it waits while Feedlens talks to ${session.origin}.`;
  if (spent >= r.daily_budget) return 'Today’s budget is spent: the next run waits for tomorrow.';
  return null;
}

export function scheduleInfo(db: Db, session: SessionInfo, now: number, authority: ScheduleAuthority): ScheduleInfo | null {
  const r = row(db);
  if (!r) return null;
  const spent = Math.max(spentOn(db, localDay(now)), authority.spentToday);
  const isConfirmed = confirmed(r, authority.grant);
  return {
    everyHours: r.every_hours,
    storiesEveryHours: storiesEvery(db, r.every_hours),
    dailyBudget: r.daily_budget,
    spentToday: spent,
    nextRunAt: r.next_run_at,
    nextStoriesAt: r.next_stories_at,
    lastRunAt: r.last_run_at,
    authorisedAt: r.authorised_at,
    mode: r.mode as 'demo' | 'live',
    origin: r.origin,
    confirmed: isConfirmed,
    waiting: isConfirmed ? waiting(r, session, spent) : SCHEDULE_NOT_CONFIRMED,
  };
}

export type Due = { trigger: 'schedule' | 'stories'; budget: number } | null;

/**
 * What is due at `now` for this study, and its budget (what is left of today's); the schedule moves on
 * when something is due. Nothing is due unless main authorised this schedule with the key in use, in
 * another session, with a run under way, or with today's budget spent.
 */
export function takeDue(db: Db, session: SessionInfo, now: number, hasActiveRun: boolean, authority: ScheduleAuthority): Due {
  const r = row(db);
  if (!r || hasActiveRun || !confirmed(r, authority.grant)) return null;
  const spent = Math.max(spentOn(db, localDay(now)), authority.spentToday);
  const left = authority.grant.dailyBudget - spent;
  if (waiting(r, session, spent) !== null || left <= 0) return null;
  const stories = storiesEvery(db, r.every_hours);
  const nextStories = (t: number) => (stories === null ? null : t + stories * HOUR_MS);
  // The clock went back (or the times were edited): what is due is never further away than one period.
  const period = r.every_hours * HOUR_MS;
  if (r.next_run_at > now + period) {
    r.next_run_at = now + period;
    db.prepare('UPDATE schedules SET next_run_at = ? WHERE id = 1').run(r.next_run_at);
  }
  if (r.next_stories_at !== null && stories !== null && r.next_stories_at > now + stories * HOUR_MS) {
    r.next_stories_at = nextStories(now);
    db.prepare('UPDATE schedules SET next_stories_at = ? WHERE id = 1').run(r.next_stories_at);
  }
  if (r.next_run_at <= now) {
    // Missed runs are not made up one by one: one run now, the next one period later.
    db.prepare('UPDATE schedules SET next_run_at = ?, next_stories_at = ?, last_run_at = ? WHERE id = 1').run(now + r.every_hours * HOUR_MS, nextStories(now), now);
    return { trigger: 'schedule', budget: left };
  }
  if (r.next_stories_at !== null && r.next_stories_at <= now) {
    db.prepare('UPDATE schedules SET next_stories_at = ? WHERE id = 1').run(nextStories(now));
    return { trigger: 'stories', budget: left };
  }
  return null;
}
