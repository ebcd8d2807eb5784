// Names of export files: `<target>_<list>_<YYYY-MM-DD>.<ext>` when the export says what it holds (e.g.
// skyward.atlas_following_2026-11-23.csv), else `<label>_<YYYY-MM-DD_HH-MM-SS>_UTC.<ext>`; every part safe
// on Windows, macOS and Linux (letters, digits, '.', '-', '_' only; no leading dot; short), and never an
// existing file's name.
import { join } from 'node:path';
import { pathExists } from '../storage/fs-atomic';

const MAX_LABEL = 80;

/** "followers of @nasa" -> "followers_of_nasa"; empty -> the fallback. */
export function safeLabel(label: string | undefined, fallback: string): string {
  const cleaned = (label ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/\.{2,}/g, '_')
    // A run of separators holding an underscore (from a replaced character) becomes one underscore.
    .replace(/[._-]*_[._-]*/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '');
  const short = Array.from(cleaned).slice(0, MAX_LABEL).join('').replace(/[._-]+$/, '');
  return short === '' ? fallback : short;
}

/** "2026-11-20_12-00-00_UTC". */
export function utcStamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', '_').replace(/:/g, '-')}_UTC`;
}

/** "2026-11-20" (the UTC date). */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The stem of an export's file names (see above); `name`'s parts are made safe here. */
export function exportStem(label: string, nowMs: number, name?: { target: string; list: string }): string {
  return name ? `${safeLabel(name.target, 'export')}_${safeLabel(name.list, 'items')}_${utcDate(nowMs)}` : `${label}_${utcStamp(nowMs)}`;
}

/**
 * A base name (no extension) in `folder` that none of `extensions` uses yet: the export and its manifest
 * share it. Another export of the same name (the same list the same day) gets `-2`, `-3`...
 */
export async function freeBaseName(folder: string, stem: string, extensions: readonly string[]): Promise<string> {
  for (let n = 1; ; n++) {
    const base = n === 1 ? stem : `${stem}-${n}`;
    const taken = await Promise.all(extensions.map((ext) => pathExists(join(folder, `${base}${ext}`))));
    if (!taken.some(Boolean)) return base;
  }
}
