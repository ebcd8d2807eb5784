// The search screen end to end, in light and dark: each tab's results are compared with what the
// simulator's world holds for the query (names, counts, order, paging to the end).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchable } from '../../electron/simulator/world/text';
import type { World } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { callsTo, demoBalance, enterInOmnibox, openSearchTab, readToEnd, scrollToTop } from './support/page';

// The world's answers to a query, by the rules the simulator documents: a case- and accent-insensitive
// "contains" over names (accounts by follower count), captions and authors (posts newest first).
const q = (query: string) => searchable(query.trim().replace(/^[@#]/, ''));

function accountsMatching(world: World, query: string): string[] {
  return world.users
    .filter((u) => searchable(`${u.username} ${u.fullName}`).includes(q(query)))
    .sort((a, b) => b.followers.length - a.followers.length || (a.username < b.username ? -1 : 1))
    .map((u) => u.username);
}

function reelsMatching(world: World, query: string): string[] {
  return world.media
    .filter((m) => {
      const owner = world.userByPk.get(m.ownerPk);
      return m.productType === 'clips' && !owner?.isPrivate && searchable(`${m.caption} ${owner?.username ?? ''}`).includes(q(query));
    })
    .sort((a, b) => b.takenAt - a.takenAt || (a.pk < b.pk ? 1 : -1))
    .map((m) => m.code);
}

async function search(h: Harness, query: string): Promise<void> {
  const input = h.page.getByTestId('search-input');
  await input.fill(query);
  await input.press('Enter');
}

for (const theme of ['light', 'dark'] as const) {
  describe(`search (${theme})`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await openHarness({ theme });
    });
    afterAll(() => stopHarness(h));

    it('explains what can be searched and spends nothing before a query', async () => {
      await h.page.getByRole('button', { name: 'Search', exact: true }).first().click();
      await h.page.getByTestId('search-intro').waitFor();
      await h.page.getByTestId('search-input').press('Enter');
      await h.page.getByRole('status').filter({ hasText: 'Nothing was sent' }).waitFor();
      expect(callsTo(h)).toHaveLength(0);
      await h.shot('search-empty');
    });

    it('takes plain words from the omnibox and shows accounts and posts in the stream\'s order, charging what the list says', async () => {
      const world = h.sim.sim.world;
      const before = await demoBalance(h);
      await enterInOmnibox(h, 'anna');
      await h.page.locator('[data-testid=search-panel][data-tab=top] [data-testid=list-footer]').waitFor();
      await expect(h.page.getByTestId('search-input').inputValue()).resolves.toBe('anna');
      const kinds = await h.page.locator('[data-testid=top-results] [role=listitem] > [data-testid]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
      expect(kinds).toContain('user-row');
      expect(kinds).toContain('post-row');
      // Production streams each page as units: its accounts first, then its posts.
      expect(kinds[0]).toBe('user-row');
      expect(kinds.indexOf('post-row')).toBeGreaterThan(0);
      const users = await h.page.locator('[data-testid=top-results] [data-testid=user-row]').evaluateAll((els) => els.map((e) => e.getAttribute('data-username')));
      expect(users).toEqual(accountsMatching(world, 'anna').slice(0, users.length));
      // The footer's count of units is what the service charged (a short first page may pull the next one):
      // "N requests", or "M requests billed for N calls" when a call billed more than one.
      const units = async () => {
        const stats = (await h.page.getByTestId('list-stats').textContent()) ?? '';
        return Number((/(\d+) requests? billed/.exec(stats) ?? /(\d+) requests?$/.exec(stats))?.[1]);
      };
      await expect.poll(async () => before - (await demoBalance(h)) === (await units())).toBe(true);
      expect(await units()).toBeGreaterThanOrEqual(1);
      await h.shot('search-top');
    });

    it('pages the accounts to the end: exactly the world\'s matches, in order', async () => {
      await openSearchTab(h, 'accounts');
      const names = await readToEnd(h, '[data-testid=user-list] [data-testid=user-row]', 'data-username');
      const expected = accountsMatching(h.sim.sim.world, 'anna');
      expect(expected.length).toBeGreaterThan(40); // several pages
      expect(names).toEqual(expected);
      await expect(h.page.getByTestId('list-stats').textContent()).resolves.toMatch(new RegExp(`^${expected.length} accounts · ${Math.ceil(expected.length / 20)} pages`));
      await h.shot('search-accounts');
    });

    it('keeps each tab\'s results when switching tabs', async () => {
      const topCalls = callsTo(h, '/gql/topsearch').length;
      const accountCalls = callsTo(h, '/v2/fbsearch/accounts').length;
      await openSearchTab(h, 'top');
      await h.page.locator('[data-testid=top-results] [data-testid=user-row]').first().waitFor();
      await openSearchTab(h, 'accounts');
      await h.page.locator('[data-testid=user-list] [data-testid=user-row]').first().waitFor();
      expect(callsTo(h, '/gql/topsearch')).toHaveLength(topCalls);
      expect(callsTo(h, '/v2/fbsearch/accounts')).toHaveLength(accountCalls);
    });

    it('lists hashtags, places and tracks matching the query', async () => {
      const world = h.sim.sim.world;
      await search(h, 'coffee');
      await openSearchTab(h, 'hashtags');
      await h.page.locator('[data-testid=hashtag-row], [data-testid=list-empty]').first().waitFor();
      const tags = await h.page.getByTestId('hashtag-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
      const expectedTags = world.hashtags
        .filter((t) => searchable(t.name).includes('coffee'))
        .sort((a, b) => b.recent.length - a.recent.length || (a.name < b.name ? -1 : 1))
        .map((t) => t.name);
      expect(tags).toEqual(expectedTags);
      const coffee = world.hashtagByName.get('coffee');
      await expect(h.page.locator('[data-testid=hashtag-row][data-name=coffee]').textContent()).resolves.toContain(`${coffee?.recent.length.toLocaleString('en-US')} posts`);
      await h.shot('search-hashtags');

      await openSearchTab(h, 'places');
      await h.page.locator('[data-testid=place-row], [data-testid=list-empty]').first().waitFor();
      const places = await h.page.getByTestId('place-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
      const expectedPlaces = world.locations.filter((l) => searchable(`${l.name} ${l.city}`).includes('coffee')).map((l) => String(l.pk));
      expect(places.length).toBe(Math.min(30, expectedPlaces.length));
      expect(new Set(places)).toEqual(new Set(expectedPlaces.slice(0, 30)));
      await h.shot('search-places');

      await search(h, 'rain');
      await openSearchTab(h, 'music');
      await h.page.locator('[data-testid=track-row], [data-testid=list-empty]').first().waitFor();
      const tracks = await h.page.getByTestId('track-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
      // Rows open the music page by the track's canonical (audio cluster) id.
      expect(tracks).toEqual(world.tracks.filter((t) => searchable(`${t.title} ${t.artist}`).includes('rain')).map((t) => t.canonicalId));
      expect(tracks.length).toBeGreaterThan(0);
      await h.shot('search-music');
    });

    it('pages the reels grid to the end: exactly the world\'s matching reels, newest first', async () => {
      await search(h, 'coffee');
      await openSearchTab(h, 'reels');
      const codes = await readToEnd(h, '[data-testid=post-grid] [data-testid=post-cell]', 'data-code');
      const expected = reelsMatching(h.sim.sim.world, 'coffee');
      expect(expected.length).toBeGreaterThan(12);
      expect(codes).toEqual(expected);
      await scrollToTop(h);
      await h.shot('search-reels');
    });

    it('says so when nothing matches', async () => {
      await search(h, 'zzqxwv');
      await openSearchTab(h, 'top');
      await expect(h.page.getByTestId('list-empty').textContent()).resolves.toContain('Nothing found for “zzqxwv”');
      await h.shot('search-no-results');
    });

    it('opens an account from the results', async () => {
      await search(h, 'anna');
      await openSearchTab(h, 'accounts');
      const first = h.page.locator('[data-testid=user-list] [data-testid=user-row]').first();
      const username = await first.getAttribute('data-username');
      await first.click();
      await expect(h.page.getByTestId('profile-username').textContent()).resolves.toBe(username);
    });

    it('left no errors in the page', () => {
      expect(h.logs.filter((l) => l.startsWith('pageerror'))).toEqual([]);
    });
  });
}
