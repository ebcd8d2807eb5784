// One holder per study: only the process holding a study's lease runs its runs, re-checks and schedule
// (the desktop app, or the headless collector on a lab server); any other opens it read-only and says who
// holds it since when. The lease is a row of the study's own database, taken in one write transaction
// (BEGIN IMMEDIATE), so two processes that want it at once never both get it, on one computer or over a
// shared drive. A holder renews its heartbeat every HEARTBEAT_MS; a lease whose heartbeat is older than
// STALE_AFTER_MS, or whose process is gone from this computer, is taken over. (Table: schema-collect.ts.)
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { tx, type Db } from './db';

export const HEARTBEAT_MS = 30_000;
export const STALE_AFTER_MS = 3 * 60_000;

export type HolderProgram = 'app' | 'collector';

/** This process as a holder: a token of its own (a pid may be reused), what it is, where it runs. */
export interface HolderIdentity {
  token: string;
  program: HolderProgram;
  host: string;
  pid: number;
}

export function holderIdentity(program: HolderProgram): HolderIdentity {
  return { token: randomUUID(), program, host: hostname(), pid: process.pid };
}

export interface HolderInfo {
  program: HolderProgram;
  host: string;
  pid: number;
  since: number;
  heartbeat: number;
}

/** Whether process `pid` runs on this computer (EPERM: it runs, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a lease may be taken over: its heartbeat is old, or its process is gone from this computer. */
export function stale(h: HolderInfo, me: HolderIdentity, now: number): boolean {
  return now - h.heartbeat > STALE_AFTER_MS || (h.host === me.host && !alive(h.pid));
}

type Row = HolderInfo & { token: string };

function current(db: Db): Row | null {
  return (db.prepare('SELECT token, program, host, pid, since, heartbeat FROM holder WHERE id = 1').get() as Row | undefined) ?? null;
}

const infoOf = ({ program, host, pid, since, heartbeat }: Row): HolderInfo => ({ program, host, pid, since, heartbeat });

/** The study's holder, if any (whoever it is, stale or not). */
export function holderOf(db: Db): HolderInfo | null {
  const row = current(db);
  return row ? infoOf(row) : null;
}

/** Takes the lease (or keeps it); null when taken, else who holds it. */
export function takeHold(db: Db, me: HolderIdentity, now: number): HolderInfo | null {
  return tx(db, () => {
    const row = current(db);
    if (row && row.token !== me.token && !stale(row, me, now)) return infoOf(row);
    const since = row?.token === me.token ? row.since : now;
    db.prepare('INSERT OR REPLACE INTO holder (id, token, program, host, pid, since, heartbeat) VALUES (1, ?, ?, ?, ?, ?, ?)').run(me.token, me.program, me.host, me.pid, since, now);
    return null;
  });
}

/** Renews the heartbeat; false when the lease is no longer this process's (another took it over). */
export function keepHold(db: Db, me: HolderIdentity, now: number): boolean {
  return db.prepare('UPDATE holder SET heartbeat = ? WHERE id = 1 AND token = ?').run(now, me.token).changes === 1;
}

/** Gives the lease up (at a clean exit), if it is still this process's; a failure is logged (it goes stale). */
export function releaseHold(db: Db, me: HolderIdentity, log: (message: string) => void): void {
  try {
    db.prepare('DELETE FROM holder WHERE id = 1 AND token = ?').run(me.token);
  } catch (error) {
    log(`studies: a lease could not be given up (it goes stale in minutes): ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** "the collector on lab-server (process 4242) since 2026-12-05 09:00 UTC", for messages. */
export function holderWords(h: HolderInfo): string {
  const who = h.program === 'collector' ? 'the headless collector (feedlens-collect)' : 'Feedlens';
  return `${who} on ${h.host} (process ${h.pid}) since ${new Date(h.since).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
