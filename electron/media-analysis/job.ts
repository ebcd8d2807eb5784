// One pass of media analysis over a study: every item without a finished result, a few at a time (as
// many as the pool has threads, plus one being fetched), each item's result committed on its own. A
// stop (the signal) lets the items in flight go: they are done again at the next start. One item that
// fails is recorded as failed, with its reason, and the pass goes on.
//
// A picture is hashed and its text read (frame 0). A video's cover is frame 0; its keyframes
// (keyframes.ts) are frames 1 to N, each hashed and read, their files and the stripe kept in the study's
// analysis folder.
import { join, relative } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { eachLimited } from '../storage/parallel';
import { fileNameOf, pendingItems, writeItem, type FrameResult, type ItemResult, type MediaItem } from './items';
import { takeKeyframes } from './keyframes';
import type { Ocr, TextFound } from './ocr';
import type { MediaPool } from './pool';
import type { Sources } from './sources';

export interface PassDeps {
  db: DatabaseSync;
  pool: MediaPool;
  sources: Sources;
  /** The study's folder, and the folder (inside it, ready to write in) keyframes and stripes go to. */
  studyFolder: string;
  keyframesFolder: string;
  /** Reads text in pictures and keyframes; null: the study reads none. */
  ocr: Ocr | null;
  /** The tools and versions that make the results, as stored with each item. */
  tools: string;
  signal: AbortSignal;
  now: () => number;
  /** After each item is committed. */
  onItem?: (state: ItemResult['state']) => void;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const failed = (why: string): ItemResult => ({ state: 'failed', source: null, width: null, height: null, message: why, stripe: null, frames: [] });

const NO_TEXT: TextFound = { text: null, confidence: 0 };
const textOf = (input: string | Uint8Array, d: PassDeps): Promise<TextFound> => (d.ocr ? d.ocr.read(input, d.signal) : Promise.resolve(NO_TEXT));
const ocrFields = (t: TextFound, d: PassDeps) => ({ ocrText: t.text, ocrConfidence: d.ocr ? t.confidence : null });

async function videoFrames(item: MediaItem, d: PassDeps): Promise<{ frames: FrameResult[]; stripe: string | null }> {
  const video = await d.sources.find({ mediaPk: item.id, role: 'media', url: item.videoUrl });
  if (video === null) return { frames: [], stripe: null };
  const taken = await takeKeyframes({ input: video.input, seconds: item.videoSeconds, folder: d.keyframesFolder, name: fileNameOf(item), signal: d.signal });
  const frames: FrameResult[] = [];
  for (const k of taken.frames) {
    const [h, text] = await Promise.all([d.pool.hash(k.path, d.signal), textOf(k.path, d)]);
    frames.push({ frame: k.index, atSeconds: k.atSeconds, phash: h.phash, dhash: h.dhash, ...ocrFields(text, d), file: relative(d.studyFolder, k.path) });
  }
  return { frames, stripe: taken.stripe ? relative(d.studyFolder, taken.stripe) : null };
}

async function analyseItem(item: MediaItem, d: PassDeps): Promise<ItemResult> {
  const isVideo = item.mediaType === 'video' || item.videoUrl !== null;
  // A video's picture is its cover; its keyframes are frames 1 to N.
  const picture = await d.sources.find({ mediaPk: item.id, role: isVideo ? 'cover' : 'media', url: item.imageUrl });
  if (picture === null) return failed('The item has no picture: the study holds no file of it and the service gave no address.');
  const [hashes, text] = await Promise.all([d.pool.hash(picture.input, d.signal), textOf(picture.input, d)]);
  const frames: FrameResult[] = [{ frame: 0, atSeconds: null, phash: hashes.phash, dhash: hashes.dhash, ...ocrFields(text, d), file: null }];
  const video = isVideo ? await videoFrames(item, d) : { frames: [], stripe: null };
  return { state: 'done', source: picture.kind, width: hashes.width, height: hashes.height, message: null, stripe: video.stripe, frames: [...frames, ...video.frames] };
}

/**
 * Analyses the pending items, each once; items a run stores meanwhile are taken up before the pass ends.
 * Resolves when none is left or the signal stops the pass.
 */
export async function analysePass(d: PassDeps): Promise<void> {
  const tried = new Set<number>();
  for (;;) {
    const items = pendingItems(d.db).filter((item) => !tried.has(item.rowid));
    if (items.length === 0 || d.signal.aborted) return;
    for (const item of items) tried.add(item.rowid);
    await eachLimited(items, d.pool.threads + 1, async (item) => {
      if (d.signal.aborted) return;
      let result: ItemResult;
      try {
        result = await analyseItem(item, d);
      } catch (error) {
        if (d.signal.aborted) return; // stopped, not failed: done again next time
        result = failed(message(error));
      }
      if (d.signal.aborted) return;
      writeItem(d.db, item.rowid, result, d.tools, d.now());
      d.onItem?.(result.state);
    });
  }
}

/** A study's folder of what media analysis makes (keyframes, stripes, walls). */
export const ANALYSIS_FOLDER = 'analysis';
/** Where a study's keyframes and stripes go. */
export const keyframesFolderOf = (studyFolder: string): string => join(studyFolder, ANALYSIS_FOLDER, 'keyframes');
