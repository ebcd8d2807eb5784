// The studies of the app: the index of their folders, each study opened once (its database and its
// runner), resumed at start, and driven by the schedule clock while the app is open. The IPC handlers
// (handlers.ts, data-handlers.ts) and the one-off collections (../jobs/handlers.ts) work through this.
import { join } from 'node:path';
import { validationError } from '../../shared/api/errors';
import type { SessionInfo } from '../../shared/ipc';
import type { StudyEvent, StudyInfo } from '../../shared/ipc/studies';
import type { StudyCheckEvent } from '../../shared/ipc/study-data';
import type { PickFolder } from '../ipc/app-handlers';
import type { CallCache, CallService } from '../calls/calls';
import { createChecker, type Checker } from './checks';
import { getMeta, isNewerDatabase, type Db } from './db';
import { HEARTBEAT_MS, holderIdentity, releaseHold, type HolderIdentity } from './holder';
import { createLeases } from './leases';
import { createGrantStore, scopeOf, type GrantStore, type StudyGrants } from './grants';
import { studyDbError, studyDbMessage } from './db-errors';
import { createStudyFolder, folderName, loadIndex, openStudyFolder, openStudyFolderReadOnly, saveIndex, studyFolderIn, type StudyIndexEntry } from './registry';
import { scheduledEstimate } from './estimate';
import { createStudyRunner, type StudyRunner } from './runner';
import { alertsOfRun, ALERT_TITLES, renamesInRun } from './alerts';
import { endNotice } from './notices';
import { publicRun } from './runs';
import { problemInfo, studyInfo } from './study-info';
import { localDay, scheduleInfo, takeDue, type ScheduleAuthority } from './schedule';
import { createTargetsTable, type TargetsTable } from './targets';

export interface OpenStudy {
  id: string;
  folder: string;
  db: Db;
  runner: StudyRunner;
  /** Its re-checks ("Still there?"). */
  checker: Checker;
  targets: TargetsTable;
  /** What main authorised this study to spend on this machine (outside its folder). */
  grants: StudyGrants;
  adhoc: boolean;
  name(): string;
  /** Why the study is open read-only here (another process holds it, a newer Feedlens wrote it), or null. */
  readOnly: string | null;
}

export interface StudyServiceDeps {
  dataDir: string;
  /** The user's Documents folder: new studies are offered <Documents>/Feedlens/<name>. */
  documentsDir: string;
  appVersion: string;
  pickFolder: PickFolder;
  calls: Pick<CallService, 'call'>;
  cache: Pick<CallCache, 'get'>;
  session: () => SessionInfo;
  emit: (event: StudyEvent) => void;
  /** A re-check moved on. */
  emitCheck?: (event: StudyCheckEvent) => void;
  /** A desktop notification (a run ended). */
  notify?: (n: { title: string; body: string }) => void;
  now?: () => number;
  log?: (message: string) => void;
  /** Where main keeps what studies may spend. Default: <dataDir>/study-grants.json. */
  grants?: GrantStore;
  /** How often the schedule clock looks for due runs. Default one minute; 0: never by itself (tests tick). */
  tickMs?: number;
  /** How often the leases are renewed, and those let go taken over. Default HEARTBEAT_MS. */
  leaseBeatMs?: number;
  /** This process as a study's holder (holder.ts). Default: the desktop app. */
  holder?: HolderIdentity;
  /** Opens every study read-only, saying this (a command of the headless collector that only reads). */
  readOnly?: string;
  /** False: studies held here do not resume their runs and re-checks (the collector's analyse). Default true. */
  resumeWork?: boolean;
}

export interface StudyService {
  start(): void;
  stop(): Promise<void>;
  list(): StudyInfo[];
  info(id: string): StudyInfo;
  /** The study, open; throws a validation error for an unknown one or one that cannot be read. */
  get(id: string): OpenStudy;
  create(name: string, description: string): Promise<StudyInfo>;
  openFolder(): Promise<StudyInfo>;
  forget(id: string): Promise<boolean>;
  /** The study of one-off collections, made in <Documents>/Feedlens on first use. */
  adhoc(): OpenStudy;
  /** Starts what the schedules say is due now (nothing while collection is paused). */
  tick(): void;
  /**
   * "Pause all collection": pauses every run under way and starts no scheduled run until resumed; resuming
   * resumes the runs this paused (a run the user paused stays paused).
   */
  pauseAll(paused: boolean): void;
  allPaused(): boolean;
  /** The study, open and held by this process: a refusal that says why when it is read-only here. */
  writable(id: string): OpenStudy;
  /** Every study folder (files inside may be shown in the file manager). */
  folders(): string[];
  /** What main authorised for the study's schedule with the key in use, and what it spent today. */
  scheduleAuthority(study: OpenStudy): ScheduleAuthority;
}

const unknownStudy = () => validationError([{ param: 'id', message: 'There is no such study (it may have been removed from the list).' }]);

