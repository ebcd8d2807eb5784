// The story and highlight viewer against the simulator's world: a story link opens one story, "all
// stories" loads the owner's current stories (after confirming their cost) in the world's order; it
// auto-advances, pauses on Space, moves with the arrow keys, mutes with M, closes on Esc; a mention
// overlay opens the mentioned profile; a highlight link opens the highlight with the world's items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { ANCHORS, type WorldHighlight, type WorldStory, type WorldUser } from '../../electron/simulator/world/world';
import { startHarness, stopHarness, type Harness } from './harness/harness';
import { answering, callsTo, enterInOmnibox } from './support/page';

/**
 * A public account with at least 4 current stories: one (not first, not among the last two) mentions
 * someone, an image follows it before the last, and a video comes before the last.
 */
function pickStoryOwner(h: Harness): { owner: WorldUser; stories: WorldStory[]; mentionIndex: number; mentioned: WorldUser } {
  const world = h.sim.sim.world;
  for (const owner of world.users) {
    if (owner.isPrivate || owner.stories.length < 4) continue;
    const stories = owner.stories.map((pk) => world.storyByPk.get(pk)!);
    const mentionIndex = stories.findIndex((s, i) => i > 0 && i < stories.length - 2 && s.mentions.length > 0);
    const imageAfter = stories.slice(mentionIndex + 1, -1).some((s) => s.mediaType === 1);
    const video = stories.slice(0, -1).some((s) => s.mediaType === 2);
    if (mentionIndex >= 0 && imageAfter && video) {
      const mentioned = world.userByPk.get(stories[mentionIndex]!.mentions[0]!.userPk)!;
      return { owner, stories, mentionIndex, mentioned };
    }
  }
  throw new Error('the world has no account with a suitable story');
}

async function position(h: Harness): Promise<string> {
  return (await h.page.getByTestId('viewer-position').textContent()) ?? '';
}

async function storyId(h: Harness): Promise<string | null> {
  return h.page.getByTestId('story-frame').getAttribute('data-story-id');
}

async function waitForPosition(h: Harness, text: string, timeout = 10_000): Promise<void> {
  await h.page.getByTestId('viewer-position').filter({ hasText: new RegExp(`^${text}$`) }).waitFor({ timeout });
}

/** Moves with the arrow keys until the viewer shows the story at `index` (0-based). */
async function goTo(h: Harness, index: number, count: number): Promise<void> {
  for (let guard = 0; guard < count + 2; guard++) {
    const shown = Number((await position(h)).split(' of ')[0]) - 1;
    if (shown === index) return;
    await h.page.keyboard.press(shown < index ? 'ArrowRight' : 'ArrowLeft');
    await waitForPosition(h, `${shown < index ? shown + 2 : shown} of ${count}`);
  }
  throw new Error(`could not reach story ${index}`);
}

/** How far the segment of story `index` is filled (0..1): the value the viewer set, not the CSS transition's frame. */
async function filled(h: Harness, index: number): Promise<number> {
  const transform = await h.page.getByTestId('story-segment').nth(index).locator('div').evaluate((el) => (el as HTMLElement).style.transform);
  return Number(/scaleX\(([\d.e-]+)\)/.exec(transform)?.[1] ?? NaN);
}

async function isVisible(locator: Locator): Promise<boolean> {
  return (await locator.count()) > 0 && locator.first().isVisible();
}

