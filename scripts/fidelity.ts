// `npm run fidelity -- <folder>`: issue 41's goal measured on a folder of production answers, one answer
// per file, named after its endpoint as in ../shared/spec/recorded (`v1_user_by_id.json` is the answer of
// GET /v1/user/by/id; `v1_user_by_id--2.json` is a second one). For each answer:
// - the core reads it (the lossless parser, the pager, the normaliser): records made (a list answer that
//   holds items but gives no record of a kind the app maps counts as not read; an empty list is read),
//   ids lost (an id of a record that is not in the answer's text, digit for digit), records made twice;
// - the simulator's answer to the same endpoint carries its key paths with their JSON types.
// Then the totals, the simulator's share on endpoints with a recorded answer and on the others:
//   fidelity: the core reads N of M answers, K ids lost, D records made twice
//   fidelity: the simulator carries X % of production's key paths on endpoints with a recorded answer, Y % on the others
// `npm run fidelity -- --docs <folder>` measures the example answers of the service's published API
// reference pages (scripts/docs-examples.ts), which were captured from production.
// No value of an answer is printed: endpoints, counts and key paths only.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { CATALOG, type Endpoint } from '../shared/api/catalog';
import { parseLossless } from '../shared/api/json';
import { getPath, readPage } from '../shared/api/pager';
import { MAPPED_KINDS, normalizeAnswer, recordIdentity } from '../shared/api/normalize';
import type { AppRecord } from '../shared/records';
import { compare, keyPaths, type Comparison } from '../electron/simulator/key-paths';
import { sampleParams } from '../electron/simulator/sample-params';
import { createSimulator, type Simulator } from '../electron/simulator/service';
import { writeDocsExamples } from './docs-examples';

export const RECORDED_DIR = resolve(import.meta.dirname, '../../shared/spec/recorded');

export interface AnswerFidelity {
  file: string;
  endpoint: string;
  /** Parsed, paged and normalised without an error, and records made where the endpoint maps any. */
  read: boolean;
  error: string | null;
  records: number;
  /** Ids of the records that are not in the answer's text as they are. */
  idsLost: string[];
  /** `kind:id` of records made more than once. */
  twice: string[];
  /** The endpoint has a production answer in ../shared/spec/recorded. */
  recorded: boolean;
  /** Production's key paths the simulator's answer carries; null when the simulator cannot be asked. */
  shape: Comparison | null;
}

/** An endpoint's answer file name as ../shared/spec/recorded names them, without `.json`: v1_user_by_id. */
const fileNameOf = (endpoint: Endpoint): string => endpoint.path.slice(1).replaceAll('/', '_');

/** The endpoint a file's answer comes from, by its name; undefined for a name no endpoint has. */
export function endpointOfFile(file: string): Endpoint | undefined {
  const name = basename(file, '.json').split('--')[0];
  return CATALOG.find((e) => fileNameOf(e) === name);
}

/** Every id of a record (fields named id, ...Id, ...Ids, pk), without the raw answer it came from. */
function idsOf(record: AppRecord): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string' && /(^id|Id|Ids|^pk|Pk)$/.test(key) && /^\d{6,}$/.test(value)) out.push(value);
    else if (Array.isArray(value)) for (const v of value) walk(v, key);
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (k !== 'raw') walk(v, k);
  };
  walk(record, '');
  return out;
}

/** The ids of the records that the answer's text does not hold as they are (a digit lost or changed). */
export function idsNotIn(records: readonly AppRecord[], text: string): string[] {
  return [...new Set(records.flatMap(idsOf))].filter((id) => !text.includes(id));
}

/** Whether a list answer holds any item before it is read (an empty list is read though it makes no record). */
function holdsItems(endpoint: Endpoint, answer: unknown): boolean {
  if (!endpoint.answer.many) return true;
  const items = endpoint.paging ? readPage(endpoint, answer).items : getPath(answer, endpoint.answer.at ?? '');
  return Array.isArray(items) ? items.length > 0 : items !== null && items !== undefined;
}

function coreReads(endpoint: Endpoint, text: string): Pick<AnswerFidelity, 'read' | 'error' | 'records' | 'idsLost' | 'twice'> {
  let records: AppRecord[];
  let answer: unknown;
  try {
    answer = parseLossless(text);
    const normalized = normalizeAnswer(endpoint, answer);
    records = normalized === null ? [] : Array.isArray(normalized) ? normalized : [normalized];
  } catch (error) {
    return { read: false, error: error instanceof Error ? error.message : String(error), records: 0, idsLost: [], twice: [] };
  }
  const read = !MAPPED_KINDS.has(endpoint.answer.record) || records.length > 0 || !holdsItems(endpoint, answer);
  return { read, error: null, records: records.length, idsLost: idsNotIn(records, text), twice: madeTwice(records) };
}

