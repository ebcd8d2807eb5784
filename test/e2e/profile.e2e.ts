// The profile screen end to end, in light and dark: what it shows is compared with the simulator's world
// (names, counts, order, paging to the end), and what it spends with the simulator's balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS, storyTakenAt, type WorldUser } from '../../electron/simulator/world/world';
import { closeBrowser, startHarness, type Harness } from './harness/harness';

const OMNIBOX = 'Open a link, @handle, #hashtag or search';

function user(h: Harness, username: string): WorldUser {
  const u = h.sim.sim.world.userByName.get(username);
  if (!u) throw new Error(`no ${username} in the world`);
  return u;
}

async function balance(h: Harness): Promise<number> {
  const value = await h.sim.sim.keys.balance(h.sim.sim.demoKey);
  if (value === null || value === undefined) throw new Error('no demo balance');
  return value;
}

/** Calls the renderer sent to main for one endpoint (cache hits included). */
function callsTo(h: Harness, path: string, userId?: string) {
  return h.bridge.filter((b) => {
    if (b.direction !== 'to-main' || b.channel !== 'feedlens:call') return false;
    const payload = b.payload as { path?: string; params?: Record<string, unknown> };
    return payload.path === path && (userId === undefined || payload.params?.user_id === userId);
  });
}

