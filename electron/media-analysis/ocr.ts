// Text in pictures (OCR) with tesseract.js and the language data of @tesseract.js-data packages (nothing
// is downloaded at run time): as many tesseract workers (threads of their own) as the pool has, the
// languages the study chose. A picture is read in grey with one threshold for the whole picture:
// tesseract's default binarisation of a colour picture misses dark text on a light banner over a
// colourful one. Tesseract decodes and converts the picture in its own thread (formats its image
// library reads); main converts only the others (sharp). What it reads below MIN_CONFIDENCE is noise
// (a picture without text gives a few letters at low confidence) and is not kept.
import { copyFile, mkdir, readFile, rename } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createScheduler, createWorker, type Scheduler, type Worker, type WorkerParams } from 'tesseract.js';
import { OCR_LANGUAGE_CODES } from '../../shared/ipc/media';
import { isFile } from '../storage/is-file';
import { unpackedPath } from '../platform/unpacked';

/** The languages the app ships data for, by tesseract's code. */
export const OCR_LANGUAGES = OCR_LANGUAGE_CODES;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];
/** Mean word confidence (0-100) below which what tesseract read is taken for noise. */
export const MIN_CONFIDENCE = 60;
/** The data variant: LSTM "best", integer (fast, small); shipped in each @tesseract.js-data package. */
const DATA_VARIANT = '4.0.0_best_int';

export interface TextFound {
  text: string | null;
  /** Tesseract's mean confidence, 0-100. */
  confidence: number;
}

export interface Ocr {
  read(input: string | Uint8Array, signal?: AbortSignal): Promise<TextFound>;
  readonly tool: string;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/**
 * Tesseract's thresholding: Leptonica's Otsu on the picture in grey, with tiles (a multiple of the
 * picture's DPI, at least 70) larger than any picture, so one threshold for the whole picture, and
 * Leptonica's recommended score fraction (0.1; plain Otsu, 0, read a video's colour bars as "| | | NN").
 */
export const GREY_OTSU = { thresholding_method: '1', thresholding_tile_size: '100', thresholding_score_fraction: '0.1' } as Partial<WorkerParams>;

/** Whether tesseract's image library reads these bytes: JPEG, PNG, GIF, WebP, BMP. */
function tesseractReads(b: Uint8Array): boolean {
  const ascii = (from: number, to: number): string => String.fromCharCode(...b.subarray(from, to));
  return (b[0] === 0xff && b[1] === 0xd8) || ascii(1, 4) === 'PNG' || ascii(0, 3) === 'GIF' || (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') || ascii(0, 2) === 'BM';
}

/** Other formats (AVIF, HEIF, TIFF) in grey, as a PGM (a header and the greys: nothing to encode). */
async function greyPgm(bytes: Uint8Array): Promise<Buffer> {
  const { data, info } = await sharp(bytes).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data]);
}

/** A language's gzipped data file inside its npm package (unpacked beside the asar in a packaged app). */
function dataFileOf(lang: OcrLanguage): string {
  return unpackedPath(join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), DATA_VARIANT, `${lang}.traineddata.gz`));
}

/** Tesseract reads every language of a worker from one folder: the chosen ones are copied into one, once. */
async function languageFolder(langs: readonly OcrLanguage[]): Promise<string> {
  const folder = join(tmpdir(), 'feedlens-ocr', DATA_VARIANT);
  await mkdir(folder, { recursive: true });
  for (const lang of langs) {
    const target = join(folder, `${lang}.traineddata.gz`);
    if (await isFile(target)) continue;
    const part = `${target}.${process.pid}.part`;
    await copyFile(dataFileOf(lang), part);
    await rename(part, target);
  }
  return folder;
}

function version(): string {
  return (require('tesseract.js/package.json') as { version: string }).version;
}

/** How long a tesseract worker may take to start (it loads its core and language data in under a second). */
const START_TIMEOUT_MS = 60_000;

/**
 * A worker that cannot start (a file of it missing or unreadable) never answers, and the pass would wait
 * on it for ever: past the time, the pass fails and says so, and a worker that starts later is ended.
 */
async function startedInTime(start: Promise<Worker>, timeoutMs: number): Promise<Worker> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void start.then((worker) => worker.terminate()).catch(() => undefined);
      reject(new Error(`Text in pictures cannot be read: the OCR worker did not start within ${timeoutMs / 1000} s. Reinstalling Feedlens puts its files back.`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([start, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface OcrOptions {
  /** The worker thread's program; by default tesseract.js's, outside the asar in a packaged app. */
  workerPath?: string;
  startTimeoutMs?: number;
}

export async function createOcr(langs: readonly OcrLanguage[], workers: number, options: OcrOptions = {}): Promise<Ocr> {
  const langPath = await languageFolder(langs);
  const workerPath = options.workerPath ?? unpackedPath(require.resolve('tesseract.js/src/worker-script/node/index.js'));
  const scheduler: Scheduler = createScheduler();
  try {
    for (let i = 0; i < workers; i++) {
      const start = createWorker([...langs], 1, { langPath, workerPath, gzip: true, cacheMethod: 'none', logger: () => undefined, errorHandler: () => undefined });
      const worker = await startedInTime(start, options.startTimeoutMs ?? START_TIMEOUT_MS);
      await worker.setParameters(GREY_OTSU);
      scheduler.addWorker(worker);
    }
  } catch (error) {
    await scheduler.terminate();
    throw error;
  }
  return {
    tool: `tesseract.js ${version()}, ${langs.join('+')} ${DATA_VARIANT}, grey with one Otsu threshold, kept from ${MIN_CONFIDENCE} % confidence`,
    async read(input, signal) {
      const bytes = typeof input === 'string' ? await readFile(input) : input;
      const image = tesseractReads(bytes) ? bytes : await greyPgm(bytes);
      signal?.throwIfAborted();
      const { data } = await scheduler.addJob('recognize', Buffer.from(image.buffer, image.byteOffset, image.byteLength));
      const text = data.text.replace(/\s+/g, ' ').trim();
      return { text: data.confidence >= MIN_CONFIDENCE && /[\p{L}\p{N}]{2}/u.test(text) ? text : null, confidence: data.confidence };
    },
    close: () => scheduler.terminate(),
  };
}
