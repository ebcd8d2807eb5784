// Where an item's bytes come from, cheapest first: a file the study saved (its media folder, found
// through the sidecars), else the app's media cache, else one fetch through the media path with its
// allow-list (never the service's API: media is never billed). Nothing fetched is kept on disk.
import { join } from 'node:path';
import { isFile } from '../storage/is-file';
import { fileInside } from '../storage/confined';
import { scanSidecars } from '../library/scan';
import type { FetchMedia } from '../downloads/fetch-file';
import { mediaCacheKey } from '../protocols/media-protocol';

export type SourceKind = 'file' | 'cache' | 'fetched';

export interface Source {
  kind: SourceKind;
  /** A file's path, or the fetched bytes. */
  input: string | Uint8Array;
}

export interface SourceDeps {
  /** The study's media folder (`<study>/media`). */
  mediaFolder: string;
  /** The app's media cache folder, when there is one (not in the headless collector). */
  cacheDir?: string;
  fetchMedia?: FetchMedia;
  signal?: AbortSignal;
}

/** What is asked for: one media pk's file of a role, at a URL. */
export interface Wanted {
  mediaPk: string;
  role: 'media' | 'cover';
  url: string | null;
}

/** A picture or a video is at most this big: more is not media. */
const MAX_BYTES = 512 * 1024 * 1024;
const MAX_SIDECAR_BYTES = 32 * 1024 * 1024;

export interface Sources {
  find(wanted: Wanted): Promise<Source | null>;
}

export async function createSources(d: SourceDeps): Promise<Sources> {
  // The study's saved files by media pk and role, from one scan of its sidecars.
  const saved = new Map<string, string>();
  const scan = await scanSidecars(d.mediaFolder, { maxBytes: MAX_SIDECAR_BYTES });
  for (const { path, sidecar } of scan.sidecars) {
    for (const file of sidecar.files ?? []) saved.set(`${file.mediaPk}:${file.role}`, join(path, '..', file.name));
  }

  async function fetched(url: string): Promise<Source | null> {
    if (!d.fetchMedia) return null;
    const answer = await d.fetchMedia(url, d.signal ? { signal: d.signal } : {});
    if (answer.status !== 200) throw new Error(`the media answered HTTP ${answer.status}`);
    const size = Number(answer.headers.get('content-length') ?? 0);
    if (size > MAX_BYTES) throw new Error('the media file is too large');
    const bytes = new Uint8Array(await answer.arrayBuffer());
    if (bytes.byteLength > MAX_BYTES) throw new Error('the media file is too large');
    return { kind: 'fetched', input: bytes };
  }

  return {
    async find({ mediaPk, role, url }) {
      const file = saved.get(`${mediaPk}:${role}`);
      // The study's folder may come from someone else: a sidecar naming a file outside it is not followed.
      if (file && (await fileInside(d.mediaFolder, file))) return { kind: 'file', input: file };
      if (url === null) return null;
      if (d.cacheDir) {
        const cached = join(d.cacheDir, `${mediaCacheKey(url)}.bin`);
        if (await isFile(cached)) return { kind: 'cache', input: cached };
      }
      return fetched(url);
    },
  };
}
