// A study as the study list and its page show it: name, folder, counts, units spent (the study's runs
// and its requests outside runs: lookups, re-checks), last run, schedule, and why it is read-only here.
import { join } from 'node:path';
import type { ScheduleInfo, StudyInfo } from '../../shared/ipc/studies';
import { studyItemCount } from './browse';
import { DATABASE_FILE, getMeta } from './db';
import { folderName, type StudyIndexEntry } from './registry';
import { publicRun } from './runs';
import type { OpenStudy } from './service';

export function studyInfo(study: OpenStudy, schedule: ScheduleInfo | null): StudyInfo {
  const { db } = study;
  const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const last = study.runner.table.list(1)[0];
  return {
    id: study.id,
    name: study.name(),
    description: getMeta(db, 'description') ?? '',
    folder: study.folder,
    database: join(study.folder, DATABASE_FILE),
    createdAt: Number(getMeta(db, 'created_at') ?? 0),
    targets: n('SELECT count(*) AS n FROM targets WHERE removed_at IS NULL'),
    // What the data browser lists: the same count in both places.
    items: studyItemCount(db),
    units: n('SELECT coalesce(sum(units_spent), 0) AS n FROM runs') + n('SELECT coalesce(sum(units), 0) AS n FROM requests WHERE run_id IS NULL'),
    lastRun: last ? publicRun(last) : null,
    schedule,
    adhoc: study.adhoc,
    problem: null,
    readOnly: study.readOnly,
  };
}

/** A study of the list that cannot be opened: its folder, and why. */
export function problemInfo(entry: StudyIndexEntry, problem: string): StudyInfo {
  return {
    id: entry.id, name: folderName(entry.folder.split(/[\\/]/).pop() ?? 'Study'), description: '', folder: entry.folder, database: join(entry.folder, DATABASE_FILE),
    createdAt: 0, targets: 0, items: 0, units: 0, lastRun: null, schedule: null, adhoc: false, problem, readOnly: null,
  };
}