async function openProfile(h: Harness, username: string): Promise<void> {
  const box = h.page.getByRole('textbox', { name: OMNIBOX });
  await box.fill(`@${username}`);
  await box.press('Enter');
  await h.page.getByTestId('profile-username').filter({ hasText: username }).waitFor();
  // Blur the omnibox so page keys ('/', arrows) reach the page.
  await h.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function openTab(h: Harness, tab: string): Promise<void> {
  await h.page.getByTestId(`tab-${tab}`).click();
  await h.page.locator(`[data-testid=profile-panel][data-tab=${tab}]`).waitFor();
}

/**
 * Scrolls the page's scroller down step by step until the list's footer says "End of list", reading
 * `attr` of every `selector` element on the way, by its virtual index (rows leave the DOM when off screen).
 */
async function readToEnd(h: Harness, selector: string, attr: string): Promise<string[]> {
  await h.page.locator('[data-testid=list-footer], [data-testid=list-empty]').first().waitFor();
  const seen = new Map<number, string>();
  for (let step = 0; step < 600; step++) {
    const rows = await h.page.$$eval(
      selector,
      (els, name) => els.map((e) => [Number(e.closest<HTMLElement>('[data-index]')?.dataset.index ?? -1), e.getAttribute(name) ?? ''] as const),
      attr,
    );
    for (const [i, v] of rows) seen.set(i, v);
    const state = await h.page.evaluate(() => {
      const c = document.getElementById('content') as HTMLElement;
      const footer = document.querySelector('[data-testid=list-footer]');
      return { bottom: c.scrollTop + c.clientHeight >= c.scrollHeight - 2, end: footer?.getAttribute('data-end') === 'true' };
    });
    if (state.end && state.bottom) break;
    await h.page.evaluate(() => document.getElementById('content')?.scrollBy(0, Math.round(window.innerHeight * 0.6)));
    await h.page.waitForTimeout(40);
  }
  const indexes = [...seen.keys()].sort((a, b) => a - b);
  expect(indexes).toEqual(indexes.map((_, i) => i)); // every row was seen, none skipped
  return indexes.map((i) => seen.get(i) ?? '');
}

/** Waits until the images on screen have loaded, so screenshots show what a user sees. */
async function shot(h: Harness, name: string): Promise<void> {
  await h.page
    .waitForFunction(
      () =>
        [...document.images].every((img) => {
          const r = img.getBoundingClientRect();
          return r.bottom < 0 || r.top > window.innerHeight || (img.complete && img.naturalWidth > 0);
        }),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  // Loaded is not painted: images decode asynchronously, then need a frame.
  await h.page.evaluate(async () => {
    const onScreen = [...document.images].filter((img) => {
      const r = img.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    });
    const decoded = Promise.all(onScreen.map((img) => img.decode().catch(() => undefined)));
    await Promise.race([decoded, new Promise((done) => setTimeout(done, 3000))]);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  await h.shot(name);
}

async function scrollTop(h: Harness): Promise<void> {
  await h.page.evaluate(() => document.getElementById('content')?.scrollTo(0, 0));
  await h.page.waitForTimeout(100);
}

for (const theme of ['light', 'dark'] as const) {
  describe(`profile (${theme})`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ theme });
      await h.open();
    });
    afterAll(async () => {
      await h?.close();
      await closeBrowser();
    });

    it('shows the header of the business account as the world has it', async () => {
      const u = user(h, ANCHORS.business);
      await openProfile(h, u.username);
      const page = h.page;
      await expect(page.getByTestId('profile-fullname').textContent()).resolves.toBe(u.fullName);
      await expect(page.getByTestId('profile-category').textContent()).resolves.toContain(u.category);
      await expect(page.getByTestId('count-posts').getAttribute('data-count')).resolves.toBe(String(u.posts.length));
      await expect(page.getByTestId('count-followers').getAttribute('data-count')).resolves.toBe(String(u.followers.length));
      await expect(page.getByTestId('count-following').getAttribute('data-count')).resolves.toBe(String(u.following.length));
      // Exact numbers on hover.
      await expect(page.getByTestId('count-following').getAttribute('title')).resolves.toBe(`${u.following.length.toLocaleString('en-US')} following`);
      await expect(page.getByTestId('profile-bio').textContent()).resolves.toBe(u.biography);
      const contacts = await page.getByTestId('profile-contacts').textContent();
      expect(contacts).toContain(u.contact?.email);
      expect(contacts).toContain(u.contact?.phone);
      expect(contacts).toContain(u.contact?.street);
      // Tabs billed 2 show their cost before anything is opened.
      await expect(page.getByTestId('tab-stories').getByTestId('cost-badge').textContent()).resolves.toBe('2 req');
      await expect(page.getByTestId('tab-highlights').getByTestId('cost-badge').textContent()).resolves.toBe('2 req');
      await expect(page.getByTestId('tab-posts').getByTestId('cost-badge').count()).resolves.toBe(0);
      await shot(h, 'profile');
    });

    it('opens "About this account" only on request, for 1 request', async () => {
      const u = user(h, ANCHORS.business);
      expect(callsTo(h, '/v1/user/about')).toHaveLength(0);
      const before = await balance(h);
      await h.page.getByTestId('about-open').click();
      await h.page.getByTestId('about').waitFor();
      await expect(h.page.getByTestId('about-country').textContent()).resolves.toBe(u.country);
      await expect(h.page.getByTestId('about-joined').textContent()).resolves.toBe(u.joined);
      await expect(h.page.getByTestId('about-former').textContent()).resolves.toBe(u.formerUsernames ? `@${u.formerUsernames}` : 'None');
      expect(await balance(h)).toBe(before - 1);
      await shot(h, 'profile-about');
    });

    it('pages the posts grid to the end: exactly the world\'s posts, in order', async () => {
      const u = user(h, ANCHORS.business);
      const codes = await readToEnd(h, '[data-testid=post-grid] [data-testid=post-cell]', 'data-code');
      const expected = u.posts.map((pk) => h.sim.sim.world.mediaByPk.get(pk)?.code);
      expect(codes).toEqual(expected);
      await expect(h.page.getByTestId('list-stats').textContent()).resolves.toMatch(new RegExp(`^${u.posts.length} posts · ${Math.ceil(u.posts.length / 12)} pages`));
      await shot(h, 'profile-posts-end');
    });

    it('moves between grid cells with the arrow keys', async () => {
      await scrollTop(h);
      const page = h.page;
      const columns = await page.locator('[data-testid=post-grid] [role=row]').first().locator('[role=gridcell]').count();
      expect(columns).toBeGreaterThan(1);
      await page.locator('[data-index="0"] [data-testid=post-cell]').focus();
      const focused = () => page.evaluate(() => Number(document.activeElement?.closest<HTMLElement>('[data-index]')?.dataset.index ?? -1));
      await page.keyboard.press('ArrowRight');
      await expect.poll(focused).toBe(1);
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused).toBe(1 + columns);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(focused).toBe(columns);
      await page.keyboard.press('ArrowUp');
      await expect.poll(focused).toBe(0);
      await shot(h, 'profile-posts');
    });

    it('"/" focuses the omnibox', async () => {
      await h.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await h.page.keyboard.press('/');
      await expect.poll(() => h.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(OMNIBOX);
      await h.page.keyboard.press('Escape');
    });

    it('shows reels with their trial marks and the tagged posts', async () => {
      const u = user(h, ANCHORS.business);
      const world = h.sim.sim.world;
      await openTab(h, 'reels');
      const reels = await readToEnd(h, '[data-testid=post-grid] [data-testid=post-cell]', 'data-code');
      expect(reels).toEqual(u.clips.map((pk) => world.mediaByPk.get(pk)?.code));
      const trials = u.clips.filter((pk) => world.mediaByPk.get(pk)?.isTrial).length;
      await expect(h.page.getByTestId('trial-badge').count()).resolves.toBe(trials);
      await shot(h, 'profile-reels');
      await openTab(h, 'tagged');
      const tagged = await readToEnd(h, '[data-testid=post-grid] [data-testid=post-cell]', 'data-code');
      expect(tagged).toEqual(u.tagged.map((pk) => world.mediaByPk.get(pk)?.code));
    });

    it('asks before opening Stories: cancelling spends nothing, confirming spends 2, reopening spends nothing', async () => {
      const u = user(h, ANCHORS.business);
      const page = h.page;
      await openTab(h, 'posts');
      const start = await balance(h);
      await page.getByTestId('tab-stories').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expect(dialog.textContent()).resolves.toContain('2 requests');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.locator('[data-testid=profile-panel] .error-box[data-error-kind=cancelled]').waitFor();
      expect(await balance(h)).toBe(start);
      await shot(h, 'profile-stories-cancelled');

      await page.getByRole('button', { name: 'Try again' }).click();
      await dialog.waitFor();
      await shot(h, 'profile-stories-confirm');
      await dialog.getByRole('button', { name: 'Spend 2 requests' }).click();
      await page.getByTestId('story-card').first().waitFor();
      const now = Date.now();
      const active = u.stories.filter((pk) => {
        const s = h.sim.sim.world.storyByPk.get(pk);
        return s && storyTakenAt(s, now) + 86_400 > now / 1000;
      });
      const pks = await page.getByTestId('story-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-pk')));
      expect(pks).toEqual(active);
      await expect(page.locator('.story-left').first().textContent()).resolves.toMatch(/^\d+ (h|min) left$/);
      expect(await balance(h)).toBe(start - 2);
      // The balance indicator follows.
      await expect.poll(() => page.getByTestId('balance-requests').textContent()).toBe((start - 2).toLocaleString('en-US'));
      await shot(h, 'profile-stories');

      await openTab(h, 'posts');
      await openTab(h, 'stories');
      await page.getByTestId('story-card').first().waitFor();
      await expect(page.getByRole('dialog').count()).resolves.toBe(0);
      expect(await balance(h)).toBe(start - 2);
    });

    it('shows the highlights\' covers and titles after confirming their cost', async () => {
      const u = user(h, ANCHORS.business);
      const page = h.page;
      const start = await balance(h);
      await page.getByTestId('tab-highlights').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Spend 2 requests' }).click();
      await page.getByTestId('highlight').first().waitFor();
      const titles = await page.locator('.highlight-title').allTextContents();
      expect(titles).toEqual(u.highlights.map((pk) => h.sim.sim.world.highlightByPk.get(pk)?.title || 'Untitled'));
      await expect(page.getByTestId('highlight').evaluateAll((els) => els.map((e) => e.getAttribute('data-pk')))).resolves.toEqual(u.highlights);
      expect(await balance(h)).toBe(start - 2);
      await shot(h, 'profile-highlights');
    });

    it('lists a mid-size account\'s followers to the end: the world\'s count and order, no duplicates', async () => {
      const world = h.sim.sim.world;
      const mid = world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.followers.length >= 100 && x.followers.length <= 200);
      if (!mid) throw new Error('no mid-size account in the world');
      await openProfile(h, mid.username);
      await openTab(h, 'followers');
      const names = await readToEnd(h, '[data-testid=user-list] [data-testid=user-row]', 'data-username');
      const expected = mid.followers.map((pk) => world.userByPk.get(pk)?.username);
      expect(names).toHaveLength(mid.followers.length);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toEqual(expected);
      await expect(h.page.getByTestId('list-stats').textContent()).resolves.toContain(`${mid.followers.length} followers`);
      await shot(h, 'profile-followers');
      await openTab(h, 'following');
      const following = await readToEnd(h, '[data-testid=user-list] [data-testid=user-row]', 'data-username');
      expect(following).toEqual(mid.following.map((pk) => world.userByPk.get(pk)?.username));
    });

    it('shows the private state for a private account without paying for a 403', async () => {
      const u = user(h, ANCHORS.private);
      await openProfile(h, u.username);
      await expect(h.page.getByTestId('private-mark').textContent()).resolves.toContain('Private');
      await h.page.locator('[data-testid=profile-panel] .error-box[data-error-kind=private]').waitFor();
      await openTab(h, 'stories');
      await h.page.locator('[data-testid=profile-panel] .error-box[data-error-kind=private]').waitFor();
      await expect(h.page.getByRole('dialog').count()).resolves.toBe(0);
      expect(callsTo(h, '/v1/user/medias/chunk', u.pk)).toHaveLength(0);
      expect(callsTo(h, '/v1/user/stories', u.pk)).toHaveLength(0);
      await openTab(h, 'posts');
      await shot(h, 'profile-private');
    });

    it('shows "No posts yet" for the account with no posts, and still lists what it is tagged in', async () => {
      const u = user(h, ANCHORS.empty);
      await openProfile(h, u.username);
      await expect(h.page.getByTestId('tab-empty').textContent()).resolves.toContain('No posts yet');
      expect(callsTo(h, '/v1/user/medias/chunk', u.pk)).toHaveLength(0);
      await shot(h, 'profile-empty');
      await openTab(h, 'tagged');
      const tagged = await readToEnd(h, '[data-testid=post-grid] [data-testid=post-cell]', 'data-code');
      expect(tagged).toEqual(u.tagged.map((pk) => h.sim.sim.world.mediaByPk.get(pk)?.code));
    });

    it('opens a profile by numeric user id', async () => {
      const u = user(h, ANCHORS.big);
      const box = h.page.getByRole('textbox', { name: OMNIBOX });
      await box.fill(u.pk);
      await box.press('Enter');
      await h.page.getByTestId('omnibox-numeric').getByRole('button', { name: 'a user id' }).click();
      await h.page.getByTestId('profile-username').filter({ hasText: u.username }).waitFor();
      expect(callsTo(h, '/v1/user/by/id').map((c) => (c.payload as { params: { id: string } }).params.id)).toContain(u.pk);
      await expect(h.page.getByTestId('count-followers').getAttribute('data-count')).resolves.toBe(String(u.followers.length));
      await expect(h.page.getByTestId('count-followers').getAttribute('title')).resolves.toBe(`${u.followers.length.toLocaleString('en-US')} followers`);
      await shot(h, 'profile-big');
    });

    it('shows the service\'s not-found error for an unknown account', async () => {
      const box = h.page.getByRole('textbox', { name: OMNIBOX });
      await box.fill('@no.such.account.anywhere');
      await box.press('Enter');
      await h.page.locator('.error-box[data-error-kind=not_found]').waitFor();
      await shot(h, 'profile-not-found');
    });

    it('left no errors in the page', () => {
      expect(h.logs.filter((l) => l.startsWith('pageerror'))).toEqual([]);
    });
  });
}
