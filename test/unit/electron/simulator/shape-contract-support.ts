// The shape contract over the 37 endpoints the app calls with production answers recorded in
// ../shared/spec/recorded: the contract derived from them (key paths with their JSON types, arrays
// collapsed, and the kinds of records read), its checked-in copy, and the simulator's answers to the
// requests of electron/simulator/sample-params.ts. Never a value of a recorded answer is kept.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { findEndpoint, type Endpoint } from '../../../../shared/api/catalog';
import { parseLossless } from '../../../../shared/api/json';
import { normalizeAnswer } from '../../../../shared/api/normalize';
import { readPage } from '../../../../shared/api/pager';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { RECORDED_REQUESTS, type SampleRequest, type WorldPicks } from '../../../../electron/simulator/sample-params';
import { keyPaths, type KeyPaths } from '../../../../electron/simulator/key-paths';

/** The recorded answers (FEEDLENS_RECORDED_DIR points elsewhere, e.g. to check the run without them). */
export const RECORDED_DIR = process.env.FEEDLENS_RECORDED_DIR ?? resolve(__dirname, '../../../../../shared/spec/recorded');
export const CONTRACT_FILE = resolve(__dirname, '../../../fixtures/shape-contract/contract.json');

// ---- what the pager and the normaliser read ---------------------------------------------------------

export interface Reads {
  /** Kinds of the app records the normaliser makes of the answer, sorted. */
  kinds: string[];
  /** The answer yields records. */
  records: boolean;
}

export function readsOf(endpoint: Endpoint, text: string): Reads {
  const answer = parseLossless(text);
  const normalized = normalizeAnswer(endpoint, answer);
  const list = normalized === null ? [] : Array.isArray(normalized) ? normalized : [normalized];
  if (endpoint.paging) readPage(endpoint, answer); // must not throw on either form
  return { kinds: [...new Set(list.map((r) => r.kind))].sort(), records: list.length > 0 };
}

export function endpointOf(entry: SampleRequest): Endpoint {
  const endpoint = findEndpoint(entry.path);
  if (!endpoint) throw new Error(`shape contract: ${entry.path} is not in the catalog`);
  return endpoint;
}

/** The fixed clock of the contract: the world's reference day. */
export const CONTRACT_NOW = Date.UTC(2026, 10, 21, 9, 0, 0);

export function contractSimulator(): Simulator {
  return createSimulator({ seed: 7, now: () => CONTRACT_NOW });
}

/** The simulator's answer text to the entry's request (it must answer 200). */
export async function simulatedText(sim: Simulator, entry: SampleRequest, picks: WorldPicks): Promise<string> {
  const url = new URL(`https://api.feedlens-sim.invalid${entry.path}`);
  for (const [key, value] of Object.entries(entry.params(picks))) url.searchParams.set(key, value);
  const res = await sim.handle(new Request(url, { headers: { 'x-access-key': sim.demoKey, 'user-agent': 'Feedlens/shape-contract' } }));
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${entry.path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

// ---- the recorded answers and the checked-in contract ---------------------------------------------

export interface ContractEntry {
  path: string;
  keyPaths: KeyPaths;
  reads: Reads;
}

export type Contract = Record<string, ContractEntry>;

export function recordedPresent(): boolean {
  return existsSync(RECORDED_DIR) && readdirSync(RECORDED_DIR).some((f) => f.endsWith('.json'));
}

/** The contract derived from the recorded answers present (paths, types and record kinds only). */
export function contractFromRecorded(): Contract {
  const out: Contract = {};
  for (const entry of RECORDED_REQUESTS) {
    const file = resolve(RECORDED_DIR, `${entry.name}.json`);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    out[entry.name] = { path: entry.path, keyPaths: keyPaths(text), reads: readsOf(endpointOf(entry), text) };
  }
  return out;
}

export function checkedInContract(): Contract {
  return JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as Contract;
}

/** The family of an endpoint path (`/v1/...` -> v1), for the per-family shares. */
export function familyOf(path: string): string {
  return path.split('/')[1] ?? '';
}
