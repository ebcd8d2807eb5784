// Names of export files: `<label>_<YYYY-MM-DD_HH-MM-SS>_UTC.<ext>`, with a label that is safe on Windows,
// macOS and Linux (letters, digits, '.', '-', '_' only; no leading dot; short) and never clobbering an
// existing export.
import { join } from 'node:path';
import { pathExists } from '../fs-atomic';

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

/**
 * A base name (no extension) in `folder` that none of `extensions` uses yet: the export and its manifest
 * share it. Two exports in the same second get `-2`, `-3`...
 */
export async function freeBaseName(folder: string, label: string, nowMs: number, extensions: readonly string[]): Promise<string> {
  const stem = `${label}_${utcStamp(nowMs)}`;
  for (let n = 1; ; n++) {
    const base = n === 1 ? stem : `${stem}-${n}`;
    const taken = await Promise.all(extensions.map((ext) => pathExists(join(folder, `${base}${ext}`))));
    if (!taken.some(Boolean)) return base;
  }
}
