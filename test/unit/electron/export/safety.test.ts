// Exports that cannot be written as asked: malformed records from a hostile or buggy renderer, a full
// disk, a folder Feedlens may not write to, a crash half-way. Each is refused with a message that says
// what to do, nothing half-written is left, and no exception escapes the export's promise.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPS } from '../../../../shared/ipc';
import { createAppCore } from '../../../../electron/core';
import { csvLines, type Delimiter } from '../../../../electron/export/csv';
import type { Row } from '../../../../electron/export/columns';
import { createExportHandlers } from '../../../../electron/export/handlers';
import { testCoreOptions } from '../../../support/core-options';

// The file system, with a switch to make writes in one folder fail as a full or refusing disk would.
const failing: { folder: string | null; code: string; only?: (path: string) => boolean } = { folder: null, code: 'ENOSPC' };
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsPromises>();
  const open: typeof real.open = async (path, ...rest) => {
    const handle = await real.open(path, ...rest);
    const p = String(path);
    if (failing.folder === null || !p.startsWith(failing.folder) || (failing.only && !failing.only(p))) return handle;
    const refuse = async () => {
      throw Object.assign(new Error(`${failing.code}: simulated, write '${p}'`), { code: failing.code });
    };
    return Object.assign(handle, { writeFile: refuse, write: refuse });
  };
  return { ...real, open };
});

let folder: string;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => void uncaught.push(error);

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'feedlens-export-safety-'));
  uncaught.length = 0;
  process.on('uncaughtException', onUncaught);
});
afterEach(() => {
  process.off('uncaughtException', onUncaught);
  failing.folder = null;
  failing.only = undefined;
  rmSync(folder, { recursive: true, force: true });
});

const provenance = { path: '/v1/media/by/id', params: { id: '3776832898280228145' }, requestId: null, fetchedAt: Date.UTC(2026, 3, 1) };

function post(fields: Record<string, unknown> = {}) {
  return {
    kind: 'post',
    id: '3776832898280228145',
    mediaId: '3776832898280228145_51234567',
    code: 'DRqAYKuAIUx',
    mediaType: 'image',
    takenAt: 1775048403,
    owner: { kind: 'user', id: '51234567', username: 'lea.martin', fullName: 'Lea Martin', avatarUrl: null, isPrivate: false, isVerified: false },
    caption: { text: 'Golden hour', hashtags: [], mentions: [] },
    images: [{ url: 'https://scontent.cdninstagram.com/v/a.jpg', width: 1080, height: 1350 }],
    videos: [],
    children: [],
    usertags: [],
    coauthors: [],
    location: null,
    counts: { likes: 3, comments: 1, plays: null, views: null, reshares: null },
    raw: { pk: '3776832898280228145' },
    ...fields,
  };
}

function exportRun(records: unknown[], format: 'csv' | 'ndjson' | 'zip' | 'json') {
  const handlers = createExportHandlers({ downloadFolder: () => folder, version: '0.0.0-test', emit: () => undefined });
  return handlers.exportRun(OPS.exportRun.parse({ items: records.map((record) => ({ record, provenance })), format, delimiter: ',' }), { senderId: 1 });
}

const filesIn = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir) : []);

