// Schedules: what is due when, within the daily budget, in the session it was authorised for; stories
// of watched accounts at least twice per story lifetime seen.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../../electron/studies/db';
import { localDay, SCHEDULE_NOT_CONFIRMED, scheduleInfo, setSchedule, storiesEvery, takeDue, type ScheduleAuthority } from '../../../../electron/studies/schedule';
import { createTargetsTable } from '../../../../electron/studies/targets';
import type { SessionInfo } from '../../../../shared/ipc';

const HOUR = 3_600_000;
const T0 = new Date(2026, 10, 20, 8, 0, 0).getTime();
const demo: SessionInfo = { id: 's1', mode: 'demo', reason: 'no_key', origin: 'https://api.feedlens-sim.invalid', simulated: true, keyId: null };
const live: SessionInfo = { id: 's2', mode: 'live', reason: 'key', origin: 'https://api.hikerapi.com', simulated: false, keyId: 'k' };

let dir: string;
let db: Db;
/** What main recorded on this machine for the schedule (grants.ts): the tests set it with `grant`. */
let granted: ScheduleAuthority = { grant: null, spentToday: 0 };
function grant(everyHours: number, dailyBudget: number, spentToday = 0): void {
  granted = { grant: { everyHours, dailyBudget, grantedAt: T0, days: {} }, spentToday };
}
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'feedlens-schedule-'));
  db = openDb(join(dir, 'study.sqlite'), { appVersion: 'test' });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function watch(lists: string[]): void {
  createTargetsTable(db).add({ kind: 'account', key: '123', label: '@a' }, { lists: lists as never, since: null, until: null, maxUnitsPerRun: null }, T0);
}

function story(takenAt: number, expiresAt: number): void {
  db.prepare("INSERT INTO records (kind, id, taken_at, expires_at, raw, record, first_seen, last_seen) VALUES ('story', ?, ?, ?, '{}', '{}', 0, 0)").run(`s${takenAt}`, takenAt, expiresAt);
}

