// The downloads panel end to end, in light and dark: records fetched through the app (a carousel, a
// video, a story and a profile picture of a world account) are queued, paused, resumed and saved; the
// files on disk carry the names docs/downloads.md promises, computed from the simulator's world; saving
// them again reports them skipped; a media host failing with 500 shows the error, and Retry saves the
// file once the fault is gone.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedItemArg } from '../../shared/ipc';
import { ANCHORS, type WorldUser } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { filesUnder, shotThemes, worldUser } from './support/page';
import { dateUtc, downloadsList, enqueue, fetchAccount, fetchStories, pickCarouselAndVideo, postFiles, saved } from './support/saved-items';

async function openDownloads(h: Harness): Promise<void> {
  await h.page.getByRole('button', { name: 'Downloads', exact: false }).first().click();
  await h.page.getByTestId('downloads').or(h.page.getByTestId('downloads-empty')).first().waitFor();
}

async function count(h: Harness, name: 'saved' | 'already saved' | 'downloading' | 'waiting' | 'failed'): Promise<number> {
  const span = h.page.getByTestId('downloads-counts').locator('span', { hasText: new RegExp(`^[\\d,.]+ ${name}$`) });
  return Number(await span.getAttribute('data-count'));
}

async function waitForCount(h: Harness, name: Parameters<typeof count>[1], expected: number, timeout = 15_000): Promise<void> {
  await h.page.getByTestId('downloads-counts').locator(`span[data-count="${expected}"]`, { hasText: new RegExp(`^[\\d,.]+ ${name}$`) }).waitFor({ timeout });
}

async function control(h: Harness, action: 'pause' | 'resume'): Promise<void> {
  await h.page.evaluate((a) => (window as unknown as { feedlens: { downloadsControl(x: unknown): Promise<unknown> } }).feedlens.downloadsControl({ action: a }), action);
}