describe('malformed records', () => {
  const malformed: [string, Record<string, unknown>, string][] = [
    ['a caption that is a number', post({ caption: 5 }), 'items.0.record.caption'],
    ['carousel items that are a string', post({ children: 'x' }), 'items.0.record.children'],
    ['a media id that is a number', post({ mediaId: 5 }), 'items.0.record.mediaId'],
    ['an owner without an id', post({ owner: { username: 'x' } }), 'items.0.record.owner.id'],
    ['a comment whose text is a number', { kind: 'comment', id: '1', text: 7 }, 'items.0.record.text'],
    ['story mentions that are a string', { kind: 'story', id: '1', mentions: 'x' }, 'items.0.record.mentions'],
  ];
  it.each(malformed)('%s: refused with the field named, in every format, nothing written, nothing thrown outside', async (_name, record, param) => {
    for (const format of ['csv', 'ndjson', 'zip', 'json'] as const) {
      await expect(exportRun([post(), record], format)).rejects.toMatchObject({
        kind: 'validation',
        issues: [expect.objectContaining({ param: param.replace('items.0', 'items.1') })],
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 50)); // an escaped stream error would arrive by now
    expect(uncaught).toEqual([]);
    expect(filesIn(join(folder, 'exports'))).toEqual([]);
  });

  it('a record that breaks a writer anyway (a cycle) rejects the export, and leaves no file', async () => {
    const looped: Record<string, unknown> = post();
    (looped.raw as Record<string, unknown>).self = looped.raw;
    for (const format of ['ndjson', 'zip'] as const) {
      const handlers = createExportHandlers({ downloadFolder: () => folder, version: '0.0.0-test', emit: () => undefined });
      // Past the IPC schema on purpose: structured clone keeps cycles, JSON cannot write them.
      await expect(handlers.exportRun({ items: [{ record: looped, provenance }], format, delimiter: ',', bom: false, includeMedia: false } as never, { senderId: 1 })).rejects.toThrow(/circular/i);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(uncaught).toEqual([]);
    expect(filesIn(join(folder, 'exports'))).toEqual([]);
  });
});

describe('disk errors', () => {
  it('a full disk: the export says so and what to do, and leaves nothing behind', async () => {
    failing.folder = join(folder, 'exports');
    failing.code = 'ENOSPC';
    for (const format of ['csv', 'ndjson', 'zip'] as const) {
      const error = await exportRun([post()], format).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'internal', retryable: true, detail: 'ENOSPC' });
      expect((error as { message: string }).message).toMatch(/export could not be written.*disk holding .*exports is full.*Free some space/);
    }
    expect(filesIn(join(folder, 'exports'))).toEqual([]);
  });

  it('a folder Feedlens may not write to: the message says to choose another one', async () => {
    failing.folder = join(folder, 'exports');
    failing.code = 'EACCES';
    const error = await exportRun([post()], 'ndjson').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'internal', retryable: false, detail: 'EACCES' });
    expect((error as { message: string }).message).toMatch(/not allowed to write to .*exports.*Choose another download folder/);
  });

  it('the data file never stays without its manifest: a manifest that cannot be written takes the data file with it', async () => {
    failing.folder = join(folder, 'exports');
    failing.code = 'ENOSPC';
    failing.only = (path) => path.includes('.manifest.json');
    for (const format of ['csv', 'ndjson', 'json'] as const) await expect(exportRun([post()], format)).rejects.toMatchObject({ detail: 'ENOSPC' });
    expect(filesIn(join(folder, 'exports'))).toEqual([]);
    failing.folder = null;
    const done = await exportRun([post()], 'csv');
    expect(filesIn(join(folder, 'exports')).sort()).toEqual([done.path, done.manifestPath].map((p) => p?.slice(join(folder, 'exports').length + 1)).sort());
  });
});

describe('leftovers of a crash', () => {
  it('temp files an interrupted export left are removed when the app starts; other files stay', async () => {
    const dataDir = join(folder, 'data');
    const core = createAppCore(testCoreOptions({ baseUrl: 'http://127.0.0.1:9', fetch, key: 'k' }, dataDir, { downloadsDir: folder }));
    const exports = join(folder, 'Feedlens', 'exports');
    mkdirSync(exports, { recursive: true });
    // Made by process 999999999, which no system runs (one that runs may still be writing its temp file).
    writeFileSync(join(exports, '.posts_2026-04-01_12-00-00_UTC.csv.999999999.0123456789ab.tmp'), 'half a file');
    writeFileSync(join(exports, 'posts_2026-04-01_12-00-00_UTC.csv'), 'a finished export');
    writeFileSync(join(exports, '.notes.tmp'), 'not one of ours');
    await core.start();
    try {
      expect(filesIn(exports).sort()).toEqual(['.notes.tmp', 'posts_2026-04-01_12-00-00_UTC.csv']);
    } finally {
      await core.stop();
    }
  });
});

describe('the CSV writer', () => {
  it('writes what csv-stringify writes with the options Feedlens used, on rows full of quotes, delimiters and line breaks', () => {
    let seed = 11;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * n);
    };
    const pieces = ['a', 'é', '"', ',', ';', '\t', '\r', '\n', '\r\n', ' ', '=1+2', '-3', '@x', '+4', '0', '日本', '😀'];
    const cell = (): string | number | null => {
      const pick = rand(6);
      if (pick === 0) return null;
      if (pick === 1) return rand(2) ? -rand(1000) / 8 : rand(100000);
      return Array.from({ length: rand(6) }, () => pieces[rand(pieces.length)]).join('');
    };
    const columns = ['id', 'body', 'n', 'tags'];
    for (const delimiter of [',', ';', '\t'] as Delimiter[]) {
      for (const bom of [false, true]) {
        const rows: Row[] = Array.from({ length: 300 }, () => Object.fromEntries(columns.map((c) => [c, cell()])));
        const mine = [...csvLines(columns, rows, { delimiter, bom })].join('');
        // The formula guard ran before csv-stringify (escapeFormula), as in the old writer.
        const guarded = rows.map((r) => Object.fromEntries(columns.map((c) => [c, typeof r[c] === 'string' && /^[=+\-@\t\r]/.test(r[c] as string) && !/^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?(,[-+]?\d+(\.\d+)?([eE][-+]?\d+)?)*$/.test(r[c] as string) ? `'${r[c] as string}` : r[c]])));
        const theirs = stringify(guarded, { header: true, columns, delimiter, bom, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
        expect(mine).toBe(theirs);
      }
    }
  });
});