describe('schedules', () => {
  beforeEach(() => void (granted = { grant: null, spentToday: 0 }));

  it('starts no run when set: the first comes one period later, then every N hours; a missed period runs once, not once per period', () => {
    watch(['posts']);
    setSchedule(db, { everyHours: 6, dailyBudget: 50, session: demo, now: T0 });
    grant(6, 50);
    expect(takeDue(db, demo, T0, false, granted)).toBeNull();
    expect(scheduleInfo(db, demo, T0, granted)?.nextRunAt).toBe(T0 + 6 * HOUR);
    expect(takeDue(db, demo, T0 + 6 * HOUR, false, granted)).toEqual({ trigger: 'schedule', budget: 50 });
    expect(takeDue(db, demo, T0 + 7 * HOUR, false, granted)).toBeNull();
    expect(takeDue(db, demo, T0 + 12 * HOUR, true, granted)).toBeNull(); // a run is under way
    expect(takeDue(db, demo, T0 + 26 * HOUR, false, granted)).toMatchObject({ trigger: 'schedule' });
    expect(takeDue(db, demo, T0 + 27 * HOUR, false, granted)).toBeNull();
  });

  it('runs at once when the user asked for a run now as well', () => {
    watch(['posts']);
    setSchedule(db, { everyHours: 6, dailyBudget: 50, session: demo, now: T0, runNow: true });
    grant(6, 50);
    expect(takeDue(db, demo, T0, false, granted)).toEqual({ trigger: 'schedule', budget: 50 });
    expect(takeDue(db, demo, T0 + HOUR, false, granted)).toBeNull();
    expect(takeDue(db, demo, T0 + 6 * HOUR, false, granted)).toMatchObject({ trigger: 'schedule' });
  });

  it('spends within the day’s budget, and waits for the next day once it is spent', () => {
    watch(['posts']);
    setSchedule(db, { everyHours: 1, dailyBudget: 10, session: demo, now: T0, runNow: true });
    grant(1, 10);
    db.prepare('INSERT INTO schedule_days (day, units) VALUES (?, 7)').run(localDay(T0));
    expect(takeDue(db, demo, T0, false, granted)).toEqual({ trigger: 'schedule', budget: 3 });
    db.prepare('UPDATE schedule_days SET units = 10 WHERE day = ?').run(localDay(T0));
    expect(takeDue(db, demo, T0 + 2 * HOUR, false, granted)).toBeNull();
    expect(scheduleInfo(db, demo, T0 + 2 * HOUR, granted)?.waiting).toContain('Today');
    const tomorrow = new Date(2026, 10, 21, 9, 0, 0).getTime();
    expect(takeDue(db, demo, tomorrow, false, granted)).toEqual({ trigger: 'schedule', budget: 10 });
  });

  it('never runs in another mode than the one it was authorised for, and says why', () => {
    watch(['posts']);
    setSchedule(db, { everyHours: 6, dailyBudget: 50, session: demo, now: T0, runNow: true });
    grant(6, 50);
    expect(takeDue(db, live, T0, false, granted)).toBeNull();
    expect(scheduleInfo(db, live, T0, granted)?.waiting).toContain('demo mode');
    expect(takeDue(db, demo, T0, false, granted)).not.toBeNull();
  });

  it('reads stories of watched accounts at least twice per story lifetime seen, between the full runs', () => {
    watch(['posts', 'stories']);
    expect(storiesEvery(db, 24)).toBe(12); // 24 h stories by default
    story(1_000_000, 1_000_000 + 8 * 3600); // stories that live 8 hours
    expect(storiesEvery(db, 24)).toBe(4);
    expect(storiesEvery(db, 3)).toBeNull(); // full runs come often enough
    setSchedule(db, { everyHours: 24, dailyBudget: 50, session: demo, now: T0, runNow: true });
    grant(24, 50);
    expect(takeDue(db, demo, T0, false, granted)).toMatchObject({ trigger: 'schedule' });
    expect(takeDue(db, demo, T0 + 3 * HOUR, false, granted)).toBeNull();
    expect(takeDue(db, demo, T0 + 4 * HOUR, false, granted)).toMatchObject({ trigger: 'stories' });
    expect(takeDue(db, demo, T0 + 8 * HOUR, false, granted)).toMatchObject({ trigger: 'stories' });
    expect(scheduleInfo(db, demo, T0 + 8 * HOUR, granted)).toMatchObject({ everyHours: 24, storiesEveryHours: 4, dailyBudget: 50, mode: 'demo' });
  });

  it('runs nothing main did not authorise on this machine: a schedule read from the database is a proposal', () => {
    watch(['posts']);
    setSchedule(db, { everyHours: 6, dailyBudget: 50, session: demo, now: T0, runNow: true });
    expect(takeDue(db, demo, T0, false, granted)).toBeNull();
    expect(scheduleInfo(db, demo, T0, granted)).toMatchObject({ confirmed: false, waiting: SCHEDULE_NOT_CONFIRMED });
    // Authorised at 50 a day; the database edited to a huge budget afterwards: not the schedule main knows.
    grant(6, 50);
    db.prepare('UPDATE schedules SET daily_budget = 1000000').run();
    expect(takeDue(db, demo, T0, false, granted)).toBeNull();
    expect(scheduleInfo(db, demo, T0, granted)?.confirmed).toBe(false);
    db.prepare('UPDATE schedules SET daily_budget = 50').run();
    expect(takeDue(db, demo, T0, false, granted)).toEqual({ trigger: 'schedule', budget: 50 });
  });

  it('counts today’s spending by main’s record too: a database edited to say nothing was spent gets no more', () => {
    watch(['posts']);
    setSchedule(db, { everyHours: 1, dailyBudget: 10, session: demo, now: T0, runNow: true });
    grant(1, 10, 7);
    expect(takeDue(db, demo, T0, false, granted)).toEqual({ trigger: 'schedule', budget: 3 });
    expect(scheduleInfo(db, demo, T0, granted)?.spentToday).toBe(7);
  });

  it('survives the clock jumping forward and back: the next run is never more than one period away', () => {
    watch(['posts']);
    setSchedule(db, { everyHours: 6, dailyBudget: 500, session: demo, now: T0, runNow: true });
    grant(6, 500);
    expect(takeDue(db, demo, T0, false, granted)).toMatchObject({ trigger: 'schedule' });
    // The clock jumps 30 hours ahead: one run (missed periods are not made up), the next 6 hours after it.
    expect(takeDue(db, demo, T0 + 30 * HOUR, false, granted)).toMatchObject({ trigger: 'schedule' });
    // And back to the true time: runs go on every 6 hours, not 30 hours later.
    expect(takeDue(db, demo, T0 + 1 * HOUR, false, granted)).toBeNull();
    expect(scheduleInfo(db, demo, T0 + 1 * HOUR, granted)?.nextRunAt).toBeLessThanOrEqual(T0 + 7 * HOUR);
    expect(takeDue(db, demo, T0 + 7 * HOUR, false, granted)).toMatchObject({ trigger: 'schedule' });
    expect(takeDue(db, demo, T0 + 13 * HOUR, false, granted)).toMatchObject({ trigger: 'schedule' });
  });
});
