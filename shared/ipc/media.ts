// Media analysis of a study (issue 40): hashes, keyframes and text of its pictures and videos, made on
// this machine (electron/media-analysis/), and the near-duplicate groups they give ("Reuse").
// Nothing here sends a request to the service.
import { z } from 'zod';
import { studyId } from './common';
import { rowsSchema } from './study-data';

/** Bits of 64 within which two pictures' pHashes are the same picture (docs/analysis.md, "Reuse"). */
export const REUSE_DEFAULT_BITS = 10;
export const REUSE_MAX_BITS = 24;
/** Languages text in pictures is read in (tesseract's codes; their data ships with the app). */
export const OCR_LANGUAGE_CODES = ['eng', 'deu', 'fra', 'spa'] as const;
export const OCR_LANGUAGE_WORDS: Readonly<Record<(typeof OCR_LANGUAGE_CODES)[number], string>> = { eng: 'English', deu: 'German', fra: 'French', spa: 'Spanish' };

export const MEDIA_OPS = {
  /** Where the study's media analysis stands. */
  studyMediaStatus: z.strictObject({ id: studyId }),
  /** Starts (or resumes) the analysis of every item not yet done; `languages`: read text in these from now on ([]: none). */
  studyMediaStart: z.strictObject({ id: studyId, languages: z.array(z.enum(OCR_LANGUAGE_CODES)).max(OCR_LANGUAGE_CODES.length).optional() }),
  /** Pauses it: the items in flight are done again at the next start. */
  studyMediaPause: z.strictObject({ id: studyId }),
  /** The near-duplicate groups at the study's k; `maxBits` sets a new k for the study (its filter and network follow). */
  studyReuse: z.strictObject({ id: studyId, maxBits: z.number().int().min(0).max(REUSE_MAX_BITS).optional() }),
  /** An image wall (PNG, captions CSV, HTML contact sheet) of rows of the data browser, or of a reuse group (0: every group). */
  studyWall: z.strictObject({
    id: studyId,
    rows: rowsSchema.optional(),
    group: z.number().int().min(0).max(1_000_000).optional(),
    sort: z.enum(['date', 'engagement', 'account', 'group']).default('date'),
  }),
  /** What the analysis found of a record (a post with its carousel items, a story): frames, keyframes, text. */
  studyMediaOf: z.strictObject({ id: studyId, rowid: z.number().int().min(1) }),
} as const;

export type WallSort = 'date' | 'engagement' | 'account' | 'group';

export type MediaAnalysisState = 'idle' | 'running' | 'paused' | 'done' | 'failed';

export interface MediaStatus {
  studyId: string;
  state: MediaAnalysisState;
  /** Items there are to analyse (pictures, videos, carousel items, stories). */
  items: number;
  done: number;
  failed: number;
  /** Threads analysing. */
  threads: number;
  /** Languages text in pictures is read in ([]: none). */
  languages: (typeof OCR_LANGUAGE_CODES)[number][];
  /** Why it stopped, when it failed. */
  message: string | null;
}

export interface ReuseItem {
  rowid: number;
  /** The post's (or story's) row in the data browser: a carousel item's post. */
  postRowid: number;
  /** The post's (or story's) id. */
  postId: string;
  id: string;
  kind: 'post' | 'carousel_item' | 'story';
  ownerId: string | null;
  username: string | null;
  /** Epoch seconds. */
  takenAt: number | null;
  likes: number | null;
  comments: number | null;
  /** The picture's smallest rendition, for a thumbnail. */
  imageUrl: string | null;
  phash: string;
  /** Bits from the group's first item. */
  bits: number;
}

export interface ReuseGroupView {
  /** First poster first. */
  items: ReuseItem[];
  accounts: number;
}

export interface ReuseAnswer {
  maxBits: number;
  /** Items with a hash (the rest are not analysed yet). */
  hashed: number;
  groups: ReuseGroupView[];
}

export interface FrameFinding {
  /** 0: the picture (a video's cover); 1 to N: a video's keyframes. */
  frame: number;
  atSeconds: number | null;
  phash: string | null;
  dhash: string | null;
  /** A keyframe's image, for the renderer. */
  url: string | null;
  ocrText: string | null;
  ocrConfidence: number | null;
}

export interface MediaFinding {
  rowid: number;
  id: string;
  kind: 'post' | 'carousel_item' | 'story';
  state: 'done' | 'failed' | null;
  message: string | null;
  /** The tools and versions that made the results (JSON, as stored). */
  tools: string | null;
  analysedAt: number | null;
  stripeUrl: string | null;
  frames: FrameFinding[];
}

export interface MediaOpResults {
  studyMediaStatus: MediaStatus;
  studyMediaStart: MediaStatus;
  studyMediaPause: MediaStatus;
  studyReuse: ReuseAnswer;
  studyMediaOf: MediaFinding[];
  studyWall: { path: string; tiles: number; missing: number };
}
