// Test support for the exports: the real app core (api client, call service, cache, ledger) talking to
// the simulator in-process, a collector that pages through an endpoint with the shared pager and keeps
// each record with its provenance, and small readers for what the exports write (CSV, ZIP).
import { createAskRecorder } from '../../../support/ask-recorder';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 as zipCrc32, inflateRawSync } from 'node:zlib';
import { findEndpoint } from '../../../../shared/api/catalog';
import { normalizeAnswer } from '../../../../shared/api/normalize';
import { readPage, withCursor } from '../../../../shared/api/pager';
import type { AppRecord } from '../../../../shared/records';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createLedger, type Ledger } from '../../../../electron/calls/ledger';
import type { SavedItem } from '../../../../electron/export/run';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import type { World, WorldMedia, WorldUser } from '../../../../electron/simulator/world/world';
import { memoryProjectKeys, testCoreOptions } from '../../../support/core-options';

export { memoryProjectKeys };

/** The simulator's clock: a day after the world's reference time, moving on with real time. */
export const SIM_START = Date.UTC(2026, 10, 21, 9, 0, 0);

export interface App {
  core: AppCore;
  sim: Simulator;
  world: World;
  dataDir: string;
  /** A reader over the core's request ledger (same folder). */
  ledger: Ledger;
  /** Every page of a list endpoint (or the one answer of another), as saved items. */
  /** Main's questions are answered "spend" here: the tests play a user who confirms. */
  collect(path: string, params: Record<string, unknown>, options?: { maxPages?: number }): Promise<SavedItem[]>;
  close(): Promise<void>;
}

let shared: Simulator | null = null;
const started = Date.now();

/** The simulator's clock (epoch ms). */
export function simNow(): number {
  return SIM_START + (Date.now() - started);
}

/** One simulator per test file: building the world takes a few seconds. */
export function simulator(): Simulator {
  shared ??= createSimulator({ seed: 7, now: simNow });
  return shared;
}

