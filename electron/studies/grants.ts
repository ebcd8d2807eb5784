// What main authorised studies to spend, kept outside every study folder (<data folder>/study-grants.json),
// per study id and per key scope (mode, service origin, key identity). A study's database is data: a
// budget, a schedule or queued work read from it is a proposal, and only what main recorded here, after
// its own question on this machine, lets a run, a re-check or a schedule spend (docs/security.md).
//
// A grant counts what its run spent under it (reserved before each call, settled after, as the runs table
// does), so a database edited to say "nothing spent" or "a huge budget" gets no more than was confirmed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { SessionInfo } from '../../shared/ipc';
import { writeFileAtomicSync } from '../storage/fs-atomic';

export const GRANTS_FILE = 'study-grants.json';
/** Days of schedule spending kept (daily budgets look at today only). */
const DAYS_KEPT = 7;

const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const grantSchema = z.object({
  /** Units main allowed this run (or re-check) to spend under this scope. */
  budget: count,
  /** Units it spent under this scope, as main counted them. */
  spent: count,
  /** The cost of the calls under way (counted as spent if the app stops during them). */
  reserved: count,
  /** The budget main last wrote into the study's database for it: another number there means an edit. */
  dbBudget: count,
});
const scheduleSchema = z.object({
  everyHours: z.number().positive().max(720),
  dailyBudget: count,
  grantedAt: z.number(),
  /** Units scheduled runs spent per local day. */
  days: z.record(z.string(), count),
});
const scopeSchema = z.object({
  runs: z.record(z.string(), grantSchema),
  checks: z.record(z.string(), grantSchema),
  schedule: scheduleSchema.nullable(),
});
const studySchema = z.object({
  scopes: z.record(z.string(), scopeSchema),
  /** Runs and re-checks the user cancelled (under any key, granted here or not): they never spend again. */
  cancelled: z.object({ run: z.array(z.number().int()), check: z.array(z.number().int()) }),
});
const fileSchema = z.object({ version: z.literal(1), studies: z.record(z.string(), studySchema) });

export type Grant = z.infer<typeof grantSchema>;
export type ScheduleGrant = z.infer<typeof scheduleSchema>;
type ScopeGrants = z.infer<typeof scopeSchema>;
export type GrantKind = 'run' | 'check';

/** The key scope of a session: grants of one key never let another key (or mode, or service) spend. */
export function scopeOf(session: Pick<SessionInfo, 'mode' | 'origin' | 'keyId'>): string {
  return `${session.mode}|${session.origin}|${session.keyId ?? 'no key'}`;
}

/** One study's grants. `scope` is scopeOf() the session a caller works in (pinned for a whole call). */
export interface StudyGrants {
  get(scope: string, kind: GrantKind, id: number): Grant | null;
  /** Allows `more` units (a start, a raise, a confirmed resume); `dbBudget` is the budget written to the database. */
  allow(scope: string, kind: GrantKind, id: number, more: number, dbBudget: number): Grant;
  /** Before a call: its cost, counted if the app stops before `settle` (several calls may be in flight). */
  reserve(scope: string, kind: GrantKind, id: number, units: number): void;
  /** After a call: what it was billed is spent, and what was reserved for it (`released`) goes. */
  settle(scope: string, kind: GrantKind, id: number, units: number, released: number): void;
  /** Cancelled by the user on this computer (under whatever key, granted here or not): never resumed. */
  cancel(kind: GrantKind, id: number): void;
  cancelled(kind: GrantKind, id: number): boolean;
  schedule(scope: string): ScheduleGrant | null;
  setSchedule(scope: string, s: { everyHours: number; dailyBudget: number }, now: number): void;
  /** Removes the schedule under every scope. */
  clearSchedule(): void;
  daySpent(scope: string, day: string): number;
  spendDay(scope: string, day: string, units: number): void;
  /** The study left the list: nothing of it may spend any more. */
  forget(): void;
}

export interface GrantStore {
  study(studyId: string): StudyGrants;
}

/**
 * The store, read once and written whole (atomically) after each change. A file that cannot be read
 * authorises nothing: everything waits for the user's confirmation again.
 */
export function createGrantStore(dataDir: string, log: (message: string) => void = console.error): GrantStore {
  const file = join(dataDir, GRANTS_FILE);
  let data: z.infer<typeof fileSchema> = { version: 1, studies: {} };
  if (existsSync(file)) {
    try {
      const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) data = parsed.data;
      else log(`studies: ${file} is damaged; what studies were allowed to spend must be confirmed again`);
    } catch (error) {
      log(`studies: ${file} could not be read (${error instanceof Error ? error.message : String(error)}); what studies were allowed to spend must be confirmed again`);
    }
  }
  const save = () => writeFileAtomicSync(file, JSON.stringify(data));

  return {
    study(studyId) {
      const study = () => (data.studies[studyId] ??= { scopes: {}, cancelled: { run: [], check: [] } });
      const scopes = () => study().scopes;
      const inScope = (scope: string): ScopeGrants => (scopes()[scope] ??= { runs: {}, checks: {}, schedule: null });
      const table = (kind: GrantKind, s: ScopeGrants) => (kind === 'run' ? s.runs : s.checks);
      const change = (scope: string, kind: GrantKind, id: number, f: (g: Grant) => void) => {
        const g = table(kind, inScope(scope))[String(id)];
        if (!g) throw new Error(`Nothing was authorised for this ${kind === 'run' ? 'run' : 're-check'} with the key in use.`);
        f(g);
        save();
      };
      const grants: StudyGrants = {
        get: (scope, kind, id) => {
          const g = scopes()[scope] ? table(kind, inScope(scope))[String(id)] : undefined;
          return g ? { ...g } : null;
        },
        allow(scope, kind, id, more, dbBudget) {
          const t = table(kind, inScope(scope));
          const g = (t[String(id)] ??= { budget: 0, spent: 0, reserved: 0, dbBudget });
          g.budget += Math.max(0, Math.floor(more));
          g.dbBudget = dbBudget;
          save();
          return { ...g };
        },
        reserve: (scope, kind, id, units) => change(scope, kind, id, (g) => void (g.reserved += units)),
        settle: (scope, kind, id, units, released) =>
          change(scope, kind, id, (g) => {
            g.spent += units;
            g.reserved = Math.max(0, g.reserved - released);
          }),
        cancel(kind, id) {
          if (!grants.cancelled(kind, id)) study().cancelled[kind].push(id);
          save();
        },
        cancelled: (kind, id) => study().cancelled[kind].includes(id),
        schedule: (scope) => {
          const s = scopes()[scope]?.schedule;
          return s ? { ...s, days: { ...s.days } } : null;
        },
        setSchedule(scope, s, now) {
          const into = inScope(scope);
          into.schedule = { everyHours: s.everyHours, dailyBudget: s.dailyBudget, grantedAt: now, days: into.schedule?.days ?? {} };
          save();
        },
        clearSchedule() {
          for (const s of Object.values(scopes())) s.schedule = null;
          save();
        },
        daySpent: (scope, day) => scopes()[scope]?.schedule?.days[day] ?? 0,
        spendDay(scope, day, units) {
          const s = scopes()[scope]?.schedule;
          if (!s || units === 0) return;
          s.days[day] = (s.days[day] ?? 0) + units;
          for (const old of Object.keys(s.days).sort().slice(0, -DAYS_KEPT)) delete s.days[old];
          save();
        },
        forget() {
          delete data.studies[studyId];
          save();
        },
      };
      return grants;
    },
  };
}
