// The search screen end to end, in light and dark: each tab's results are compared with what the
// simulator's world holds for the query (names, counts, order, paging to the end).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchable } from '../../electron/simulator/world/text';
import type { World } from '../../electron/simulator/world/world';
import { closeBrowser, startHarness, type Harness } from './harness/harness';

const OMNIBOX = 'Open a link, @handle, #hashtag or search';

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

async function balance(h: Harness): Promise<number> {
  const value = await h.sim.sim.keys.balance(h.sim.sim.demoKey);
  if (value === null || value === undefined) throw new Error('no demo balance');
  return value;
}

function calls(h: Harness, path?: string) {
  return h.bridge.filter((b) => b.direction === 'to-main' && b.channel === 'feedlens:call' && (path === undefined || (b.payload as { path?: string }).path === path));
}

async function search(h: Harness, query: string): Promise<void> {
  const input = h.page.getByTestId('search-input');
  await input.fill(query);
  await input.press('Enter');
}

async function openTab(h: Harness, tab: string): Promise<void> {
  await h.page.getByTestId(`tab-${tab}`).click();
  await h.page.locator(`[data-testid=search-panel][data-tab=${tab}]`).waitFor();
}

/** Scrolls down until the list's footer says "End of list", reading `attr` of every row by its index. */
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
  expect(indexes).toEqual(indexes.map((_, i) => i));
  return indexes.map((i) => seen.get(i) ?? '');
}

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

