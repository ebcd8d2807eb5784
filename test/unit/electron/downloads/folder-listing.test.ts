import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { existsByListing } from '../../../../electron/downloads/folder-listing';
import { isFile as exists } from '../../../../electron/storage/is-file';
import { tempDir } from './support';

describe('existsByListing', () => {
  const dirs: { remove: () => void }[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => d.remove()));
  const folder = () => {
    const d = tempDir('listing');
    dirs.push(d);
    return d.path;
  };
  /** The plain check, counting the paths it was asked about. */
  const counted = () => {
    const asked: string[] = [];
    return { asked, exists: (path: string) => (asked.push(path), exists(path)) };
  };

  it('answers as a stat would: a file is there, a missing name or a folder of that name is not', async () => {
    const root = folder();
    writeFileSync(join(root, 'a.jpg'), 'x');
    mkdirSync(join(root, 'b.jpg'));
    const paths = ['a.jpg', 'b.jpg', 'c.jpg'].map((n) => join(root, n));
    const plain = counted();
    const isThere = await existsByListing(paths, plain.exists);
    expect(await Promise.all(paths.map(isThere))).toEqual([true, false, false]);
    // Only the names the listing holds are stat'ed.
    expect(plain.asked).toEqual([join(root, 'a.jpg'), join(root, 'b.jpg')]);
  });

  it('a folder not made yet holds nothing, and nothing in it is stat\'ed', async () => {
    const root = join(folder(), 'new', 'person');
    const paths = ['1.jpg', '2.jpg', '3.jpg'].map((n) => join(root, n));
    const plain = counted();
    const isThere = await existsByListing(paths, plain.exists);
    expect(await Promise.all(paths.map(isThere))).toEqual([false, false, false]);
    expect(plain.asked).toEqual([]);
  });

  it('a folder with a single path, or a path not given at first, keeps the plain check', async () => {
    const root = folder();
    mkdirSync(join(root, 'one'));
    mkdirSync(join(root, 'two'));
    writeFileSync(join(root, 'one', 'a.jpg'), 'x');
    writeFileSync(join(root, 'two', 'late.jpg'), 'x');
    const plain = counted();
    const isThere = await existsByListing([join(root, 'one', 'a.jpg'), join(root, 'two', 'x.jpg'), join(root, 'two', 'y.jpg')], plain.exists);
    expect(await isThere(join(root, 'one', 'a.jpg'))).toBe(true);
    expect(await isThere(join(root, 'elsewhere.jpg'))).toBe(false);
    expect(await isThere(join(root, 'two', 'x.jpg'))).toBe(false);
    expect(await isThere(join(root, 'two', 'late.jpg'))).toBe(true);
    // 'one' (a single path) and the path outside the listed folders are stat'ed; in 'two' only the listed name.
    expect(plain.asked).toEqual([join(root, 'one', 'a.jpg'), join(root, 'elsewhere.jpg'), join(root, 'two', 'late.jpg')]);
  });
});