export async function startApp(): Promise<App> {
  const sim = simulator();
  const dataDir = mkdtempSync(join(tmpdir(), 'feedlens-export-'));
  const core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey }, dataDir, { ask: createAskRecorder('confirm').ask }),
  );
  await core.start();
  const ledger = createLedger({ dir: join(dataDir, 'ledger') });

  async function collect(path: string, params: Record<string, unknown>, options: { maxPages?: number } = {}): Promise<SavedItem[]> {
    const endpoint = findEndpoint(path);
    if (!endpoint) throw new Error(`no endpoint ${path}`);
    const items: SavedItem[] = [];
    let sent: Record<string, unknown> = { ...params };
    for (let page = 0; page < (options.maxPages ?? 100); page++) {
      const args = { path, params: sent as Record<string, string> };
      const value = await core.handlers.call(args, { senderId: 1 });
      const records = normalizeAnswer(endpoint, value.data);
      const list: AppRecord[] = records === null ? [] : Array.isArray(records) ? records : [records];
      const provenance = { path, params: sent as SavedItem['provenance']['params'], requestId: value.fetchedBy, fetchedAt: value.fetchedAt };
      for (const record of list) items.push({ record, provenance });
      const next = endpoint.paging ? readPage(endpoint, value.data, sent).nextCursor : null;
      if (!next) break;
      sent = withCursor(params, next);
    }
    return items;
  }

  return {
    core,
    sim,
    world: sim.world,
    dataDir,
    ledger,
    collect,
    async close() {
      await core.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// World queries

/** Posts of a user's grid, newest first (what /v1/user/medias/chunk pages through). */
export function gridOf(world: World, user: WorldUser): WorldMedia[] {
  return user.posts.map((pk) => {
    const m = world.mediaByPk.get(pk);
    if (!m) throw new Error(`world: no post ${pk}`);
    return m;
  });
}

export function userOf(world: World, pk: string): WorldUser {
  const u = world.userByPk.get(pk);
  if (!u) throw new Error(`world: no user ${pk}`);
  return u;
}

/** A public account whose few posts show every feature a post row has (carousels, places, tags...). */
export function richAccount(world: World): WorldUser {
  const found = world.users.find((u) => {
    if (u.tier !== 'main' || u.isPrivate || u.posts.length === 0 || u.posts.length > 36 || u.stories.length === 0) return false;
    const posts = gridOf(world, u);
    return (
      posts.some((m) => m.mediaType === 8 && new Set(m.children.map((c) => c.mediaType)).size > 1) &&
      posts.some((m) => m.mediaType === 2) &&
      posts.some((m) => m.locationPk !== null) &&
      posts.some((m) => m.usertags.length > 0) &&
      posts.some((m) => m.coauthors.length > 0) &&
      posts.some((m) => m.likesHidden) &&
      posts.some((m) => m.mentions.length > 0)
    );
  });
  if (!found) throw new Error('world: no account with every kind of post');
  return found;
}

// ---------------------------------------------------------------------------------------------
// Readers

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into rows of cells. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** CSV text as objects keyed by the header. */
export function csvObjects(text: string, delimiter = ','): { header: string[]; rows: Record<string, string>[] } {
  const [header = [], ...body] = parseCsv(text, delimiter);
  return { header, rows: body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']))) };
}

/**
 * Reads a ZIP's entries through its central directory (stored and deflated entries, ZIP64 figures
 * included), checking each entry's CRC-32 and sizes against its data and its data descriptor.
 */
export function readZip(bytes: Buffer): Map<string, Buffer> {
  let end = bytes.length - 22;
  while (end >= 0 && bytes.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip: no end of central directory');
  let count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) {
    // ZIP64: the locator just before the end record says where the ZIP64 end record is.
    if (bytes.readUInt32LE(end - 20) !== 0x07064b50) throw new Error('no ZIP64 end of central directory locator');
    const record = Number(bytes.readBigUInt64LE(end - 12));
    if (bytes.readUInt32LE(record) !== 0x06064b50) throw new Error('bad ZIP64 end of central directory');
    count = Number(bytes.readBigUInt64LE(record + 32));
    at = Number(bytes.readBigUInt64LE(record + 48));
  }
  const out = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const crc = bytes.readUInt32LE(at + 16);
    let compressedSize = bytes.readUInt32LE(at + 20);
    let size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    let local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    for (let e = at + 46 + nameLength; e < at + 46 + nameLength + extraLength; e += 4 + bytes.readUInt16LE(e + 2)) {
      if (bytes.readUInt16LE(e) !== 0x0001) continue;
      // The ZIP64 field holds, in this order, only the figures that say 0xffffffff above.
      let f = e + 4;
      const wide = (v: number) => (v === 0xffffffff ? ((f += 8), Number(bytes.readBigUInt64LE(f - 8))) : v);
      size = wide(size);
      compressedSize = wide(compressedSize);
      local = wide(local);
    }
    if (bytes.readUInt32LE(local) !== 0x04034b50) throw new Error(`${name}: no local header where the central directory says`);
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`unsupported zip method ${method}`);
    const content = method === 8 ? inflateRawSync(data) : Buffer.from(data);
    if (content.length !== size) throw new Error(`${name}: ${content.length} bytes, the central directory says ${size}`);
    if (zipCrc32(content) !== crc) throw new Error(`${name}: CRC-32 does not match its data`);
    if (flags & 8) {
      // The data descriptor after the data repeats the CRC and sizes (32- or 64-bit sizes).
      const d = dataStart + compressedSize;
      if (bytes.readUInt32LE(d) !== 0x08074b50 || bytes.readUInt32LE(d + 4) !== crc) throw new Error(`${name}: bad data descriptor`);
      const narrow = bytes.readUInt32LE(d + 8) === compressedSize && bytes.readUInt32LE(d + 12) === size;
      const wide = d + 24 <= bytes.length && Number(bytes.readBigUInt64LE(d + 8)) === compressedSize && Number(bytes.readBigUInt64LE(d + 16)) === size;
      if (!narrow && !wide) throw new Error(`${name}: data descriptor sizes differ from the central directory`);
    }
    out.set(name, content);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

/** A media URL of the simulator without its signature: the path and the size it draws. */
export function unsigned(url: string): string {
  const u = new URL(url);
  u.searchParams.delete('oe');
  u.searchParams.delete('_nc_sig');
  const query = u.searchParams.toString();
  return query === '' ? u.pathname : `${u.pathname}?${query}`;
}
