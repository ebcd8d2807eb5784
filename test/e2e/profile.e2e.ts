// The profile screen end to end, in light and dark: what it shows is compared with the simulator's world
// (names, counts, order, paging to the end), and what it spends with the simulator's balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS, storyTakenAt } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { waitForQuiet } from './support/billing';
import { answering, blurFocus, callsTo, demoBalance, enterInOmnibox, OMNIBOX, openAccount, openProfileTab, readToEnd, scrollToTop, worldUser } from './support/page';

for (const theme of ['light', 'dark'] as const) {
  describe(`profile (${theme})`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await openHarness({ theme });
    });
    afterAll(() => stopHarness(h));

    it('shows the header of the business account as the world has it', async () => {
      const u = worldUser(h, ANCHORS.business);
      await openAccount(h, u.username);
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
      await expect(page.getByTestId('tab-stories').getByTestId('cost-badge').textContent()).resolves.toBe('2 requests');
      await expect(page.getByTestId('tab-highlights').getByTestId('cost-badge').textContent()).resolves.toBe('2 requests');
      await expect(page.getByTestId('tab-posts').getByTestId('cost-badge').count()).resolves.toBe(0);
      await h.shot('profile');
    });

    it('opens "About this account" only on request, for 1 request', async () => {
      const u = worldUser(h, ANCHORS.business);
      expect(callsTo(h, '/v1/user/about')).toHaveLength(0);
      const before = await demoBalance(h);
      await h.page.getByTestId('about-open').click();
      await h.page.getByTestId('about').waitFor();
      await expect(h.page.getByTestId('about-country').textContent()).resolves.toBe(u.country);
      await expect(h.page.getByTestId('about-joined').textContent()).resolves.toBe(u.joined);
      await expect(h.page.getByTestId('about-former').textContent()).resolves.toBe(u.formerUsernames ? `@${u.formerUsernames}` : 'None');
      expect(await demoBalance(h)).toBe(before - 1);
      await h.shot('profile-about');
    });

    it('pages the posts grid to the end: exactly the world\'s posts, in order', async () => {
      const u = worldUser(h, ANCHORS.business);
      const codes = await readToEnd(h, '[data-testid=post-grid] [data-testid=post-cell]', 'data-code');
      const expected = u.posts.map((pk) => h.sim.sim.world.mediaByPk.get(pk)?.code);
      expect(codes).toEqual(expected);
      await expect(h.page.getByTestId('list-stats').textContent()).resolves.toMatch(new RegExp(`^${u.posts.length} posts · ${Math.ceil(u.posts.length / 12)} pages`));
      await h.shot('profile-posts-end');
    });

    it('moves between grid cells with the arrow keys', async () => {
      await scrollToTop(h);
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
      await h.shot('profile-posts');
    });

    it('"/" focuses the omnibox and selects its old text, so typing replaces it', async () => {
      const box = h.page.getByLabel(OMNIBOX);
      await box.fill('old words');
      await blurFocus(h);
      await h.page.keyboard.press('/');
      await expect.poll(() => h.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(OMNIBOX);
      await expect(box.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).resolves.toEqual([0, 'old words'.length]);
      await h.page.keyboard.type('new');
      await expect(box.inputValue()).resolves.toBe('new');
      await box.fill('');
      await h.page.keyboard.press('Escape');
    });

    it('shows reels with their trial marks and the tagged posts', async () => {
      const u = worldUser(h, ANCHORS.business);
      const world = h.sim.sim.world;
      await openProfileTab(h, 'reels');
      const reels = await readToEnd(h, '[data-testid=post-grid] [data-testid=post-cell]', 'data-code');
      expect(reels).toEqual(u.clips.map((pk) => world.mediaByPk.get(pk)?.code));
      const trials = u.clips.filter((pk) => world.mediaByPk.get(pk)?.isTrial).length;
      await expect(h.page.getByTestId('trial-badge').count()).resolves.toBe(trials);
      await h.shot('profile-reels');
      await openProfileTab(h, 'tagged');
      const tagged = await readToEnd(h, '[data-testid=post-grid] [data-testid=post-cell]', 'data-code');
      expect(tagged).toEqual(u.tagged.map((pk) => world.mediaByPk.get(pk)?.code));
    });

    it('main asks before opening Stories: declining spends nothing, confirming spends 2, reopening spends nothing', async () => {
      const u = worldUser(h, ANCHORS.business);
      const page = h.page;
      await openProfileTab(h, 'posts');
      const start = await demoBalance(h);
      await answering(h, 'Spend 2 requests?', 'decline', () => page.getByTestId('tab-stories').click());
      expect(h.asks.asked.at(-1)?.message).toContain('2 requests');
      await page.locator('[data-testid=profile-panel] .error-box[data-error-kind=cancelled]').waitFor();
      expect(await demoBalance(h)).toBe(start);
      await h.shot('profile-stories-cancelled');

      await answering(h, 'Spend 2 requests?', 'confirm', () => page.getByRole('button', { name: 'Try again' }).click());
      await page.getByTestId('story-card').first().waitFor();
      const now = Date.now();
      const active = u.stories.filter((pk) => {
        const s = h.sim.sim.world.storyByPk.get(pk);
        return s && storyTakenAt(s, now) + 86_400 > now / 1000;
      });
      const pks = await page.getByTestId('story-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-pk')));
      expect(pks).toEqual(active);
      await expect(page.locator('.story-left').first().textContent()).resolves.toMatch(/^\d+ (h|min) left$/);
      expect(await demoBalance(h)).toBe(start - 2);
      // The balance indicator follows (in demo mode as a figure it keeps, not shown: nothing is billed).
      await expect.poll(() => page.getByTestId('balance').getAttribute('data-requests')).toBe(String(start - 2));
      await h.shot('profile-stories');

      await openProfileTab(h, 'posts');
      await openProfileTab(h, 'stories');
      await page.getByTestId('story-card').first().waitFor();
      expect(h.asks.of('spend')).toHaveLength(2); // no third question: the answer came from the cache
      expect(await demoBalance(h)).toBe(start - 2);
    });

    it('shows the highlights\' covers and titles after confirming their cost', async () => {
      const u = worldUser(h, ANCHORS.business);
      const page = h.page;
      const start = await demoBalance(h);
      await answering(h, 'Spend 2 requests?', 'confirm', () => page.getByTestId('tab-highlights').click());
      await page.getByTestId('highlight').first().waitFor();
      const titles = await page.locator('.highlight-title').allTextContents();
      expect(titles).toEqual(u.highlights.map((pk) => h.sim.sim.world.highlightByPk.get(pk)?.title || 'Untitled'));
      await expect(page.getByTestId('highlight').evaluateAll((els) => els.map((e) => e.getAttribute('data-pk')))).resolves.toEqual(u.highlights);
      expect(await demoBalance(h)).toBe(start - 2);
      await h.shot('profile-highlights');
    });

    it('stops a list whose page has a next cursor but no items, says so, and buys no further page', async () => {
      const world = h.sim.sim.world;
      // An account no other test opens: its following list is not in the cache.
      const u = world.users.filter((x) => x.tier === 'main' && !x.isPrivate && x.following.length > 30).at(-1 - (theme === 'dark' ? 1 : 0));
      if (!u) throw new Error('no account that follows many');
      await openAccount(h, u.username);
      h.sim.sim.faults.set({ status: { status: 200, body: [[], 'QVFBZW1wdHlfcGFnZQ'], count: 1, path: '/v1/user/following/chunk' } });
      const before = callsTo(h, '/v1/user/following/chunk').length;
      await openProfileTab(h, 'following');
      await expect(h.page.getByTestId('list-stopped').textContent()).resolves.toContain('no items but a next page');
      await waitForQuiet(h); // nothing in flight, and nothing more asked for a while
      expect(callsTo(h, '/v1/user/following/chunk').length - before).toBe(1);
      h.sim.sim.faults.clear();
    });

    it('lists a mid-size account\'s followers as production shows them to outsiders: the first 50 in the world\'s order, then the end', async () => {
      const world = h.sim.sim.world;
      const mid = world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.followers.length >= 100 && x.followers.length <= 200);
      if (!mid) throw new Error('no mid-size account in the world');
      await openAccount(h, mid.username);
      await openProfileTab(h, 'followers');
      const names = await readToEnd(h, '[data-testid=user-list] [data-testid=user-row]', 'data-username');
      const expected = mid.followers.slice(0, 50).map((pk) => world.userByPk.get(pk)?.username);
      expect(names).toHaveLength(50);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toEqual(expected);
      await expect(h.page.getByTestId('list-stats').textContent()).resolves.toContain('50 followers');
      // The v1 chunk production caps carries no flag (only g2/v2 answers say should_limit_list_of_followers): it just ends.
      await expect(h.page.getByTestId('list-footer').getAttribute('data-end')).resolves.toBe('true');
      // It does not say "End of list" as if that were all: it says the service stops at its outsider cap.
      await expect(h.page.getByTestId('list-capped').textContent()).resolves.toBe(
        `The service shows outsiders only about the first 50 followers: 50 of ${mid.followers.length.toLocaleString('en-US')}.`,
      );
      await h.shot('profile-followers');
      await openProfileTab(h, 'following');
      const following = await readToEnd(h, '[data-testid=user-list] [data-testid=user-row]', 'data-username');
      expect(following).toEqual(mid.following.map((pk) => world.userByPk.get(pk)?.username));
    });

    it('shows the private state for a private account without paying for a 403', async () => {
      const u = worldUser(h, ANCHORS.private);
      await openAccount(h, u.username);
      await expect(h.page.getByTestId('private-mark').textContent()).resolves.toContain('Private');
      await h.page.locator('[data-testid=profile-panel] .error-box[data-error-kind=private]').waitFor();
      await openProfileTab(h, 'stories');
      await h.page.locator('[data-testid=profile-panel] .error-box[data-error-kind=private]').waitFor();
      await expect(h.page.getByRole('dialog').count()).resolves.toBe(0);
      expect(callsTo(h, '/v1/user/medias/chunk').filter((c) => c.params.user_id === u.pk)).toHaveLength(0);
      expect(callsTo(h, '/v1/user/stories').filter((c) => c.params.user_id === u.pk)).toHaveLength(0);
      await openProfileTab(h, 'posts');
      await h.shot('profile-private');
    });

    it('shows "No posts yet" for the account with no posts, and still lists what it is tagged in', async () => {
      const u = worldUser(h, ANCHORS.empty);
      await openAccount(h, u.username);
      await expect(h.page.getByTestId('tab-empty').textContent()).resolves.toContain('No posts yet');
      expect(callsTo(h, '/v1/user/medias/chunk').filter((c) => c.params.user_id === u.pk)).toHaveLength(0);
      await h.shot('profile-empty');
      await openProfileTab(h, 'tagged');
      const tagged = await readToEnd(h, '[data-testid=post-grid] [data-testid=post-cell]', 'data-code');
      expect(tagged).toEqual(u.tagged.map((pk) => h.sim.sim.world.mediaByPk.get(pk)?.code));
    });

    it('opens a profile by numeric user id', async () => {
      const u = worldUser(h, ANCHORS.big);
      await enterInOmnibox(h, u.pk);
      await h.page.getByTestId('omnibox-numeric').getByRole('button', { name: 'a user id' }).click();
      await h.page.getByTestId('profile-username').filter({ hasText: u.username }).waitFor();
      expect(callsTo(h, '/v1/user/by/id').map((c) => c.params.id)).toContain(u.pk);
      await expect(h.page.getByTestId('count-followers').getAttribute('data-count')).resolves.toBe(String(u.followers.length));
      await expect(h.page.getByTestId('count-followers').getAttribute('title')).resolves.toBe(`${u.followers.length.toLocaleString('en-US')} followers`);
      await h.shot('profile-big');
    });

    it('shows the service\'s not-found error for an unknown account', async () => {
      await enterInOmnibox(h, '@no.such.account.anywhere');
      await h.page.locator('.error-box[data-error-kind=not_found]').waitFor();
      await h.shot('profile-not-found');
    });

    it('left no errors in the page', () => {
      expect(h.logs.filter((l) => l.startsWith('pageerror'))).toEqual([]);
    });
  });
}
