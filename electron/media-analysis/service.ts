// Media analysis of studies, one pass at a time per study, on one pool of threads shared by all (made at
// the first start, closed with the service). The app's handlers and the headless collector both use it.
// A study open read-only (another process holds it) or one whose presets keep no media files is refused.
import { join } from 'node:path';
import sharp from 'sharp';
import type { MediaStatus } from '../../shared/ipc/media';
import { readMinimisation } from '../analysis/minimise';
import type { FetchMedia } from '../downloads/fetch-file';
import { getMeta, setMeta, type Db } from '../studies/db';
import { folderInside } from '../storage/confined';
import { analysePass, keyframesFolderOf } from './job';
import { ffmpegVersion, KEYFRAMES } from './keyframes';
import { createOcr, OCR_LANGUAGES, type Ocr, type OcrLanguage } from './ocr';
import { mediaCounts } from './items';
import { refreshReuse } from './reuse';
import { createMediaPool, defaultThreads, type MediaPool } from './pool';
import { createSources, type Sources } from './sources';
import { AnalysisRefused } from './refused';

/** What a study is to the analysis: its database and folder, and why it may not be written, if so. */
export interface AnalysedStudy {
  id: string;
  folder: string;
  db: Db;
  readOnly: string | null;
}

export interface MediaAnalysisDeps {
  study: (id: string) => AnalysedStudy;
  fetchMedia?: FetchMedia;
  /** The app's media cache folder. */
  cacheDir?: string;
  threads?: number;
  emit?: (status: MediaStatus) => void;
  now?: () => number;
  log?: (message: string) => void;
}

export interface MediaAnalysis {
  status(id: string): MediaStatus;
  /** Starts a pass (or answers the one running), reading text in `languages` from now on when given; the pass goes on. */
  start(id: string, languages?: readonly OcrLanguage[]): MediaStatus;
  /** Resolves when the study's pass ends (at once when none runs). */
  finished(id: string): Promise<MediaStatus>;
  pause(id: string): MediaStatus;
  /** Stops the study's pass, waits for it to end, and forgets it: for a study about to be closed. */
  stop(id: string): Promise<void>;
  /** Where a study's pictures come from (its files, the media cache, the media path), for walls. */
  sources(studyFolder: string, signal?: AbortSignal): Promise<Sources>;
  close(): Promise<void>;
}

/** Items come many a second: their progress is told at most this often (a change of state at once). */
const PROGRESS_EVERY_MS = 250;

/** The tools and versions that make the results, stored with each item. */
async function toolsOf(ocr: Ocr | null): Promise<string> {
  return JSON.stringify({
    hash: `feedlens phash-dct32-8x8 + dhash-9x8 v1; sharp ${sharp.versions.sharp ?? '?'}, libvips ${sharp.versions.vips}`,
    keyframes: `ffmpeg ${await ffmpegVersion()}, ${KEYFRAMES} evenly spaced frames`,
    ocr: ocr?.tool ?? null,
  });
}

/** The languages the study reads text in (meta 'ocr_languages', comma-separated; empty: none). Default English. */
export function studyOcrLanguages(db: Db): OcrLanguage[] {
  const stored = getMeta(db, 'ocr_languages');
  if (stored === null) return ['eng'];
  return stored.split(',').filter((l): l is OcrLanguage => (OCR_LANGUAGES as readonly string[]).includes(l));
}

interface Pass {
  controller: AbortController;
  done: Promise<void>;
  state: MediaStatus['state'];
  message: string | null;
}

export function createMediaAnalysis(d: MediaAnalysisDeps): MediaAnalysis {
  const now = d.now ?? Date.now;
  const threads = d.threads ?? defaultThreads();
  const passes = new Map<string, Pass>();
  let pool: MediaPool | null = null;

  function status(id: string): MediaStatus {
    const { db } = d.study(id);
    const counts = mediaCounts(db);
    const pass = passes.get(id);
    const state = pass?.state ?? (counts.items > 0 && counts.done + counts.failed === counts.items ? 'done' : 'idle');
    return { studyId: id, state, ...counts, threads: pass?.state === 'running' ? threads : 0, languages: studyOcrLanguages(db), message: pass?.message ?? null };
  }

  const emit = (id: string): void => d.emit?.(status(id));
  const lastProgress = new Map<string, number>();
  const progress = (id: string): void => {
    if (now() - (lastProgress.get(id) ?? 0) < PROGRESS_EVERY_MS) return;
    lastProgress.set(id, now());
    emit(id);
  };

  const sourcesOf = (folder: string, signal?: AbortSignal): Promise<Sources> =>
    createSources({
      mediaFolder: join(folder, 'media'),
      ...(d.cacheDir ? { cacheDir: d.cacheDir } : {}),
      ...(d.fetchMedia ? { fetchMedia: d.fetchMedia } : {}),
      ...(signal ? { signal } : {}),
    });

  function start(id: string, languages?: readonly OcrLanguage[]): MediaStatus {
    const study = d.study(id);
    if (passes.get(id)?.state === 'running') return status(id);
    if (study.readOnly) throw new AnalysisRefused(`The study is open read-only here (${study.readOnly}): analyse it where it is held, or close that program first.`);
    if (readMinimisation(study.db).noMediaFiles) throw new AnalysisRefused('This study keeps no media files (its data-minimisation presets say so): there are no pictures to analyse.');
    // Items analysed from now on read text in these languages; those done keep what they found.
    if (languages) setMeta(study.db, 'ocr_languages', languages.join(','));
    pool ??= createMediaPool(threads);
    const controller = new AbortController();
    const pass: Pass = { controller, state: 'running', message: null, done: Promise.resolve() };
    passes.set(id, pass);
    pass.done = (async () => {
      let ocr: Ocr | null = null;
      try {
        const keyframesFolder = await folderInside(study.folder, keyframesFolderOf(study.folder));
        const sources = await sourcesOf(study.folder, controller.signal);
        const langs = studyOcrLanguages(study.db);
        ocr = langs.length > 0 ? await createOcr(langs, threads) : null;
        const tools = await toolsOf(ocr);
        await analysePass({ db: study.db, pool: pool!, sources, studyFolder: study.folder, keyframesFolder, ocr, tools, signal: controller.signal, now, onItem: () => progress(id) });
        // The groups at the study's k, for the data browser's filter and the reuse network.
        refreshReuse(study.db, null, true);
        pass.state = controller.signal.aborted ? 'paused' : 'done';
      } catch (error) {
        pass.state = 'failed';
        pass.message = error instanceof Error ? error.message : String(error);
        d.log?.(`media analysis of ${id} failed: ${pass.message}`);
      } finally {
        await ocr?.close();
      }
      emit(id);
    })();
    emit(id);
    return status(id);
  }

  return {
    status,
    start,
    async finished(id) {
      await passes.get(id)?.done;
      return status(id);
    },
    pause(id) {
      passes.get(id)?.controller.abort();
      return status(id);
    },
    async stop(id) {
      const pass = passes.get(id);
      if (!pass) return;
      pass.controller.abort();
      await pass.done;
      passes.delete(id);
    },
    sources: sourcesOf,
    async close() {
      for (const pass of passes.values()) pass.controller.abort();
      await Promise.all([...passes.values()].map((p) => p.done));
      await pool?.close();
      pool = null;
    },
  };
}
