#!/usr/bin/env node
// Builds the headless collector (electron/collect/cli.ts) into out/collect/feedlens-collect.js, one file
// that runs with plain Node 22 (`node out/collect/feedlens-collect.js --help`), with the download queue's
// disk thread and the media-analysis thread beside it (their workers start from those files). The OS keychain's native module is loaded
// from node_modules when there is one; without it the key comes from FEEDLENS_KEY_FILE or FEEDLENS_KEY.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const outdir = join(root, 'out', 'collect');
mkdirSync(outdir, { recursive: true });
const result = await build({
  entryPoints: {
    'feedlens-collect': join(root, 'electron/collect/cli.ts'),
    'disk-thread-script': join(root, 'electron/downloads/disk-thread-script.ts'),
    'media-worker': join(root, 'electron/media-analysis/worker-script.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // Native modules, and Piscina and tesseract.js (their threads start from their own files), come from node_modules.
  external: ['@napi-rs/keyring', 'electron', 'sharp', 'piscina', 'tesseract.js'],
  // Bundled CommonJS dependencies call require(): give the ES module one.
  banner: { js: "import { createRequire as __feedlensRequire } from 'node:module'; const require = __feedlensRequire(import.meta.url);" },
  metafile: true,
  logLevel: 'warning',
});
// The files are ES modules wherever the folder is copied.
writeFileSync(join(outdir, 'package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
const electronImports = Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.path === 'electron'));
if (electronImports.length > 0) throw new Error('the collector bundle imports electron: it must run on plain Node');
console.log(`collect: built ${join('out', 'collect', 'feedlens-collect.js')}`);
