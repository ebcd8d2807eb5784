// Whether a run (or re-check) may spend now, decided from what main recorded on this machine (grants.ts),
// never from what the study's database says; and the question main asks before a study from elsewhere,
// with another key, or changed outside Feedlens, spends anything.
import type { SessionInfo } from '../../shared/ipc';
import type { RunInfo } from '../../shared/ipc/studies';
import { requestsWord, type AskRequest } from '../calls/ask';
import type { Grant } from './grants';

const word = (mode: 'demo' | 'live') => (mode === 'demo' ? 'demo mode' : 'the live service');

/** Why a run may not go on in this session (null when it may). */
export function sessionMismatch(run: Pick<RunInfo, 'mode' | 'origin'>, now: SessionInfo): string | null {
  if (run.mode !== now.mode) {
    return `This run started in ${word(run.mode)} and Feedlens is now on ${word(now.mode)}: it waits. Switch back to ${word(run.mode)} to go on, or start a new run.`;
  }
  if (run.origin !== now.origin) return `This run started with the service at ${run.origin}; Feedlens now talks to ${now.origin}: it waits. Switch back to go on.`;
  return null;
}

export type Standing = { ok: true; room: number } | { ok: false; why: string };

export const NOT_AUTHORISED =
  'Waiting for your confirmation: Feedlens on this computer has not authorised it to spend with the key in use (the study comes from elsewhere, or the key changed). Resume to see what it would spend; nothing is spent until you confirm.';
export const CHANGED_OUTSIDE =
  'Waiting for your confirmation: the study’s database was changed outside Feedlens (its budget is not the one you authorised). Resume to see what it would spend; nothing is spent until you confirm.';
export const STAYS_CANCELLED = 'It was cancelled and stays cancelled. Start a new run: it takes over what this one left unread.';

/** What main's own record lets it spend: nothing without a grant, or when the database's budget was edited. */
export function standingOf(dbBudget: number, grant: Grant | null, cancelled: boolean): Standing {
  if (cancelled) return { ok: false, why: STAYS_CANCELLED };
  if (!grant) return { ok: false, why: NOT_AUTHORISED };
  if (grant.dbBudget !== dbBudget) return { ok: false, why: CHANGED_OUTSIDE };
  return { ok: true, room: Math.max(0, grant.budget - grant.spent) };
}

/** Thrown where spending needs the user's confirmation first; the IPC handler asks and retries. */
export class NeedsConfirmation extends Error {
  constructor(
    message: string,
    /** The units the database proposes (what it says is left of the budget). */
    readonly proposal: number,
  ) {
    super(message);
  }
}

/** Text from a study database shown in main's question: one short line, no tricks of layout or direction. */
export function shown(text: string, max = 80): string {
  // eslint-disable-next-line no-control-regex -- control, bidi and zero-width characters are what must go
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line || '(no name)';
}

export interface PendingSpend {
  study: { name: string; createdAt: number; createdBy: string | null; createdOn: string | null };
  /** An unfinished run the database proposes to go on with. */
  run: { id: number; proposal: number } | null;
  /** A schedule the database proposes. */
  schedule: { everyHours: number; dailyBudget: number } | null;
  mode: 'demo' | 'live';
  origin: string;
  /** Requests a second the key allows, if known. */
  rate: number | null;
}

const day = (ms: number) => (ms > 0 && ms < 8.64e15 ? new Date(ms).toISOString().slice(0, 10) : 'on an unknown date');

/** Main's question before a study opened from elsewhere goes on spending: who made it, what, at what rate. */
export function pendingQuestion(p: PendingSpend): AskRequest {
  const made = `“${shown(p.study.name)}” was created ${p.study.createdAt > 0 ? `on ${day(p.study.createdAt)}` : 'at an unknown time'}${
    p.study.createdBy ? ` with ${shown(p.study.createdBy, 40)}` : ''
  }${p.study.createdOn ? ` on the computer “${shown(p.study.createdOn, 40)}”` : ''}, not with your authorisation on this computer.`;
  const wants: string[] = [];
  if (p.run) wants.push(`resume its unfinished run #${p.run.id}, spending up to ${requestsWord(p.run.proposal)}`);
  if (p.schedule) {
    const every = p.schedule.everyHours === 1 ? 'every hour' : `every ${p.schedule.everyHours.toLocaleString('en-US')} hours`;
    wants.push(`run by itself ${every}, spending up to ${requestsWord(p.schedule.dailyBudget)} a day`);
  }
  const rate = p.rate ? ` at up to ${p.rate.toLocaleString('en-US')} requests a second` : '';
  return {
    purpose: 'job',
    title: 'Let this study spend with your key?',
    message: `${made} It asks to ${wants.join(', and to ')}${rate}.`,
    detail: `${p.mode === 'demo' ? 'Demo mode: the simulator answers and nothing is billed.' : `On the live service (${p.origin}), billed to your key.`} Until you confirm, its runs stay paused and its schedule off; you can confirm them later on the study’s page.`,
    confirm: 'Allow it',
    cancel: 'Keep it paused',
  };
}

/**
 * Resume, through main's question where main has not authorised it with the key in use: the database's
 * remaining budget is shown as a proposal and only what the user confirms may be spent.
 */
export async function resumeAsking<T>(o: {
  ask: (request: AskRequest) => Promise<{ confirmed: boolean }>;
  /** "Run #3", "Re-check #2". */
  what: string;
  studyName: string;
  mode: 'demo' | 'live';
  origin: string;
  resume: () => T;
  confirm: (units: number) => T;
}): Promise<T> {
  try {
    return o.resume();
  } catch (error) {
    if (!(error instanceof NeedsConfirmation)) throw error;
    const answer = await o.ask({
      purpose: 'job',
      title: `Spend up to ${requestsWord(error.proposal)}?`,
      message: `${o.what} of “${shown(o.studyName)}” would go on and spend up to ${requestsWord(error.proposal)} (what the study’s database says is left of its budget). Feedlens on this computer has not authorised it with the key in use.`,
      detail: `${o.mode === 'demo' ? 'Demo mode: the simulator answers and nothing is billed.' : `On the live service${o.origin ? ` (${o.origin})` : ''}, billed to your key.`} It stops before it would go past this. If you cancel, it stays paused and nothing is spent.`,
      confirm: `Spend up to ${requestsWord(error.proposal)}`,
      cancel: 'Keep it paused',
    });
    if (!answer.confirmed) throw { kind: 'cancelled', message: `${o.what} stays paused. Nothing was spent.`, billed: false, retryable: true };
    return o.confirm(error.proposal);
  }
}
