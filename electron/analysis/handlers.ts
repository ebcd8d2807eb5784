// The IPC handlers of analysis (shared/ipc/analysis.ts): a study's charts, its field-standard exports, its
// data-minimisation presets and the retention rule (swept at start and every hour), and saving a chart
// (main draws its SVG and CSV from the chart's numbers, and checks the PNG the page drew).
// Nothing here spends; deleting raw answers now is confirmed in main's own question first.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ANALYSIS_OPS } from '../../shared/ipc/analysis';
import { tableOf } from '../../shared/charts';
import type { OpName } from '../../shared/ipc';
import type { Ask } from '../calls/ask';
import { folderInside } from '../storage/confined';
import { diskError } from '../storage/disk-errors';
import { csvLines } from '../export/csv';
import { safeLabel, utcStamp } from '../export/naming';
import { projectKey, type ProjectKeys } from '../export/pseudonymise';
import { writeFileAtomic } from '../storage/fs-atomic';
import type { Handlers } from '../ipc/router';
import { getMeta } from '../studies/db';
import { studyKeyName } from '../studies/export';
import { refusal } from '../studies/handlers';
import { EXPORTS_FOLDER } from '../studies/registry';
import type { OpenStudy, StudyService } from '../studies/service';
import { withStudyDbErrors } from '../studies/db-errors';
import { studyCharts } from './charts';
import { exportAnalysis } from './exports';
import { selectionSource } from './records';
import { checkPng } from './png';
import { applyRetention, dueForRetention, readMinimisation, retainedCount, writeMinimisation } from './minimise';

export type AnalysisOps = keyof typeof ANALYSIS_OPS & OpName;

export interface AnalysisHandlerDeps {
  studies: StudyService;
  ask: Ask;
  appVersion: string;
  userAgent: string;
  projectKeys?: ProjectKeys;
  /** Where charts of pages that are not a study's go: `<download folder>/exports/charts`. */
  downloadFolder: () => string;
  /** The current session's mode: a chart of pages that are not a study's shows what this session answered. */
  mode?: () => 'demo' | 'live';
  now?: () => number;
  log?: (message: string) => void;
}

export interface AnalysisService {
  handlers: Pick<Handlers, AnalysisOps>;
  /** Applies every study's retention rule now, then every hour. */
  start(): void;
  stop(): void;
  /** Applies one study's retention rule (tests and the handlers). */
  retain(study: OpenStudy): Promise<number>;
}

/** The page draws its PNG at twice the pixels; a side more than this many times the chart's is not the chart. */
const PNG_MAX_SCALE = 4;

