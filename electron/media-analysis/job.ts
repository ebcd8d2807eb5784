// One pass of media analysis over a study: every item without a finished result, a few at a time (as
// many as the pool has threads, plus one being fetched), each item's result committed on its own. A
// stop (the signal) lets the items in flight go: they are done again at the next start. One item that
// fails is recorded as failed, with its reason, and the pass goes on.
import type { DatabaseSync } from 'node:sqlite';
import { eachLimited } from '../storage/parallel';
import { pendingItems, writeItem, type FrameResult, type ItemResult, type MediaItem } from './items';
import type { MediaPool } from './pool';
import type { Sources } from './sources';

export interface PassDeps {
  db: DatabaseSync;
  pool: MediaPool;
  sources: Sources;
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

const failed = (why: string): ItemResult => ({ state: 'failed', source: null, width: null, height: null, message: why, frames: [] });

async function analyseItem(item: MediaItem, d: PassDeps): Promise<ItemResult> {
  const isVideo = item.mediaType === 'video' || item.videoUrl !== null;
  // A video's picture is its cover; its keyframes are frames 1 to N.
  const picture = await d.sources.find({ mediaPk: item.id, role: isVideo ? 'cover' : 'media', url: item.imageUrl });
  if (picture === null) return failed('The item has no picture: the study holds no file of it and the service gave no address.');
  const hashes = await d.pool.hash(picture.input, d.signal);
  const frames: FrameResult[] = [{ frame: 0, atSeconds: null, phash: hashes.phash, dhash: hashes.dhash, ocrText: null, ocrConfidence: null, file: null }];
  return { state: 'done', source: picture.kind, width: hashes.width, height: hashes.height, message: null, frames };
}

/** Analyses the pending items; resolves when all are done or the signal stops the pass. */
export async function analysePass(d: PassDeps): Promise<void> {
  const items = pendingItems(d.db);
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
