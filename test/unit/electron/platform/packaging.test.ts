// The packaged app keeps outside its asar archive what cannot work inside it (electron-builder.yml
// asarUnpack): every file media analysis runs or reads by path (sharp's native module and libvips, the
// ffmpeg binary, the tesseract worker, its WebAssembly core, the language data) matches an unpack glob,
// and the paths the code uses point at the unpacked copy once packaged.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, matchesGlob, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../../../electron/media-analysis/keyframes';
import { OCR_LANGUAGES } from '../../../../electron/media-analysis/ocr';
import { unpackedPath } from '../../../../electron/platform/unpacked';

const ROOT = resolve(import.meta.dirname, '../../../..');
const require = createRequire(join(ROOT, 'package.json'));

/** The list under `asarUnpack:` in electron-builder.yml (one glob per `  - ` line). */
function unpackGlobs(): string[] {
  const lines = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8').split('\n');
  const start = lines.indexOf('asarUnpack:');
  const globs: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const m = /^ {2}- "?([^"]+)"?$/.exec(line);
    if (!m) break;
    globs.push(m[1]!);
  }
  return globs;
}

describe('packaging', () => {
  it('unpacks every file media analysis runs or reads by path', () => {
    const globs = unpackGlobs();
    const files = [
      ffmpegPath(),
      require.resolve('sharp'),
      ...readdirSync(join(ROOT, 'node_modules/@img')).map((d) => join(ROOT, 'node_modules/@img', d, 'package.json')),
      require.resolve('tesseract.js/src/worker-script/node/index.js'),
      join(dirname(require.resolve('tesseract.js-core/package.json')), 'tesseract-core-lstm.wasm'),
      ...OCR_LANGUAGES.map((l) => join(dirname(require.resolve(`@tesseract.js-data/${l}/package.json`)), '4.0.0_best_int', `${l}.traineddata.gz`)),
    ];
    for (const file of files) {
      const path = relative(ROOT, file).split('\\').join('/');
      expect({ path, unpacked: globs.some((g) => matchesGlob(path, g)) }).toEqual({ path, unpacked: true });
    }
  });

  it('unpacks every package the tesseract worker requires: it runs from the unpacked folder', () => {
    const globs = unpackGlobs();
    const seen = new Set<string>();
    const walk = (name: string, from: string): void => {
      const manifest = createRequire(join(from, 'package.json')).resolve(`${name}/package.json`);
      if (seen.has(manifest)) return;
      seen.add(manifest);
      const deps = (JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {};
      for (const dep of Object.keys(deps)) walk(dep, dirname(manifest));
    };
    walk('tesseract.js', ROOT);
    expect(seen.size).toBeGreaterThan(5);
    for (const manifest of seen) {
      const path = relative(ROOT, manifest).split('\\').join('/');
      expect({ path, unpacked: globs.some((g) => matchesGlob(path, g)) }).toEqual({ path, unpacked: true });
    }
  });

  it('points at the unpacked copy once packaged, and leaves other paths alone', () => {
    expect(unpackedPath('/opt/Feedlens/resources/app.asar/node_modules/x/bin')).toBe('/opt/Feedlens/resources/app.asar.unpacked/node_modules/x/bin');
    expect(unpackedPath('C:\\Feedlens\\resources\\app.asar\\node_modules\\x.exe')).toBe('C:\\Feedlens\\resources\\app.asar.unpacked\\node_modules\\x.exe');
    expect(unpackedPath('/home/me/feedlens/node_modules/x/bin')).toBe('/home/me/feedlens/node_modules/x/bin');
  });
});
