import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runExport, type ExportFormat } from '../electron/export/run';
import { item } from './bench/posts';
const N = Number(process.argv[3] ?? 30000);
const items = Array.from({ length: N }, (_, i) => item(i));
const folder = mkdtempSync(join(tmpdir(), 'zz-'));
const format = (process.argv[2] ?? 'csv') as ExportFormat;
const pseudo = process.argv[4] === 'p';
let value: string | null = null;
const keys = async () => ({ get: async () => value, set: async (v: string) => void (value = v), backendName: 'memory', degraded: true });
for (let r = 0; r < 3; r++) {
  const c = process.cpuUsage();
  await runExport({ items, format, delimiter: ',', bom: false, includeMedia: false, label: 'x', ...(pseudo ? { pseudonymise: { project: 'p', dropNames: false, dropPictures: false, dropText: false } } : {}) }, { folder, appVersion: 'b', projectKeys: keys });
  const u = process.cpuUsage(c); console.log(format, pseudo, ((u.user + u.system) / 1e6).toFixed(2), 's CPU', Math.round(N / ((u.user + u.system) / 1e6)), 'rows/s');
}
rmSync(folder, { recursive: true, force: true });
if (process.argv[5] === 'base') {
  const { stringify } = await import('csv-stringify');
  const { createWriteStream } = await import('node:fs');
  const { pipeline } = await import('node:stream/promises');
  const { Readable } = await import('node:stream');
  const { COLUMNS, createRowMaker } = await import('../electron/export/columns');
  for (let r = 0; r < 3; r++) {
    const c = process.cpuUsage();
    const make = createRowMaker('posts');
    const out = join(tmpdir(), 'zz-base.csv');
    await pipeline(Readable.from((function* () { for (const it of items) yield* make(it); })()), stringify({ header: true, columns: [...COLUMNS.posts], delimiter: ',', record_delimiter: 'windows', quoted_match: /[\r\n]/ }), createWriteStream(out));
    const u = process.cpuUsage(c); console.log('baseline', ((u.user + u.system) / 1e6).toFixed(2), 's CPU', Math.round(N / ((u.user + u.system) / 1e6)), 'rows/s');
    rmSync(out);
  }
}
