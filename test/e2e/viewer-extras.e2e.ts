// The story viewer and the post view, as a researcher reads them: the pause label never covers the
// frame (its stickers); a panel lists each sticker with what it says; a whole tray or highlight is
// selected or downloaded in one action; the highlights grid has select-all; the tagged-people button
// sits below the media, never over a video's controls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { answering, blurFocus, demoBalance, open, openAccount, shotSizes, worldUser } from './support/page';

/** Whether two elements' boxes overlap on screen. */
async function overlap(h: Harness, a: string, b: string): Promise<boolean> {
  return h.page.evaluate(
    ([x, y]) => {
      const r1 = document.querySelector(x as string)!.getBoundingClientRect();
      const r2 = document.querySelector(y as string)!.getBoundingClientRect();
      return r1.left < r2.right && r2.left < r1.right && r1.top < r2.bottom && r2.top < r1.bottom;
    },
    [a, b],
  );
}

describe('viewer and post view extras', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness();
  });
  afterAll(() => stopHarness(h));

  it('lists the stickers of a story with their details; the pause label stays off the frame', async () => {
    const world = h.sim.sim.world;
    const story = world.stories.find((s) => s.mentions.length > 0 && s.stickers.some((st) => !st.url) && s.ageSec !== null && !world.userByPk.get(s.ownerPk)?.isPrivate)!;
    const owner = world.userByPk.get(story.ownerPk)!;
    await open(h, `https://www.instagram.com/stories/${owner.username}/${story.pk}/`);
    await h.page.getByTestId('story-frame').waitFor();
    const panel = h.page.getByTestId('sticker-panel');
    const mentioned = world.userByPk.get(story.mentions[0]!.userPk)!;
    await expect(panel.locator('[data-kind=mention]').first().textContent()).resolves.toContain(`@${mentioned.username}`);
    expect(await panel.locator('[data-kind=sticker]').count()).toBe(story.stickers.filter((st) => !st.url).length);
    await blurFocus(h);
    await h.page.keyboard.press('Space');
    await h.page.getByTestId('viewer-paused').waitFor();
    expect(await h.page.getByTestId('story-frame').getByText('Paused').count()).toBe(0);
    expect(await overlap(h, '[data-testid=viewer-paused]', '[data-testid=story-frame]')).toBe(false);
    await shotSizes(h, 'viewer-stickers');
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
  });

  it('saves the story on show in one step, and says when it is saved', async () => {
    const world = h.sim.sim.world;
    const story = world.stories.find((s) => s.ageSec !== null && !world.userByPk.get(s.ownerPk)?.isPrivate)!;
    const owner = world.userByPk.get(story.ownerPk)!;
    await open(h, `https://www.instagram.com/stories/${owner.username}/${story.pk}/`);
    await h.page.getByTestId('story-frame').waitFor();
    await h.page.getByTestId('viewer-save-story').click();
    await expect.poll(() => h.page.getByTestId('viewer-save-outcome').textContent(), { timeout: 30_000 }).toMatch(/^\d+ files? saved$/);
    await expect(h.page.getByTestId('viewer-save-story').textContent()).resolves.toContain('Saved');
    const saved = await h.core.handlers.libraryList({ kind: 'story' }, { senderId: 1 });
    expect(saved.items.some((i) => i.id.includes(story.pk))).toBe(true);
    await shotSizes(h, 'viewer-saved');
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
  });

  it('selects and downloads a whole highlight in one action', async () => {
    const world = h.sim.sim.world;
    const big = worldUser(h, ANCHORS.big);
    const highlight = big.highlights.map((pk) => world.highlightByPk.get(pk)!).find((x) => x.items.length >= 3)!;
    await open(h, `https://www.instagram.com/stories/highlights/${highlight.pk}/`);
    await h.page.getByTestId('story-frame').waitFor();
    await h.page.getByTestId('viewer-select-all').click();
    await expect.poll(() => h.page.getByTestId('selection-tray').getAttribute('data-count')).toBe(String(highlight.items.length));
    await h.page.getByTestId('viewer-download-all').click();
    // Followed to the end: the files are saved, not "queued" for ever.
    await expect.poll(() => h.page.getByTestId('viewer-download-outcome').textContent(), { timeout: 30_000 }).toMatch(/^\d+ files saved$/);
    await h.page.getByTestId('tray-clear').click();
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
  });

  it('the highlights grid selects every story of every highlight in one action, saying its cost first', async () => {
    const world = h.sim.sim.world;
    const big = worldUser(h, ANCHORS.big);
    await openAccount(h, big.username);
    await answering(h, 'Spend 2 requests?', 'confirm', () => h.page.getByTestId('tab-highlights').click());
    await h.page.getByTestId('highlight').first().waitFor();
    const highlights = big.highlights.map((pk) => world.highlightByPk.get(pk)!);
    const button = h.page.getByTestId('select-all-highlights');
    // The highlight opened in the test before is in the cache: one request fewer.
    await expect(button.textContent().then((t) => t?.trim())).resolves.toBe(`Select all stories of ${highlights.length} highlights · ${highlights.length - 1} requests`);
    const before = await demoBalance(h);
    await button.click();
    const stories = highlights.reduce((n, x) => n + x.items.length, 0);
    await expect.poll(() => h.page.getByTestId('selection-tray').getAttribute('data-count')).toBe(String(stories));
    expect(before - (await demoBalance(h))).toBe(highlights.length - 1);
    await shotSizes(h, 'profile-highlights-selected');
    await h.page.getByTestId('tray-clear').click();
  });

  it('the tagged-people button sits below the media, never over a video\'s controls', async () => {
    const world = h.sim.sim.world;
    const m =
      world.media.find((x) => x.kind === 'video' && x.usertags.length > 0 && !world.userByPk.get(x.ownerPk)?.isPrivate) ??
      world.media.find((x) => x.kind === 'image' && x.usertags.length > 0 && !world.userByPk.get(x.ownerPk)?.isPrivate)!;
    await open(h, `https://www.instagram.com/p/${m.code}/`);
    await h.page.getByTestId('usertags-toggle').waitFor();
    expect(await h.page.locator('.stage-frame [data-testid=usertags-toggle]').count()).toBe(0);
    expect(await overlap(h, '[data-testid=usertags-toggle]', '.stage-frame')).toBe(false);
    await shotSizes(h, 'post-usertags');
  });
});
