// Perceptual hashes and reuse groups over pictures made here with sharp: each picture re-encoded as a
// low-quality JPEG, resized, slightly cropped and brightened stays within the default k bits of its
// original; twelve different pictures are all further apart than that (no false group); the groups name
// the first poster and the later ones.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BITS, hamming, reuseGroups, type HashedItem } from '../../../../electron/media-analysis/groups';
import { imageHashes } from '../../../../electron/media-analysis/hash';

/** A picture of seeded blobs on a seeded gradient, 400x400 PNG. */
async function picture(seed: number): Promise<Buffer> {
  let s = seed * 2654435761;
  const rand = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const blobs = Array.from({ length: 6 }, () => `<circle cx="${rand() * 400}" cy="${rand() * 400}" r="${30 + rand() * 90}" fill="rgb(${rand() * 255 | 0},${rand() * 255 | 0},${rand() * 255 | 0})"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="${rand()}" y2="1"><stop offset="0" stop-color="rgb(${rand() * 255 | 0},90,60)"/><stop offset="1" stop-color="rgb(20,${rand() * 255 | 0},200)"/></linearGradient></defs><rect width="400" height="400" fill="url(#g)"/>${blobs}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** What reposting does to a picture. */
const variants: Record<string, (b: Buffer) => Promise<Buffer>> = {
  'a JPEG at quality 40': (b) => sharp(b).jpeg({ quality: 40 }).toBuffer(),
  'resized to half': (b) => sharp(b).resize(200, 200).png().toBuffer(),
  'cropped by 4 %': (b) => sharp(b).extract({ left: 8, top: 8, width: 384, height: 384 }).png().toBuffer(),
  'brightened': (b) => sharp(b).modulate({ brightness: 1.1 }).png().toBuffer(),
};

describe('perceptual hashes', () => {
  it('keep a reposted picture within the default bits of its original, and different pictures apart', async () => {
    const originals = await Promise.all(Array.from({ length: 12 }, (_, i) => picture(i + 1)));
    const hashes = await Promise.all(originals.map((b) => imageHashes(b)));
    for (const h of hashes) expect(h.phash).toMatch(/^[0-9a-f]{16}$/);
    for (const [what, make] of Object.entries(variants)) {
      for (const [i, b] of originals.slice(0, 4).entries()) {
        const copy = await imageHashes(await make(b));
        expect({ what, i, bits: hamming(copy.phash, hashes[i]!.phash) <= DEFAULT_MAX_BITS }).toEqual({ what, i, bits: true });
      }
    }
    let closest = 64;
    for (let i = 0; i < hashes.length; i++) for (let j = i + 1; j < hashes.length; j++) closest = Math.min(closest, hamming(hashes[i]!.phash, hashes[j]!.phash));
    expect(closest).toBeGreaterThan(DEFAULT_MAX_BITS);
  }, 30_000);

  it('group the copies of a picture across accounts, the first poster first, and leave single pictures out', async () => {
    const a = await picture(21);
    const b = await picture(22);
    const item = async (id: string, owner: string, takenAt: number, bytes: Buffer): Promise<HashedItem> => ({ id, owner, takenAt, phash: (await imageHashes(bytes)).phash });
    const items = [
      await item('3', 'carol', 300, await variants['resized to half']!(a)),
      await item('1', 'anna', 100, a),
      await item('2', 'bo', 200, await variants['a JPEG at quality 40']!(a)),
      await item('4', 'anna', 150, b),
    ];
    expect(reuseGroups(items).map((g) => ({ ids: g.items.map((i) => i.id), accounts: g.accounts }))).toEqual([{ ids: ['1', '2', '3'], accounts: 3 }]);
  });
});