export function createStudyService(d: StudyServiceDeps): StudyService {
  const now = d.now ?? Date.now;
  const log = d.log ?? console.error;
  const grantStore = d.grants ?? createGrantStore(d.dataDir, log);
  const me = d.holder ?? holderIdentity('app');
  let index: StudyIndexEntry[] = [];
  const open = new Map<string, OpenStudy>();
  const problems = new Map<string, string>();
  let timer: ReturnType<typeof setInterval> | null = null;

  function scheduleAuthority(study: Pick<OpenStudy, 'grants'>): ScheduleAuthority {
    const scope = scopeOf(d.session());
    return { grant: study.grants.schedule(scope), spentToday: study.grants.daySpent(scope, localDay(now())) };
  }

  function attach(id: string, folder: string, db: Db, readOnly: string | null = null): OpenStudy {
    const grants = grantStore.study(id);
    const study: OpenStudy = {
      id,
      folder,
      db,
      grants,
      readOnly,
      adhoc: getMeta(db, 'adhoc') === '1',
      targets: createTargetsTable(db),
      name: () => getMeta(db, 'name') ?? 'Study',
      runner: createStudyRunner({
        db,
        studyId: id,
        calls: d.calls,
        grants,
        cache: d.cache,
        session: d.session,
        emit: (run) => d.emit({ studyId: id, run }),
        ended: (run) => {
          if (run.trigger === 'adhoc') return;
          const notice = endNotice(study.name(), run);
          if (notice) d.notify?.(notice);
          // Beyond what the run did: three failed runs in a row, an account renamed, gone private or gone.
          const detail = study.runner.table.detail(run.id);
          const recent = study.runner.table.list(3).map(publicRun);
          const renamed = renamesInRun(db, run.id);
          const more = detail ? alertsOfRun(study.name(), detail, recent, renamed.before, renamed.after).filter((a) => a.alert !== 'run_finished' && a.alert !== 'budget_reached') : [];
          for (const a of more) d.notify?.({ title: `${study.name()}: ${ALERT_TITLES[a.alert]}`, body: a.text });
        },
        dailyBudget: (scope) => grants.schedule(scope)?.dailyBudget ?? null,
        dayOf: localDay,
        now,
        log,
      }),
      checker: createChecker({ db, studyId: id, calls: d.calls, grants, session: d.session, emit: (check) => d.emitCheck?.({ studyId: id, check }), now, log }),
    };
    open.set(id, study);
    problems.delete(id);
    return study;
  }

  /** Opens a study folder: held by this process, or read-only (held elsewhere, or written by a newer Feedlens). */
  function openFolderAt(folder: string): { id: string; study: () => OpenStudy; close: () => void } {
    if (d.readOnly) {
      const { id, db } = openStudyFolderReadOnly(folder);
      return { id, study: () => attach(id, folder, db, d.readOnly!), close: () => db.close() };
    }
    try {
      const { id, db } = openStudyFolder(folder, d.appVersion);
      return { id, study: () => leases.adopt(id, folder, db), close: () => db.close() };
    } catch (error) {
      if (!isNewerDatabase(error)) throw error;
      const { id, db } = openStudyFolderReadOnly(folder);
      return { id, study: () => attach(id, folder, db, `${(error as Error).message.replace(' Update Feedlens to open it.', '')} It is open read-only here: update Feedlens to collect.`), close: () => db.close() };
    }
  }

  function load(entry: StudyIndexEntry): OpenStudy | null {
    const already = open.get(entry.id);
    if (already) return already;
    try {
      const opened = openFolderAt(entry.folder);
      if (opened.id !== entry.id) {
        opened.close();
        throw new Error(`${entry.folder} now holds another study.`);
      }
      return opened.study();
    } catch (error) {
      problems.set(entry.id, studyDbMessage(error) ?? (error instanceof Error ? error.message : String(error)));
      return null;
    }
  }

  const info = (study: OpenStudy): StudyInfo => studyInfo(study, scheduleInfo(study.db, d.session(), now(), scheduleAuthority(study)));

  function register(id: string, folder: string): void {
    index = [...index.filter((e) => e.id !== id), { id, folder }];
    saveIndex(d.dataDir, index);
  }

  let heartbeat: ReturnType<typeof setInterval> | null = null;
  const leases = createLeases({
    me, now, log, appVersion: d.appVersion, open, attach, changed: (studyId) => d.emit({ studyId, run: null }),
    ...(d.resumeWork === false ? { resumeWork: false } : {}),
  });

  // "Pause all collection" (the tray's): no scheduled run starts; the runs it paused, by study/run id.
  let allPaused = false;
  const pausedByAll = new Set<string>();

  const service: StudyService = {
    start() {
      index = loadIndex(d.dataDir, log);
      for (const entry of index) load(entry);
      service.tick();
      if ((d.tickMs ?? 60_000) > 0) timer = setInterval(() => service.tick(), d.tickMs ?? 60_000);
      heartbeat = setInterval(() => void leases.renew(), d.leaseBeatMs ?? HEARTBEAT_MS);
      heartbeat.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (heartbeat) clearInterval(heartbeat);
      timer = heartbeat = null;
      for (const study of open.values()) {
        await study.runner.close();
        await study.checker.close();
        // A clean exit gives the lease up: the next process takes the study without waiting for it to go stale.
        if (!study.readOnly) releaseHold(study.db, me, log);
        study.db.close();
      }
      open.clear();
    },
    list() {
      return index.map((entry) => {
        const study = open.get(entry.id) ?? load(entry);
        if (!study) return problemInfo(entry, problems.get(entry.id) ?? 'It cannot be opened.');
        try {
          return info(study);
        } catch (error) {
          // One damaged study (a malformed row) is listed as such; the others open as usual.
          return problemInfo(entry, `Its database is damaged: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
    },
    info: (id) => info(service.get(id)),
    get(id) {
      const study = open.get(id);
      if (study) return study;
      const entry = index.find((e) => e.id === id);
      if (!entry) throw unknownStudy();
      const loaded = load(entry);
      if (!loaded) throw validationError([{ param: 'id', message: problems.get(id) ?? 'This study cannot be opened.' }]);
      return loaded;
    },
    async create(name, description) {
      const defaultPath = join(d.documentsDir, 'Feedlens', folderName(name));
      const chosen = await d.pickFolder({ title: `Where to keep the study “${name}”`, defaultPath });
      if (chosen === null) throw { kind: 'cancelled', message: 'No folder was chosen: the study was not created.', billed: false, retryable: true };
      const folder = studyFolderIn(chosen, name);
      const created = createStudyFolder(folder, { name, description, adhoc: false, appVersion: d.appVersion, now: now() });
      register(created.id, folder);
      return info(leases.adopt(created.id, folder, created.db));
    },
    async openFolder() {
      const chosen = await d.pickFolder({ title: 'Open a study folder', defaultPath: join(d.documentsDir, 'Feedlens') });
      if (chosen === null) throw { kind: 'cancelled', message: 'No folder was chosen.', billed: false, retryable: true };
      let opened;
      try {
        opened = openFolderAt(chosen);
      } catch (error) {
        throw studyDbError(error) ?? validationError([{ param: 'folder', message: error instanceof Error ? error.message : String(error) }]);
      }
      const already = open.get(opened.id);
      if (already) {
        opened.close();
        if (already.folder !== chosen) throw validationError([{ param: 'folder', message: `This study is already open from ${already.folder}.` }]);
        return info(already);
      }
      register(opened.id, chosen);
      return info(opened.study());
    },
    async forget(id) {
      const study = open.get(id);
      if (study) {
        await study.runner.close();
        await study.checker.close();
        if (!study.readOnly) releaseHold(study.db, me, log);
        study.db.close();
        open.delete(id);
      }
      grantStore.study(id).forget();
      const before = index.length;
      index = index.filter((e) => e.id !== id);
      saveIndex(d.dataDir, index);
      return index.length < before;
    },
    adhoc() {
      for (const entry of index) {
        const study = open.get(entry.id) ?? load(entry);
        if (study?.adhoc) return study;
      }
      const folder = studyFolderIn(join(d.documentsDir, 'Feedlens'), 'Ad-hoc collections');
      const created = createStudyFolder(folder, {
        name: 'Ad-hoc collections', description: 'The one-off collections started with “Collect all…”: each is a run of this study.', adhoc: true, appVersion: d.appVersion, now: now(),
      });
      register(created.id, folder);
      return leases.adopt(created.id, folder, created.db);
    },
    tick() {
      if (allPaused) return;
      for (const study of open.values()) {
        if (study.readOnly) continue;
        try {
          const due = takeDue(study.db, d.session(), now(), study.runner.active() !== null, scheduleAuthority(study));
          if (!due) continue;
          const options = { daily: true, ...(due.trigger === 'stories' ? { lists: ['stories' as const] } : {}) };
          study.runner.start({ trigger: due.trigger, budget: due.budget, options, estimate: scheduledEstimate(study.db, now(), options) });
        } catch (error) {
          log(`studies: ${study.id}: the scheduled run could not start: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
    pauseAll(paused) {
      allPaused = paused;
      for (const study of open.values()) {
        const active = study.runner.active();
        try {
          if (paused && active?.state === 'running') {
            study.runner.control(active.id, 'pause');
            pausedByAll.add(`${study.id}/${active.id}`);
          } else if (!paused && active?.state === 'paused' && pausedByAll.has(`${study.id}/${active.id}`)) {
            study.runner.control(active.id, 'resume');
          }
        } catch (error) {
          log(`studies: ${study.id}: ${paused ? 'pausing' : 'resuming'} its run failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (paused) return;
      pausedByAll.clear();
      service.tick(); // what fell due while paused starts now
    },
    allPaused: () => allPaused,
    writable(id) {
      const study = service.get(id);
      if (study.readOnly) throw validationError([{ param: 'id', message: study.readOnly }]);
      return study;
    },
    folders: () => index.map((e) => e.folder),
    scheduleAuthority,
  };
  return service;
}