export function createAnalysisService(d: AnalysisHandlerDeps): AnalysisService {
  const now = d.now ?? Date.now;
  const log = d.log ?? console.error;
  let timer: ReturnType<typeof setInterval> | null = null;

  async function retain(study: OpenStudy): Promise<number> {
    const days = readMinimisation(study.db).retentionDays;
    if (days === null || !d.projectKeys) return 0;
    if (dueForRetention(study.db, days, now()) === 0) return 0;
    const key = await projectKey(d.projectKeys, studyKeyName(study.id));
    return applyRetention(study.db, key.key, days, now());
  }

  async function sweep(): Promise<void> {
    for (const info of d.studies.list()) {
      if (info.problem) continue;
      try {
        await retain(d.studies.get(info.id));
      } catch (error) {
        log(`analysis: retention of ${info.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  const infoOf = (study: OpenStudy) => ({
    minimisation: readMinimisation(study.db),
    retained: retainedCount(study.db),
    retentionRanAt: Number(getMeta(study.db, 'retention_ran_at') ?? 0) || null,
  });

  // A study's full disk or another program's lock reach the page as what to do (db-errors.ts).
  const handlers: Pick<Handlers, AnalysisOps> = withStudyDbErrors({
    studyCharts: async ({ id, unit, timeZone, targetId }) => studyCharts(d.studies.get(id).db, { unit, timeZone, ...(targetId !== undefined ? { targetId } : {}) }),
    studyAnalysisExport: async ({ id, kind, runId, scope, networks, pseudonymise, ethics }) => {
      const study = d.studies.get(id);
      if (runId !== undefined && !study.runner.get(runId)) throw refusal('There is no such run.');
      try {
        return await exportAnalysis(
          { kind, scope, ...(runId !== undefined ? { runId } : {}), ...(networks ? { networks } : {}), ...(pseudonymise ? { pseudonymise } : {}), ...(ethics ? { ethics } : {}) },
          { db: study.db, studyId: id, studyName: study.name(), folder: study.folder, appVersion: d.appVersion, userAgent: d.userAgent, now, ...(d.projectKeys ? { projectKeys: d.projectKeys } : {}) },
        );
      } catch (error) {
        throw diskError(error, 'The export could not be written', join(study.folder, EXPORTS_FOLDER), null) ?? error;
      }
    },
    studyMinimisationGet: async ({ id }) => infoOf(d.studies.get(id)),
    studyMinimisationSet: async ({ id, minimisation }) => {
      const study = d.studies.get(id);
      const days = minimisation.retentionDays;
      const due = days === null ? 0 : dueForRetention(study.db, days, now());
      if (days !== null && due > 0) {
        // Deleting data cannot be undone: main asks, the renderer cannot answer for the user.
        const answer = await d.ask({
          purpose: 'setting',
          title: `Delete the raw answers of ${due.toLocaleString('en-US')} records?`,
          message: `“${study.name()}” holds ${due.toLocaleString('en-US')} records last seen more than ${days} days ago. Their raw answers would be deleted now and the records pseudonymised with the study’s key.`,
          detail: 'This cannot be undone. Records seen again later are stored afresh, and deleted in turn once they are that old.',
          confirm: 'Delete and pseudonymise',
        });
        if (!answer.confirmed) throw { kind: 'cancelled', message: 'The presets were not changed.', billed: false, retryable: true };
      }
      writeMinimisation(study.db, minimisation);
      await retain(study);
      return infoOf(study);
    },
    chartSave: async ({ studyId, name, kind, data, palette, width, png }) => {
      // Main draws the SVG and makes the CSV from what the chart is; no markup from the page is written.
      const { chartSvg } = await import('./chart-svg');
      const drawn = chartSvg(kind, data, palette, width);
      const checked = await checkPng(Buffer.from(png, 'base64'), { maxWidth: drawn.width * PNG_MAX_SCALE, maxHeight: drawn.height * PNG_MAX_SCALE });
      if (!checked.ok) throw refusal(`The chart’s PNG image was not saved: ${checked.problem}. Save the chart again.`);
      const table = tableOf(data, kind);
      const study = studyId ? d.studies.get(studyId) : null;
      const root = study ? join(study.folder, EXPORTS_FOLDER) : join(d.downloadFolder(), 'exports');
      const folder = join(root, 'charts');
      // Demo mode's invented data are named so, as every export of them is (electron/export/run.ts).
      const simulated = study ? selectionSource(study.db, { scope: 'seen' }).simulated === true : d.mode?.() === 'demo';
      const stem = `${simulated ? 'simulated_' : ''}${safeLabel(name, 'chart')}_${utcStamp(now())}`;
      const rows = table.rows.map((r) => Object.fromEntries(table.columns.map((c, i) => [c, r[i] ?? null])));
      try {
        // A study's folder may come from someone else: never made or written through a link out of it.
        await (study ? folderInside(study.folder, folder) : mkdir(folder, { recursive: true }));
        const files = [join(folder, `${stem}.svg`), join(folder, `${stem}.png`), join(folder, `${stem}.csv`)];
        await writeFileAtomic(files[0]!, drawn.svg);
        await writeFileAtomic(files[1]!, checked.png);
        await writeFileAtomic(files[2]!, [...csvLines(table.columns, rows, { delimiter: ',', bom: false })].join(''));
        return { folder, files };
      } catch (error) {
        throw diskError(error, 'The chart could not be saved', folder, study ? null : undefined) ?? error;
      }
    },
  });

  return {
    handlers,
    start() {
      void sweep();
      timer = setInterval(() => void sweep(), 3_600_000);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    retain,
  };
}