for (const theme of ['light', 'dark'] as const) {
  describe(`downloads (${theme})`, () => {
    let h: Harness;
    let items: SavedItemArg[];
    /** Every file the items should give, relative to the download folder. */
    let expected: string[];
    let carouselFiles: string[];
    let account: WorldUser;

    beforeAll(async () => {
      h = await openHarness({ theme });
      account = worldUser(h, ANCHORS.big);
      const { profile, posts } = await fetchAccount(h, account.username, (p) => {
        const found = pickCarouselAndVideo(p);
        return !!found.carousel && !!found.video;
      });
      const { carousel, video } = pickCarouselAndVideo(posts);
      if (!carousel || !video) throw new Error('no carousel or video among the posts fetched');
      const [story] = await fetchStories(h, profile.record.id);
      if (!story) throw new Error(`${account.username} has no active story`);

      const world = h.sim.sim.world;
      const carouselMedia = world.mediaByPk.get(carousel.post.id);
      const videoMedia = world.mediaByPk.get(video.post.id);
      const worldStory = world.storyByPk.get(story.story.id);
      if (!carouselMedia || !videoMedia || !worldStory) throw new Error('the records are not in the world');
      expect(carouselMedia.children.length).toBeGreaterThanOrEqual(2);
      carouselFiles = postFiles(account, carouselMedia);
      const storyTime = story.story.takenAt ?? 0;
      expected = [
        ...carouselFiles,
        ...postFiles(account, videoMedia),
        `${account.username}/stories/${dateUtc(storyTime)}_UTC_${worldStory.code}.${worldStory.mediaType === 2 ? 'mp4' : 'png'}`,
        // A profile picture has no date: the time it was fetched stands in.
        `${account.username}/profile_pic/${dateUtc(Math.floor(profile.provenance.fetchedAt / 1000))}_UTC_${account.pk}.png`,
      ];
      items = [saved(carousel.post, carousel.provenance), saved(video.post, video.provenance), saved(story.story, story.provenance), saved(profile.record, profile.provenance)];
    });
    afterAll(() => stopHarness(h));

    it('says how to download when nothing is queued', async () => {
      await openDownloads(h);
      const empty = h.page.getByTestId('downloads-empty');
      await expect(empty.textContent()).resolves.toContain('then choose Download in the selection tray');
      await expect(empty.textContent()).resolves.toContain(h.core.downloadFolder());
      await h.page.getByTestId('downloads-open-folder').click();
      await expect.poll(() => h.revealed).toEqual([h.core.downloadFolder()]); // main makes the folder first, then reveals it
      await h.shot('downloads-empty');
    });

    it('queues the files paused, then saves every one after "Resume all"', async () => {
      await control(h, 'pause');
      const result = await enqueue(h, items);
      expect(result).toMatchObject({ queued: expected.length, skipped: 0 });
      expect(new Set(result.ids).size).toBe(expected.length);

      await h.page.locator('[data-testid=downloads][data-paused=true]').waitFor();
      await waitForCount(h, 'waiting', expected.length);
      const states = await h.page.getByTestId('download-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
      expect(states.length).toBeGreaterThan(0);
      expect(new Set(states)).toEqual(new Set(['paused']));
      await expect(h.page.getByTestId('downloads-summary').textContent()).resolves.toBe(`0 of ${expected.length} files saved · paused`);
      // Paused files are not "active": the sidebar shows no count.
      await expect(h.page.getByTestId('downloads-badge').count()).resolves.toBe(0);
      await h.shot('downloads-paused');

      await h.page.getByTestId('downloads-resume-all').click();
      await waitForCount(h, 'saved', expected.length);
      await h.page.getByTestId('downloads-pause-all').waitFor();
      await expect(h.page.getByRole('progressbar', { name: 'All downloads' }).getAttribute('aria-valuenow')).resolves.toBe('100');
      await expect(count(h, 'failed')).resolves.toBe(0);
      await expect(h.page.getByTestId('downloads-badge').count()).resolves.toBe(0);
      const rowStates = await h.page.getByTestId('download-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
      expect(new Set(rowStates)).toEqual(new Set(['done']));
      await h.shot('downloads-done');
    });

    it('saves the files under the documented names, dated as the world dates them, with no .part left', async () => {
      const folder = h.core.downloadFolder();
      const snapshot = await downloadsList(h);
      const savedPaths = snapshot.items.map((i) => i.path).sort();
      expect(savedPaths).toEqual(expected.map((rel) => join(folder, rel)).sort());
      const onDisk = filesUnder(folder);
      expect(onDisk.filter((f) => f.endsWith('.part'))).toEqual([]);
      for (const rel of expected) expect(onDisk).toContain(join(folder, rel));
      // A carousel's items are numbered _1.._N in order, each file's time is the post's.
      const media = h.sim.sim.world.mediaByCode.get(carouselFiles[0]!.split('_UTC_')[1]!.split('_')[0]!);
      expect(carouselFiles.map((f) => /_(\d+)\.\w+$/.exec(f)?.[1])).toEqual(media!.children.map((_, i) => String(i + 1)));
      for (const rel of carouselFiles) expect(Math.round(statSync(join(folder, rel)).mtimeMs / 1000)).toBe(media!.takenAt);
      // One sidecar per item, beside its files.
      const sidecar = join(folder, carouselFiles[0]!.replace(/_1\.\w+$/, '.json'));
      expect(onDisk).toContain(sidecar);
    });

    it('reports the same items as skipped when queued again, before and after "Clear finished"', async () => {
      await expect(enqueue(h, items)).resolves.toEqual({ queued: 0, skipped: expected.length, ids: [] });

      await h.page.getByTestId('downloads-clear').click();
      await h.page.getByTestId('downloads-empty').waitFor();

      // The archive remembers them: nothing is fetched again.
      await expect(enqueue(h, items)).resolves.toEqual({ queued: 0, skipped: expected.length, ids: [] });
      await waitForCount(h, 'already saved', expected.length);
      const rowStates = await h.page.getByTestId('download-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
      expect(new Set(rowStates)).toEqual(new Set(['skipped']));
      await expect(h.page.getByTestId('download-state').first().textContent()).resolves.toBe('Already saved');

      // "Show in folder" sends the saved file's path to main.
      const first = h.page.getByTestId('download-row').first();
      const file = await first.getByTestId('download-file').getAttribute('title');
      await first.getByTestId('download-reveal').click();
      await expect.poll(() => h.revealed.at(-1)).toBe(file);
      expect(expected.map((rel) => join(h.core.downloadFolder(), rel))).toContain(file);
      await h.shot('downloads-skipped');
    });
  });
}

describe('a failing media host', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness({ theme: 'light' });
  });
  afterAll(() => stopHarness(h));

  it('retries, shows the error, and Retry saves the file once the fault is cleared', async () => {
    const owner = worldUser(h, ANCHORS.business);
    const { posts } = await fetchAccount(h, owner.username, (p) => p.some((x) => x.post.mediaType === 'image'));
    const photo = posts.find((p) => p.post.mediaType === 'image');
    if (!photo) throw new Error('no photo');
    const media = h.sim.sim.world.mediaByPk.get(photo.post.id);
    if (!media) throw new Error('not in the world');
    const [expectedFile] = postFiles(owner, media);

    h.sim.sim.faults.set({ errorRate: { '/media/*': 1 }, errorStatus: 500 });
    await openDownloads(h);
    await expect(enqueue(h, [saved(photo.post, photo.provenance)])).resolves.toMatchObject({ queued: 1, skipped: 0 });

    // While it waits to try again, it is still downloading: the sidebar counts it.
    const row = h.page.getByTestId('download-row');
    await row.getByTestId('download-error').filter({ hasText: 'Trying again (attempt 2 of 4)' }).waitFor();
    await expect(row.getAttribute('data-state')).resolves.toBe('running');
    await expect(h.page.getByTestId('downloads-badge').textContent()).resolves.toBe('1');
    // Both themes from one run: the failure takes seconds of retries to reach.
    await shotThemes(h, 'downloads-retrying');

    await h.page.locator('[data-testid=download-row][data-state=failed]').waitFor({ timeout: 15_000 });
    await expect(row.getByTestId('download-error').textContent()).resolves.toBe('The media host answered HTTP 500.');
    await expect(count(h, 'failed')).resolves.toBe(1);
    await expect(h.page.getByTestId('downloads-retry-failed').textContent()).resolves.toContain('Retry failed (1)');
    await expect(h.page.getByTestId('downloads-badge').count()).resolves.toBe(0);
    await shotThemes(h, 'downloads-failed');

    h.sim.sim.faults.clear();
    await row.getByTestId('download-retry').click();
    await h.page.locator('[data-testid=download-row][data-state=done]').waitFor();
    const file = join(h.core.downloadFolder(), expectedFile!);
    expect(statSync(file).size).toBeGreaterThan(0);
    expect(filesUnder(h.core.downloadFolder()).filter((f) => f.endsWith('.part'))).toEqual([]);
    await expect(row.getByTestId('download-file').getAttribute('title')).resolves.toBe(file);
  });
});