for (const theme of ['light', 'dark'] as const) {
  describe(`story and highlight viewer (${theme})`, () => {
    let h: Harness;
    let pick: ReturnType<typeof pickStoryOwner>;
    const mediaRequests: string[] = [];

    beforeAll(async () => {
      h = await startHarness({ theme });
      // Playwright's clock: time flows as usual, and a test can pause it or jump it forward (the viewer's
      // 5-second stories, pauses) instead of waiting on the wall clock.
      await h.page.clock.install();
      await h.open();
      pick = pickStoryOwner(h);
      h.page.on('request', (r) => {
        const u = new URL(r.url()).searchParams.get('u');
        if (u) mediaRequests.push(u);
      });
    });
    afterAll(() => stopHarness(h));

    it('opens one story from its link, with its owner, times and a mention overlay', async () => {
      const story = pick.stories[pick.mentionIndex]!;
      await enterInOmnibox(h, `https://www.instagram.com/stories/${pick.owner.username}/${story.pk}/`);
      await waitForPosition(h, '1 of 1');
      expect(await storyId(h)).toBe(story.pk);
      expect(await h.page.getByTestId('viewer-owner').textContent()).toBe(pick.owner.username);
      // Stories show how long ago they were posted and how long they have left (24 h after taken_at).
      const ageHours = Math.floor((story.ageSec ?? 0) / 3600);
      const posted = (await h.page.getByTestId('viewer-posted').textContent()) ?? '';
      expect(posted).toBe(ageHours === 0 ? `${Math.floor((story.ageSec ?? 0) / 60)} min ago` : `${ageHours} h ago`);
      const leftHours = Math.floor((86_400 - (story.ageSec ?? 0)) / 3600);
      expect(await h.page.getByTestId('viewer-time-left').textContent()).toMatch(new RegExp(`^ · ${leftHours === 0 ? '' : `${leftHours} h`}`));
      const mention = h.page.getByTestId('overlay-mention').first();
      expect(await mention.getAttribute('aria-label')).toBe(`Open the profile of @${pick.mentioned.username}`);
      expect(await mention.textContent()).toContain(`@${pick.mentioned.username}`);
      // One story from a link is one request.
      const calls = callsTo(h).map((c) => c.path);
      expect(calls).toContain('/v1/story/by/url');
      await h.page.keyboard.press('Space');
      await h.shot('viewer-story');
      await h.page.keyboard.press('Space');
    });

    it("loads all of the owner's stories after confirming their cost, in the world's order", async () => {
      await answering(h, 'Spend 2 requests?', 'confirm', () => h.page.getByTestId('viewer-load-all').click());
      const count = pick.stories.length;
      await waitForPosition(h, `${pick.mentionIndex + 1} of ${count}`);
      expect(await storyId(h)).toBe(pick.stories[pick.mentionIndex]!.pk);
      expect(await h.page.getByTestId('story-segment').count()).toBe(count);
      // Arrow keys walk the world's order.
      await h.page.keyboard.press('ArrowRight');
      await waitForPosition(h, `${pick.mentionIndex + 2} of ${count}`);
      expect(await storyId(h)).toBe(pick.stories[pick.mentionIndex + 1]!.pk);
      await h.page.keyboard.press('ArrowLeft');
      await h.page.keyboard.press('ArrowLeft');
      await waitForPosition(h, `${pick.mentionIndex} of ${count}`);
      expect(await storyId(h)).toBe(pick.stories[pick.mentionIndex - 1]!.pk);
      await h.shot('viewer-stories');
    });

    it('preloads the next story and auto-advances an image after 5 seconds', async () => {
      const count = pick.stories.length;
      const imageIndex = pick.stories.findIndex((s, i) => i > pick.mentionIndex && i < count - 1 && s.mediaType === 1);
      await goTo(h, imageIndex, count);
      const next = pick.stories[imageIndex + 1]!;
      await expect.poll(() => mediaRequests.some((u) => u.includes(next.pk)), { timeout: 5000 }).toBe(true);
      // Its 5 s count from when the picture shows: the clock only moves when told, from then on.
      // (A second ahead: the page's Date may lag the clock's own time a little.)
      await h.page.clock.pauseAt((await h.page.evaluate(() => Date.now())) + 1000);
      try {
        await h.page.keyboard.press('ArrowLeft');
        await goTo(h, imageIndex, count);
        const step = async () => {
          await h.page.clock.runFor(50);
          return filled(h, imageIndex);
        };
        await expect.poll(step).toBeGreaterThan(0); // shown: its time runs
        const atStart = await filled(h, imageIndex);
        expect(atStart).toBeLessThan(0.1);
        await h.page.clock.runFor(4400);
        expect(await position(h)).toBe(`${imageIndex + 1} of ${count}`);
        expect(await filled(h, imageIndex)).toBeGreaterThan(0.85);
        await h.page.clock.runFor(600);
        await waitForPosition(h, `${imageIndex + 2} of ${count}`);
      } finally {
        await h.page.clock.resume();
      }
    });

    it('pauses on Space and resumes where it was', async () => {
      const count = pick.stories.length;
      const imageIndex = pick.stories.findIndex((s, i) => i > pick.mentionIndex && i < count - 1 && s.mediaType === 1);
      await goTo(h, imageIndex, count);
      await h.page.keyboard.press('Space');
      expect(await h.page.getByTestId('viewer-pause').getAttribute('aria-pressed')).toBe('true');
      const paused = await filled(h, imageIndex);
      await h.page.clock.runFor(6500); // longer than a story, at once
      expect(await position(h)).toBe(`${imageIndex + 1} of ${count}`);
      expect(await filled(h, imageIndex)).toBe(paused);
      await h.shot('viewer-paused');
      await h.page.keyboard.press('Space');
      expect(await h.page.getByTestId('viewer-pause').getAttribute('aria-pressed')).toBe('false');
      await waitForPosition(h, `${imageIndex + 2} of ${count}`, 9000);
    });

    it('pauses while the frame is held, and a long press does not change the story', async () => {
      const count = pick.stories.length;
      const imageIndex = pick.stories.findIndex((s, i) => i > pick.mentionIndex && i < count - 1 && s.mediaType === 1);
      await goTo(h, imageIndex, count);
      const fill = () => filled(h, imageIndex);
      const frame = (await h.page.getByTestId('story-frame').boundingBox())!;
      await expect.poll(() => filled(h, imageIndex)).toBeGreaterThan(0.05); // it plays
      // The top band, right of the name and left of the buttons: no overlay can sit there.
      await h.page.mouse.move(frame.x + frame.width * 0.6, frame.y + 60);
      await h.page.mouse.down();
      // The tick dispatched just before the press may still be rendering: read once the value stays.
      const steady = async () => {
        const before = await fill();
        await h.page.clock.runFor(100);
        return (await fill()) === before;
      };
      await expect.poll(steady).toBe(true);
      const held = await fill();
      await h.page.clock.runFor(1500);
      expect(await fill()).toBe(held);
      expect(held).toBeGreaterThan(0);
      await h.page.mouse.up();
      expect(await position(h)).toBe(`${imageIndex + 1} of ${count}`);
      await expect.poll(fill, { timeout: 3000 }).toBeGreaterThan(held + 0.1);
    });

    it('plays a video for its length and mutes with M', async () => {
      const count = pick.stories.length;
      const videoIndex = pick.stories.findIndex((s, i) => i < count - 1 && s.mediaType === 2);
      await goTo(h, videoIndex, count);
      const video = h.page.getByTestId('story-video');
      await video.waitFor();
      const muted = await h.page.getByTestId('viewer-mute').getAttribute('aria-pressed');
      await h.page.keyboard.press('m');
      expect(await h.page.getByTestId('viewer-mute').getAttribute('aria-pressed')).toBe(muted === 'true' ? 'false' : 'true');
      // The simulator's portrait video lasts 6 s: the viewer moves on when it ends.
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 5000 }).toBeGreaterThan(5);
      await waitForPosition(h, `${videoIndex + 2} of ${count}`, 12_000);
    });

    it('opens the mentioned profile from the overlay, and Back returns to the same story', async () => {
      const count = pick.stories.length;
      await goTo(h, pick.mentionIndex, count);
      await h.page.getByTestId('overlay-mention').first().click();
      await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
      await h.page.locator('#content').getByText(pick.mentioned.username, { exact: false }).first().waitFor();
      await h.page.getByRole('button', { name: 'Back' }).click();
      await waitForPosition(h, `${pick.mentionIndex + 1} of ${count}`);
      expect(await storyId(h)).toBe(pick.stories[pick.mentionIndex]!.pk);
    });

    it('closes on Esc', async () => {
      await h.page.keyboard.press('Escape');
      await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
      expect(await isVisible(h.page.locator('.app'))).toBe(true);
    });

    it("opens a highlight from its link with the world's items, and ends after the last", async () => {
      const world = h.sim.sim.world;
      const big = world.userByName.get(ANCHORS.big)!;
      const highlight: WorldHighlight = big.highlights.map((pk) => world.highlightByPk.get(pk)!).find((x) => x.items.length >= 3)!;
      await enterInOmnibox(h, `https://www.instagram.com/stories/highlights/${highlight.pk}/`);
      const count = highlight.items.length;
      await waitForPosition(h, `1 of ${count}`);
      expect(await h.page.getByTestId('story-segment').count()).toBe(count);
      expect(await storyId(h)).toBe(highlight.items[0]);
      expect(await h.page.getByText(highlight.title, { exact: true }).count()).toBeGreaterThan(0);
      // Archived stories: posted time, no time left.
      expect(await isVisible(h.page.getByTestId('viewer-time-left'))).toBe(false);
      const call = callsTo(h).at(-1);
      expect(call).toMatchObject({ path: '/v2/highlight/by/id', params: { id: highlight.pk } });
      await h.page.keyboard.press('Space');
      await h.shot('viewer-highlight');
      for (let i = 0; i < count; i++) await h.page.keyboard.press('ArrowRight');
      await h.page.getByTestId('viewer-end').waitFor();
      expect(await position(h)).toBe(`${count} of ${count}`);
      await h.shot('viewer-end');
      await h.page.keyboard.press('Escape');
      await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
    });

    it('opens stories and highlights from share links (resolved through the service)', async () => {
      const world = h.sim.sim.world;
      const big = world.userByName.get(ANCHORS.big)!;
      const code = (text: string) => Buffer.from(text).toString('base64url');
      const calls = () => callsTo(h).map((c) => c.path);
      // A story share link names only the story: the viewer fetches that one story by id.
      await enterInOmnibox(h, `https://www.instagram.com/s/${code(`story:${big.stories[0]}`)}`);
      await waitForPosition(h, '1 of 1');
      expect(await storyId(h)).toBe(big.stories[0]);
      expect(await h.page.getByTestId('viewer-owner').textContent()).toBe(big.username);
      expect(calls().slice(-2)).toEqual(['/v1/share/by/url', '/v1/story/by/id']);
      await h.page.keyboard.press('Escape');
      await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
      // When the owner's stories were already loaded (free from the cache), they are all shown at once.
      const before = calls().filter((p) => p === '/v1/user/stories').length;
      await enterInOmnibox(h, `https://www.instagram.com/s/${code(`story:${pick.stories[1]!.pk}`)}`);
      await waitForPosition(h, `2 of ${pick.stories.length}`);
      expect(await storyId(h)).toBe(pick.stories[1]!.pk);
      expect(calls().filter((p) => p === '/v1/user/stories').length).toBe(before);
      await h.page.keyboard.press('Escape');
      await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
      const highlight = world.highlightByPk.get(big.highlights.at(-1)!)!;
      await enterInOmnibox(h, `https://www.instagram.com/s/${code(`highlight:${highlight.pk}`)}`);
      await waitForPosition(h, `1 of ${highlight.items.length}`);
      expect(await storyId(h)).toBe(highlight.items[0]);
      await h.page.keyboard.press('Escape');
      await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
    });

    it("opens from a profile's stories (no second charge) and highlights", async () => {
      const world = h.sim.sim.world;
      const big = world.userByName.get(ANCHORS.big)!;
      await enterInOmnibox(h, `@${big.username}`);
      await answering(h, 'Spend 2 requests?', 'confirm', () => h.page.getByTestId('tab-stories').click());
      const questions = h.asks.asked.length;
      const cards = h.page.getByTestId('story-card');
      await expect.poll(() => cards.count()).toBe(big.stories.length);
      const storyCalls = () => callsTo(h, '/v1/user/stories').length;
      const before = storyCalls();
      await cards.nth(2).click();
      await waitForPosition(h, `3 of ${big.stories.length}`);
      expect(await storyId(h)).toBe(big.stories[2]);
      // The viewer reads the same answer the tab already paid for.
      expect(storyCalls()).toBe(before);
      expect(h.asks.asked).toHaveLength(questions); // no second question either
      await h.page.keyboard.press('Escape');
      await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
      await answering(h, 'Spend 2 requests?', 'confirm', () => h.page.getByTestId('tab-highlights').click());
      const first = h.page.getByTestId('highlight').first();
      const pk = (await first.getAttribute('data-pk'))!;
      await first.click();
      await waitForPosition(h, `1 of ${world.highlightByPk.get(pk)!.items.length}`);
      await h.page.keyboard.press('Escape');
      await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
    });

    it('explains a private account and a story that does not exist', async () => {
      const world = h.sim.sim.world;
      const secret = world.userByName.get(ANCHORS.private)!;
      await enterInOmnibox(h, `https://www.instagram.com/stories/${secret.username}/${secret.stories[0]}/`);
      const error = h.page.locator('.viewer [data-error-kind]');
      await error.waitFor();
      expect(await error.getAttribute('data-error-kind')).toBe('private');
      await h.shot('viewer-private');
      await h.page.keyboard.press('Escape');
      await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
      await enterInOmnibox(h, `https://www.instagram.com/stories/${pick.owner.username}/1234567890123456789/`);
      await error.waitFor();
      expect(await error.getAttribute('data-error-kind')).toBe('not_found');
      await h.shot('viewer-not-found');
      await h.page.keyboard.press('Escape');
    });
  });
}