for (const theme of ['light', 'dark'] as const) {
  describe(`search (${theme})`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ theme });
      await h.open();
    });
    afterAll(async () => {
      await h?.close();
      await closeBrowser();
    });

    it('explains what can be searched and spends nothing before a query', async () => {
      await h.page.getByRole('button', { name: 'Search', exact: true }).first().click();
      await h.page.getByTestId('search-intro').waitFor();
      await h.page.getByTestId('search-input').press('Enter');
      await h.page.getByRole('status').filter({ hasText: 'Nothing was sent' }).waitFor();
      expect(calls(h)).toHaveLength(0);
      await shot(h, 'search-empty');
    });

    it('takes plain words from the omnibox and shows accounts and posts interleaved, charging what the list says', async () => {
      const world = h.sim.sim.world;
      const before = await balance(h);
      const box = h.page.getByRole('textbox', { name: OMNIBOX });
      await box.fill('anna');
      await box.press('Enter');
      await h.page.locator('[data-testid=search-panel][data-tab=top] [data-testid=list-footer]').waitFor();
      await expect(h.page.getByTestId('search-input').inputValue()).resolves.toBe('anna');
      const kinds = await h.page.locator('[data-testid=top-results] [role=listitem] > [data-testid]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
      expect(kinds).toContain('user-row');
      expect(kinds).toContain('post-row');
      expect(kinds.indexOf('post-row')).toBeLessThan(kinds.lastIndexOf('user-row')); // interleaved, not grouped
      const users = await h.page.locator('[data-testid=top-results] [data-testid=user-row]').evaluateAll((els) => els.map((e) => e.getAttribute('data-username')));
      expect(users).toEqual(accountsMatching(world, 'anna').slice(0, users.length));
      // The footer's count of units is what the service charged (a short first page may pull the next one).
      const units = async () => Number(/\((\d+) units?\)/.exec((await h.page.getByTestId('list-stats').textContent()) ?? '')?.[1]);
      await expect.poll(async () => before - (await balance(h)) === (await units())).toBe(true);
      expect(await units()).toBeGreaterThanOrEqual(1);
      await shot(h, 'search-top');
    });

    it('pages the accounts to the end: exactly the world\'s matches, in order', async () => {
      await openTab(h, 'accounts');
      const names = await readToEnd(h, '[data-testid=user-list] [data-testid=user-row]', 'data-username');
      const expected = accountsMatching(h.sim.sim.world, 'anna');
      expect(expected.length).toBeGreaterThan(40); // several pages
      expect(names).toEqual(expected);
      await expect(h.page.getByTestId('list-stats').textContent()).resolves.toMatch(new RegExp(`^${expected.length} accounts · ${Math.ceil(expected.length / 20)} pages`));
      await shot(h, 'search-accounts');
    });

    it('keeps each tab\'s results when switching tabs', async () => {
      const topCalls = calls(h, '/gql/topsearch').length;
      const accountCalls = calls(h, '/v2/fbsearch/accounts').length;
      await openTab(h, 'top');
      await h.page.locator('[data-testid=top-results] [data-testid=user-row]').first().waitFor();
      await openTab(h, 'accounts');
      await h.page.locator('[data-testid=user-list] [data-testid=user-row]').first().waitFor();
      expect(calls(h, '/gql/topsearch')).toHaveLength(topCalls);
      expect(calls(h, '/v2/fbsearch/accounts')).toHaveLength(accountCalls);
    });

    it('lists hashtags, places and tracks matching the query', async () => {
      const world = h.sim.sim.world;
      await search(h, 'coffee');
      await openTab(h, 'hashtags');
      await h.page.locator('[data-testid=hashtag-row], [data-testid=list-empty]').first().waitFor();
      const tags = await h.page.getByTestId('hashtag-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
      const expectedTags = world.hashtags
        .filter((t) => searchable(t.name).includes('coffee'))
        .sort((a, b) => b.recent.length - a.recent.length || (a.name < b.name ? -1 : 1))
        .map((t) => t.name);
      expect(tags).toEqual(expectedTags);
      const coffee = world.hashtagByName.get('coffee');
      await expect(h.page.locator('[data-testid=hashtag-row][data-name=coffee]').textContent()).resolves.toContain(`${coffee?.recent.length.toLocaleString('en-US')} posts`);
      await shot(h, 'search-hashtags');

      await openTab(h, 'places');
      await h.page.locator('[data-testid=place-row], [data-testid=list-empty]').first().waitFor();
      const places = await h.page.getByTestId('place-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
      const expectedPlaces = world.locations.filter((l) => searchable(`${l.name} ${l.city}`).includes('coffee')).map((l) => String(l.pk));
      expect(places.length).toBe(Math.min(30, expectedPlaces.length));
      expect(new Set(places)).toEqual(new Set(expectedPlaces.slice(0, 30)));
      await shot(h, 'search-places');

      await search(h, 'rain');
      await openTab(h, 'music');
      await h.page.locator('[data-testid=track-row], [data-testid=list-empty]').first().waitFor();
      const tracks = await h.page.getByTestId('track-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
      // Rows open the music page by the track's canonical (audio cluster) id.
      expect(tracks).toEqual(world.tracks.filter((t) => searchable(`${t.title} ${t.artist}`).includes('rain')).map((t) => t.canonicalId));
      expect(tracks.length).toBeGreaterThan(0);
      await shot(h, 'search-music');
    });

    it('pages the reels grid to the end: exactly the world\'s matching reels, newest first', async () => {
      await search(h, 'coffee');
      await openTab(h, 'reels');
      const codes = await readToEnd(h, '[data-testid=post-grid] [data-testid=post-cell]', 'data-code');
      const expected = reelsMatching(h.sim.sim.world, 'coffee');
      expect(expected.length).toBeGreaterThan(12);
      expect(codes).toEqual(expected);
      await h.page.evaluate(() => document.getElementById('content')?.scrollTo(0, 0));
      await shot(h, 'search-reels');
    });

    it('says so when nothing matches', async () => {
      await search(h, 'zzqxwv');
      await openTab(h, 'top');
      await expect(h.page.getByTestId('list-empty').textContent()).resolves.toContain('Nothing found for “zzqxwv”');
      await shot(h, 'search-no-results');
    });

    it('opens an account from the results', async () => {
      await search(h, 'anna');
      await openTab(h, 'accounts');
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
