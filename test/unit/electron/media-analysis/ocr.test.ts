// OCR reads the formats a study's media come in: those tesseract's image library decodes in its own
// thread (JPEG, PNG with or without alpha, WebP) and, converted to grey by sharp in main, the others (AVIF);
// a worker that cannot start fails the pass with a message instead of holding it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcr, MIN_CONFIDENCE, type Ocr } from '../../../../electron/media-analysis/ocr';
import { drawPng } from '../../../../electron/simulator/pictures';
import { takeKeyframes } from '../../../../electron/media-analysis/keyframes';

const SIM_MEDIA = join(import.meta.dirname, '../../../../assets/sim-media');

const WORDS = 'SUMMER SALE';
let ocr: Ocr;
let png: Buffer;

beforeAll(async () => {
  ocr = await createOcr(['eng'], 1);
  png = drawPng(`7~7~words:${WORDS}`, 1080, 1080);
}, 60_000);
afterAll(() => ocr.close());

describe('OCR of a picture with words', () => {
  it.each([
    ['PNG', () => Promise.resolve(png)],
    ['PNG with an alpha channel', () => sharp(png).ensureAlpha(1).png().toBuffer()],
    ['JPEG', () => sharp(png).jpeg({ quality: 85 }).toBuffer()],
    ['WebP', () => sharp(png).webp().toBuffer()],
    ['AVIF (converted by sharp)', () => sharp(png).avif().toBuffer()],
  ])('reads the planted words in %s', async (_, encode) => {
    const found = await ocr.read(new Uint8Array(await encode()));
    expect(found.text).toContain(WORDS);
    expect(found.confidence).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
  }, 30_000);

  it('keeps nothing from a picture without words', async () => {
    const found = await ocr.read(new Uint8Array(drawPng('bench-3', 1080, 1080)));
    expect(found.text).toBeNull();
  }, 30_000);

  it('keeps no text from the demo videos’ keyframes (colour bars, a small time code)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'feedlens-ocr-frames-'));
    try {
      const kept: string[] = [];
      for (const video of ['portrait', 'square', 'landscape']) {
        const taken = await takeKeyframes({ input: join(SIM_MEDIA, `${video}.mp4`), seconds: null, folder, name: video });
        for (const frame of taken.frames) {
          const found = await ocr.read(frame.path);
          if (found.text !== null) kept.push(`${video} ${frame.index}: ${found.text}`);
        }
      }
      expect(kept).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('names its method in the tool it stores with each result', () => {
    expect(ocr.tool).toMatch(/^tesseract\.js \d+\.\d+\.\d+, eng .*one Otsu threshold/);
  });
});

describe('OCR whose worker cannot start', () => {
  it('fails with a message that says what to do, instead of waiting for ever', async () => {
    // A worker program that never answers, as one with a file missing or unreadable.
    const dir = mkdtempSync(join(tmpdir(), 'feedlens-ocr-'));
    const workerPath = join(dir, 'silent-worker.js');
    writeFileSync(workerPath, '// answers nothing\n');
    try {
      await expect(createOcr(['eng'], 1, { workerPath, startTimeoutMs: 500 })).rejects.toThrow(/did not start within 0.5 s\. Reinstalling Feedlens/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