/** `kind:id` of each record that repeats one made before it (records without an id never count). */
export function madeTwice(records: readonly AppRecord[]): string[] {
  const seen = new Set<string>();
  const twice: string[] = [];
  for (const r of records) {
    const key = recordIdentity(r);
    if (key === null) continue;
    if (seen.has(key)) twice.push(key);
    seen.add(key);
  }
  return twice;
}

async function simulatorShape(sim: Simulator, endpoint: Endpoint, text: string): Promise<Comparison | null> {
  let production: ReturnType<typeof keyPaths>;
  try {
    production = keyPaths(text);
  } catch {
    return null; // not JSON: the core's line says so
  }
  const params = sampleParams(sim.world, endpoint.path);
  if (params === null) return null;
  const url = new URL(`https://api.feedlens-sim.invalid${endpoint.path}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const res = await sim.handle(new Request(url, { headers: { 'x-access-key': sim.demoKey, 'user-agent': 'Feedlens/fidelity' } }));
  if (res.status !== 200) return null;
  return compare(production, keyPaths(await res.text()));
}

export async function measureFidelity(folder: string, recordedDir = RECORDED_DIR): Promise<{ answers: AnswerFidelity[]; unknown: string[] }> {
  const sim = createSimulator({ seed: 7, now: () => Date.UTC(2026, 10, 21, 9, 0, 0) });
  const answers: AnswerFidelity[] = [];
  const unknown: string[] = [];
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.json')).sort()) {
    const endpoint = endpointOfFile(file);
    if (!endpoint) {
      unknown.push(file);
      continue;
    }
    const text = readFileSync(join(folder, file), 'utf8');
    const recorded = existsSync(join(recordedDir, `${fileNameOf(endpoint)}.json`));
    answers.push({ file, endpoint: endpoint.path, ...coreReads(endpoint, text), recorded, shape: await simulatorShape(sim, endpoint, text) });
  }
  return { answers, unknown };
}

const percent = (part: number, whole: number): string => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)} %`);

/** The share of production's key paths the simulator carries over some answers. */
function share(answers: AnswerFidelity[]): string {
  const asked = answers.flatMap((a) => (a.shape ? [a.shape] : []));
  const matched = asked.reduce((n, c) => n + c.matched, 0);
  const total = asked.reduce((n, c) => n + c.total, 0);
  const notAsked = answers.length - asked.length;
  return `${percent(matched, total)} (${matched} of ${total} over ${asked.length} answers${notAsked ? `; ${notAsked} not asked` : ''})`;
}

export function report({ answers, unknown }: Awaited<ReturnType<typeof measureFidelity>>): string[] {
  const lines = answers.map((a) => {
    const core = a.error ? `not read: ${a.error}` : `${a.records} records${a.read ? '' : ' (none: not read)'}${a.idsLost.length ? `, ${a.idsLost.length} ids lost` : ''}${a.twice.length ? `, ${a.twice.length} made twice` : ''}`;
    const shape = a.shape ? `simulator ${a.shape.matched}/${a.shape.total} key paths` : 'simulator not asked';
    return `  ${a.file.padEnd(44)} ${core}; ${shape}${a.recorded ? '' : ' (no recorded answer)'}`;
  });
  for (const file of unknown) lines.push(`  ${file}: no endpoint of the catalog has this name`);
  const read = answers.filter((a) => a.read).length;
  const lost = answers.reduce((n, a) => n + a.idsLost.length, 0);
  const twice = answers.reduce((n, a) => n + a.twice.length, 0);
  lines.push(`fidelity: the core reads ${read} of ${answers.length} answers, ${lost} ids lost, ${twice} records made twice`);
  lines.push(`fidelity: the simulator carries ${share(answers.filter((a) => a.recorded))} of production's key paths on endpoints with a recorded answer, ${share(answers.filter((a) => !a.recorded))} on the others`);
  return lines;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const fromDocs = process.argv[2] === '--docs';
  const given = fromDocs ? process.argv[3] : (process.argv[2] ?? RECORDED_DIR);
  if (!given || !existsSync(given) || !statSync(given).isDirectory()) {
    console.error(`${given ? `No folder ${given}` : 'No folder given'}: give the folder of production answers, one per file named like ../shared/spec/recorded's, or --docs and the folder of the service's API reference pages.`);
    process.exit(2);
  }
  const folder = fromDocs ? mkdtempSync(join(tmpdir(), 'feedlens-docs-answers-')) : given;
  try {
    if (fromDocs) console.log(`${writeDocsExamples(given, folder).length} example answers from the documentation in ${given}`);
    else console.log(`production answers in ${folder}`);
    for (const line of report(await measureFidelity(folder))) console.log(line);
  } finally {
    if (fromDocs) rmSync(folder, { recursive: true, force: true });
  }
}
