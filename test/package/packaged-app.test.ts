// The app packaged as electron-builder.yml says for Linux, on this machine's architecture, and checked as
// far as Node can: Electron's binary cannot be downloaded here, so a stand-in carrying only Electron's fuse
// wire takes its place. The fuses come out flipped, the archive holds the built app, and media
// analysis's unpacked parts work from where the packaged app runs them: ffmpeg, sharp's native module
// with libvips, and the tesseract worker (its own packages, WebAssembly core and language data).
// Needs the production build (out/): `npm test` builds before this stage.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { listPackage } from '@electron/asar';
import { FuseV1Options } from '@electron/fuses';
import { createWorker } from 'tesseract.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../electron/media-analysis/keyframes';
import { GREY_OTSU } from '../../electron/media-analysis/ocr';
import { drawPng } from '../../electron/simulator/pictures';

const ROOT = resolve(import.meta.dirname, '../..');
const require = createRequire(join(ROOT, 'package.json'));
// The stand-in has the layout of Linux's Electron (one executable); macOS wants an Electron.app bundle.
const ON_LINUX = process.platform === 'linux';
// Where Electron's binary keeps its fuse wire (@electron/fuses looks for it; no exports map hides the file).
const { SENTINEL } = require('@electron/fuses/dist/constants.js') as { SENTINEL: string };
// Electron's fuses as its binary ships them (RunAsNode on, cookie encryption off, ...), in wire order.
const SHIPPED_WIRE = '101100011';

let work = '';
let resources = '';
let unpacked = '';

/** Where a file of the project's node_modules is in the packaged app's unpacked folder. */
const inUnpacked = (file: string): string => join(unpacked, relative(ROOT, file));

describe.skipIf(!ON_LINUX)('the packaged app (Linux)', () => {
  beforeAll(() => {
    if (!existsSync(join(ROOT, 'out/main/main.js'))) throw new Error('No production build in out/: run `npx electron-vite build` first.');
    work = mkdtempSync(join(tmpdir(), 'feedlens-package-'));
    const electronDist = join(work, 'electron');
    mkdirSync(electronDist);
    const binary = join(electronDist, 'electron');
    writeFileSync(binary, Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\n'), Buffer.from(SENTINEL), Buffer.from([1, SHIPPED_WIRE.length]), Buffer.from(SHIPPED_WIRE)]));
    chmodSync(binary, 0o755);
    const version = (require('electron/package.json') as { version: string }).version;
    writeFileSync(join(electronDist, 'version'), version);
    const built = spawnSync(
      process.execPath,
      [require.resolve('electron-builder/cli.js'), '--linux', 'dir', `--${process.arch}`, `-c.electronDist=${electronDist}`, `-c.electronVersion=${version}`, '-c.npmRebuild=false', `-c.directories.output=${join(work, 'dist')}`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    if (built.status !== 0) throw new Error(`electron-builder failed:\n${built.stdout}\n${built.stderr}`);
    const appDir = join(work, 'dist', readdirSync(join(work, 'dist')).find((d) => d.endsWith('-unpacked'))!);
    resources = join(appDir, 'resources');
    unpacked = join(resources, 'app.asar.unpacked');
  }, 300_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('flips the fuses build/after-pack.cjs sets', () => {
    const appDir = dirname(resources);
    const exe = readdirSync(appDir).find((f) => f.toLowerCase().startsWith('feedlens'))!;
    const binary = readFileSync(join(appDir, exe));
    const at = binary.indexOf(SENTINEL) + SENTINEL.length;
    const wire = binary.subarray(at + 2, at + 2 + binary[at + 1]!).toString('latin1');
    const fuse = (option: FuseV1Options): string => wire[option]!;
    expect({
      runAsNode: fuse(FuseV1Options.RunAsNode),
      nodeOptions: fuse(FuseV1Options.EnableNodeOptionsEnvironmentVariable),
      inspect: fuse(FuseV1Options.EnableNodeCliInspectArguments),
      onlyFromAsar: fuse(FuseV1Options.OnlyLoadAppFromAsar),
      asarIntegrity: fuse(FuseV1Options.EnableEmbeddedAsarIntegrityValidation),
      cookieEncryption: fuse(FuseV1Options.EnableCookieEncryption),
      fileExtraPrivileges: fuse(FuseV1Options.GrantFileProtocolExtraPrivileges),
    }).toEqual({ runAsNode: '0', nodeOptions: '0', inspect: '0', onlyFromAsar: '1', asarIntegrity: '1', cookieEncryption: '1', fileExtraPrivileges: '0' });
  });

  it('holds the built app in its archive, without the OCR data variant it does not read', () => {
    const files = new Set(listPackage(join(resources, 'app.asar'), { isPack: false }).map((f) => f.split('\\').join('/')));
    for (const f of ['/package.json', '/out/main/main.js', '/out/main/media-worker.js', '/out/preload/preload.cjs', '/out/renderer/index.html']) {
      expect({ f, packed: files.has(f) }).toEqual({ f, packed: true });
    }
    expect([...files].filter((f) => f.includes('/@tesseract.js-data/eng/4.0.0/'))).toEqual([]);
    expect(existsSync(join(resources, 'sim-media'))).toBe(true);
  });

  it('runs ffmpeg from the unpacked folder', () => {
    const run = spawnSync(inUnpacked(ffmpegPath()), ['-version'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^ffmpeg version/);
  });

  it('loads sharp’s native module and libvips from the unpacked folder', () => {
    const platform = `${process.platform}-${process.arch}`;
    const lib = join(unpacked, 'node_modules/@img', `sharp-${platform}`, 'lib');
    const native = join(lib, readdirSync(lib).find((f) => f.endsWith('.node')) ?? 'no .node file');
    const run = spawnSync(process.execPath, ['-e', 'const m = { exports: {} }; process.dlopen(m, process.argv[1]); console.log(m.exports.libvipsVersion().semver)', native], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('reads the planted words with the tesseract worker, core and language data of the unpacked folder', async () => {
    const workerPath = inUnpacked(require.resolve('tesseract.js/src/worker-script/node/index.js'));
    const langPath = inUnpacked(join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'));
    const errors: string[] = [];
    const worker = await createWorker(['eng'], 1, { workerPath, langPath, gzip: true, cacheMethod: 'none', logger: () => undefined, errorHandler: (e: unknown) => void errors.push(String(e)) });
    try {
      await worker.setParameters(GREY_OTSU);
      const { data } = await worker.recognize(drawPng('7~7~words:SUMMER SALE', 1080, 1080));
      expect(data.text).toContain('SUMMER SALE');
      expect(errors).toEqual([]);
    } finally {
      await worker.terminate();
    }
  }, 60_000);
});
