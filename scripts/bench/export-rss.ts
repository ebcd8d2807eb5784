// One export of generated posts, in a process of its own, then its peak RSS as one JSON line. Run by
// bench-export.ts from an esbuild bundle (as the app ships its main process: bundled), so that the
// TypeScript loader's own memory is not counted. Arguments: <format> <rows> [pseudonymise]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProjectKeys } from '../../electron/export/pseudonymise';
import { runExport, type ExportFormat } from '../../electron/export/run';
import { generatedItems } from './posts';

const [format, rows, pseudonymise] = process.argv.slice(2) as [ExportFormat, string, string | undefined];
const keys: ProjectKeys = async () => {
  let value: string | null = null;
  return { get: async () => value, set: async (v: string) => void (value = v), backendName: 'memory', degraded: true };
};
const folder = mkdtempSync(join(tmpdir(), 'feedlens-bench-export-rss-'));
try {
  const startRss = process.memoryUsage().rss;
  const result = await runExport(
    {
      items: generatedItems(Number(rows)),
      format,
      delimiter: ',',
      bom: false,
      includeMedia: false,
      label: 'bench',
      ...(pseudonymise === 'pseudonymise' ? { pseudonymise: { project: 'bench', dropNames: false, dropPictures: false, dropText: false } } : {}),
    },
    { folder, appVersion: 'bench', projectKeys: keys },
  );
  console.log(JSON.stringify({ rows: result.rows, startRssBytes: startRss, maxRssBytes: process.resourceUsage().maxRSS * 1024, bytes: statSync(result.path).size }));
} finally {
  rmSync(folder, { recursive: true, force: true });
}
