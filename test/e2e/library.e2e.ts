// The library end to end, in light and dark: items of two world accounts are saved through the app, then
// browsed offline. The accounts list counts what was saved per account, the grid is newest first, the
// kind filter works, a saved carousel opens from disk (its images at the world's exact pixel sizes, in
// `_1.._N` order), and "Rebuild index" after the index file is deleted gives back the same items.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryItem, Result, SavedItemArg } from '../../shared/ipc';
import { ANCHORS, type WorldMedia, type WorldUser } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { callsTo, worldUser } from './support/page';
import { enqueue, fetchAccount, fetchStories, pickCarouselAndVideo, postFiles, saved, waitIdle } from './support/saved-items';

async function libraryIds(h: Harness): Promise<string[]> {
  const result = await h.page.evaluate(() =>
    (window as unknown as { feedlens: { libraryList(a: unknown): Promise<Result<{ items: LibraryItem[] }>> } }).feedlens.libraryList({ limit: 5000 }),
  );
  if (!result.ok) throw new Error(result.error.message);
  return result.value.items.map((i) => i.id);
}


for (const theme of ['light', 'dark'] as const) {
  describe(`library (${theme})`, () => {
    let h: Harness;
    let big: WorldUser;
    let cafe: WorldUser;
    let carousel: WorldMedia;
    /** Item ids expected per account, newest first (the profile picture, undated, last). */
    let expectedIds: Map<string, string[]>;
    let callsBefore = 0;

    beforeAll(async () => {
      h = await openHarness({ theme });
      const world = h.sim.sim.world;
      big = worldUser(h, ANCHORS.big);
      cafe = worldUser(h, ANCHORS.business);

      const a = await fetchAccount(h, big.username, (p) => {
        const found = pickCarouselAndVideo(p);
        return !!found.carousel && !!found.video;
      });
      const picked = pickCarouselAndVideo(a.posts);
      if (!picked.carousel || !picked.video) throw new Error('no carousel or video');
      const [story] = await fetchStories(h, a.profile.record.id);
      if (!story) throw new Error('no story');
      const b = await fetchAccount(h, cafe.username, (p) => p.length >= 2);
      const cafePosts = b.posts.slice(0, 2);

      carousel = world.mediaByPk.get(picked.carousel.post.id) as WorldMedia;
      const items: SavedItemArg[] = [
        saved(picked.carousel.post, picked.carousel.provenance),
        saved(picked.video.post, picked.video.provenance),
        saved(story.story, story.provenance),
        saved(a.profile.record, a.profile.provenance),
        ...cafePosts.map((p) => saved(p.post, p.provenance)),
      ];
      await enqueue(h, items);
      await waitIdle(h);

      const dated = (list: { id: string; takenAt: number }[]) => [...list].sort((x, y) => y.takenAt - x.takenAt).map((x) => x.id);
      expectedIds = new Map([
        [
          big.username,
          [
            ...dated([
              { id: `post:${carousel.pk}`, takenAt: carousel.takenAt },
              { id: `post:${picked.video.post.id}`, takenAt: (world.mediaByPk.get(picked.video.post.id) as WorldMedia).takenAt },
              { id: `story:${story.story.id}`, takenAt: story.story.takenAt ?? 0 },
            ]),
            `profile:${big.pk}:`,
          ],
        ],
        [cafe.username, dated(cafePosts.map((p) => ({ id: `post:${p.post.id}`, takenAt: (world.mediaByPk.get(p.post.id) as WorldMedia).takenAt })))],
      ]);
      // Items enter the library as their sidecars are written, just after their last file.
      for (let i = 0; i < 100 && (await libraryIds(h)).length < 6; i++) await new Promise((done) => setTimeout(done, 100));
      callsBefore = callsTo(h).length;
    });
    afterAll(() => stopHarness(h));

    it('lists the saved items by account with their counts, newest first', async () => {
      await h.page.getByRole('button', { name: 'Library' }).click();
      await h.page.getByTestId('library-account').first().waitFor();
      const accounts = await h.page.getByTestId('library-account').evaluateAll((els) => els.map((e) => [e.getAttribute('data-username'), e.querySelector('[data-count]')?.getAttribute('data-count')]));
      expect(Object.fromEntries(accounts)).toEqual({ [big.username]: '4', [cafe.username]: '2' });
      await expect(h.page.getByTestId('library-account-all').locator('[data-count]').getAttribute('data-count')).resolves.toBe('6');

      await h.page.locator(`[data-testid=library-account][data-username="${big.username}"]`).click();
      await h.page.locator('[data-testid=library-cell]').nth(3).waitFor();
      const ids = await h.page.getByTestId('library-cell').evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? ''));
      const expected = expectedIds.get(big.username) ?? [];
      expect(ids.slice(0, 3)).toEqual(expected.slice(0, 3));
      expect(ids[3]).toMatch(new RegExp(`^${expected[3]}`));
      // Each cell says the day the media was taken (UTC, as in the file names).
      const cell = h.page.locator(`[data-testid=library-cell][data-id="post:${carousel.pk}"]`);
      await expect(cell.textContent()).resolves.toContain(new Date(carousel.takenAt * 1000).toISOString().slice(0, 10));
      await expect(h.page.getByTestId('library-footer').textContent()).resolves.toContain('4 of 4 items');
      await h.shot('library');
    });

    it('filters by kind', async () => {
      await h.page.getByTestId('tab-story').click();
      await expect.poll(() => h.page.getByTestId('library-cell').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['story']);
      await expect(h.page.getByTestId('tab-story').textContent()).resolves.toBe('Stories1');
      await h.page.getByTestId('tab-profile').click();
      await expect.poll(() => h.page.getByTestId('library-cell').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['profile']);
      await h.page.getByTestId('tab-all').click();
      await h.page.locator('[data-testid=library-cell]').nth(3).waitFor();
    });

    it('opens a saved carousel from disk, item by item, with what its sidecar says', async () => {
      await h.page.locator(`[data-testid=library-cell][data-id="post:${carousel.pk}"]`).click();
      const viewer = h.page.getByTestId('library-viewer');
      await viewer.waitFor();
      const files = postFiles(big, carousel).map((f) => basename(f));
      await expect(viewer.getByTestId('library-files').locator('li').allTextContents()).resolves.toEqual(files);
      await expect(viewer.getByTestId('library-caption').textContent()).resolves.toBe(carousel.caption);
      await expect(viewer.getByTestId('library-endpoint').textContent()).resolves.toBe('/v1/user/medias/chunk');

      for (const [i, child] of carousel.children.entries()) {
        await expect(viewer.getByTestId('library-position').textContent()).resolves.toBe(`${i + 1} / ${carousel.children.length}`);
        const expectedPath = join(h.core.downloadFolder(), big.username, files[i]!);
        if (child.mediaType === 1) {
          // The saved PNG itself, served from disk: the world's exact pixel size.
          const img = viewer.getByTestId('library-image');
          await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(child.width);
          await expect(img.evaluate((el: HTMLImageElement) => el.naturalHeight)).resolves.toBe(child.height);
          // Shown whole: the picture's box stays inside the frame (letterboxed, never cropped).
          const [box, frame] = await Promise.all([img.boundingBox(), viewer.locator('.lib-frame').boundingBox()]);
          expect(box!.height).toBeLessThanOrEqual(frame!.height + 0.5);
          expect(box!.width).toBeLessThanOrEqual(frame!.width + 0.5);
          const src = decodeURIComponent(new URL((await img.getAttribute('src')) ?? '').searchParams.get('u') ?? '');
          expect(new URL(src).protocol).toBe('file:');
          expect(decodeURIComponent(new URL(src).pathname)).toBe(expectedPath);
          if (i === carousel.children.findIndex((c) => c.mediaType === 1)) {
            await h.shot('library-viewer');
          }
        } else {
          const video = viewer.getByTestId('library-video');
          await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState >= 1 && el.videoWidth > 0)).toBe(true);
        }
        if (i === 0) {
          await viewer.getByTestId('library-reveal').click();
          await expect.poll(() => h.revealed.at(-1)).toBe(expectedPath);
        }
        await h.page.keyboard.press('ArrowRight');
      }
      await h.page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
    });

    it('calls nothing while browsing', () => {
      expect(callsTo(h).length).toBe(callsBefore);
    });

    it('rebuilds the same index from the sidecars after the index file is lost', async () => {
      const before = (await libraryIds(h)).sort();
      const indexFile = join(h.dataDir, 'library', 'index.json');
      // The index is written shortly after each save (debounced), and again after a rebuild, not awaited.
      await expect.poll(() => existsSync(indexFile)).toBe(true);
      rmSync(indexFile);

      await h.page.getByTestId('library-rebuild').click();
      await expect(h.page.getByTestId('library-rebuilt').textContent()).resolves.toContain('6 items');
      expect((await libraryIds(h)).sort()).toEqual(before);
      const writtenIds = () => {
        if (!existsSync(indexFile)) return null;
        const written = JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: { item: { id: string } }[] };
        return written.entries.map((e) => e.item.id).sort();
      };
      await expect.poll(writtenIds).toEqual(before);
      await h.page.locator('[data-testid=library-cell]').nth(3).waitFor();
      await h.shot('library-rebuilt');
    });
  });
}
