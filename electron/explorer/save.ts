// Saves Explorer answers as one JSON file in `<download folder>/explorer/`, each page with its provenance
// (endpoint, params, request id, when, units, cache hit, the answer's SHA-256) and the answer itself as
// the service sent it: its text goes in verbatim, so big integers stay the exact numbers they were.
// The file is new, written atomically, and never replaces an existing one.
import { join } from 'node:path';
import { stringifyLossless } from '../../shared/api/json';
import { safeLabel, utcStamp } from '../export/naming';
import { writeNewFileAtomic } from '../storage/fs-atomic';
import { sha256Of, type HeldAnswer } from './answers';

export const RAW_FORMAT = 'feedlens.explorer-answers';

export interface SaveContext {
  folder: string;
  appVersion: string;
  mode: 'demo' | 'live';
  now: number;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** `{...}` as JSON with one more member whose value is already JSON text. */
function withMember(object: Record<string, unknown>, name: string, jsonText: string): string {
  const head = JSON.stringify(object, null, 2);
  return `${head.slice(0, -2)},\n  ${JSON.stringify(name)}: ${jsonText}\n}`;
}

function pageText(answer: HeldAnswer, index: number): string {
  const exact = answer.text !== null;
  const meta: Record<string, unknown> = {
    page: index + 1,
    endpoint: answer.path,
    params: answer.params,
    requestId: answer.requestId,
    fetchedAt: iso(answer.fetchedAt),
    cacheHit: answer.cacheHit,
    units: answer.units,
    answerSha256: exact ? sha256Of(answer.text as string) : null,
    answerExact: exact,
  };
  if (!exact) meta.answerNote = 'The service\'s text was no longer held: integers beyond 2^53 appear as strings of their exact digits.';
  if (answer.error) {
    // An error answer may not be JSON (a proxy's HTML page): its text goes in as a JSON string.
    meta.error = answer.error;
    return withMember(meta, 'answerText', JSON.stringify(answer.text));
  }
  return withMember(meta, 'answer', answer.text ?? stringifyLossless(answer.data));
}

/** The file's text: provenance first, then the pages in order. */
export function rawAnswersText(pages: readonly HeldAnswer[], ctx: Omit<SaveContext, 'folder'>): string {
  const paths = [...new Set(pages.map((p) => p.path))];
  const head = {
    format: RAW_FORMAT,
    version: 1,
    app: { name: 'Feedlens', version: ctx.appVersion },
    mode: ctx.mode,
    savedAt: iso(ctx.now),
    endpoint: paths.length === 1 ? paths[0] : paths,
  };
  return `${withMember(head, 'pages', `[\n${pages.map(pageText).join(',\n')}\n]`)}\n`;
}

/** Writes the pages to a new file; returns its path and size. */
export async function saveRawAnswers(pages: readonly HeldAnswer[], ctx: SaveContext): Promise<{ path: string; bytes: number }> {
  const text = rawAnswersText(pages, ctx);
  const stem = `${safeLabel(pages[0]?.path, 'answer')}_${utcStamp(ctx.now)}`;
  const path = await writeNewFileAtomic(join(ctx.folder, 'explorer'), stem, '.json', text);
  return { path, bytes: Buffer.byteLength(text) };
}
