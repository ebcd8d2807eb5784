// The API explorer end to end, over the simulator: the endpoint list and every active endpoint's form
// from the catalog, nothing sent for an invalid form or a retired endpoint, a 2-unit call asking first,
// paging a chunk endpoint to its end one unit per page (once per page, whatever the clicks), big ids
// exact in the JSON tree, a logged request repeated, the raw answer saved. Screenshots light and dark.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../../shared/api/catalog';
import { parseLossless } from '../../shared/api/json';
import { postUrl } from '../../shared/links';
import { ANCHORS } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { answering, callsTo, demoBalance, shotThemes, worldUser } from './support/page';
import { waitForQuiet } from './support/billing';

const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

async function openExplorer(h: Harness): Promise<void> {
  await h.page.getByRole('button', { name: 'API explorer' }).click();
  await h.page.getByTestId('explorer-search').waitFor();
}

/** Finds an endpoint in the list by its path and opens its form. */
async function pick(h: Harness, path: string): Promise<void> {
  await h.page.getByTestId('explorer-search').fill(path);
  await h.page.locator(`[data-testid=endpoint-item][data-path="${path}"]`).click();
  await h.page.locator(`[data-testid=endpoint-form][data-path="${path}"]`).waitFor();
}

const input = (h: Harness, name: string) => h.page.locator(`[data-testid=param-input][data-param="${name}"]`);

/** A row of the (virtual) JSON tree, scrolled into view: production's answers are long. */
async function treeRow(h: Harness, pointer: string) {
  const row = h.page.locator(`[data-testid=tree-row][data-pointer="${pointer}"]`);
  const rows = h.page.locator('.json-tree-rows').first();
  await rows.waitFor();
  // Each scroll is followed by two frames, so the virtual tree has rendered the rows of the new place before
  // they are counted: a row still on screen from an earlier search would be found, then removed under the
  // test as the tree catches up with the scroll (the row "replaced" earlier tests saw).
  const settle = () => rows.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await rows.evaluate((el) => el.scrollTo(0, 0));
  await settle();
  for (let i = 0; i < 200 && (await row.count()) === 0; i++) {
    await rows.evaluate((el) => el.scrollBy(0, el.clientHeight * 0.8));
    await settle();
  }
  // On screen (not only in the overscan), so it stays rendered while the test uses it.
  if ((await row.count()) > 0) await row.scrollIntoViewIfNeeded();
  return row;
}

/** The request log's entries for one endpoint (local, free). */
async function logged(h: Harness, path: string) {
  return (await h.core.handlers.ledgerQuery({ path }, { senderId: 1 })).entries;
}

async function pagesShown(h: Harness): Promise<number> {
  return Number((await h.page.getByTestId('explorer-answer').getAttribute('data-pages')) ?? 0);
}

describe('API explorer', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness();
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });
  afterAll(() => stopHarness(h));

  it('opens from the sidebar and with Ctrl+Shift+E, search focused, listing every catalog endpoint with its status and cost', async () => {
    await openExplorer(h);
    await h.page.getByRole('button', { name: 'Search', exact: true }).first().click();
    await h.page.getByTestId('search-intro').waitFor();
    await h.page.locator('body').press(`${MOD}+Shift+E`);
    await h.page.getByTestId('explorer-intro').waitFor();
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.id)).toBe('explorer-search');
    expect(await h.page.getByTestId('endpoint-item').count()).toBe(CATALOG.length);
    const retired = h.page.locator('[data-testid=endpoint-item][data-path="/gql/user/by/id"]');
    await expect(retired.getByTestId('endpoint-status').textContent()).resolves.toBe('retired');
    await expect(h.page.locator('[data-testid=endpoint-item][data-path="/v1/user/stories/by/username"] [data-testid=endpoint-cost]').textContent()).resolves.toBe('3 requests (2 with force)');
    await h.page.getByTestId('explorer-search').fill('pinned');
    await expect(h.page.getByTestId('endpoint-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')))).resolves.toEqual(['/v1/user/medias/pinned']);
    await h.page.getByTestId('explorer-search').fill('');
    await shotThemes(h, 'explorer-list');
  });

  it("builds every active endpoint's form from the catalog, and sends nothing while doing so", async () => {
    const active = CATALOG.filter((e) => e.status.kind === 'active');
    expect(active.length).toBeGreaterThan(100);
    for (const endpoint of active) {
      await pick(h, endpoint.path);
      const fields = await h.page
        .getByTestId('param-field')
        .evaluateAll((els) => els.map((e) => [e.getAttribute('data-param'), e.getAttribute('data-type'), e.getAttribute('data-required')]));
      expect(fields, endpoint.path).toEqual(endpoint.params.map((p) => [p.name, p.type, String(p.required)]));
      await expect(h.page.getByTestId('explorer-send').isVisible()).resolves.toBe(true);
    }
    expect(callsTo(h)).toHaveLength(0);
  });

  it('explains a required parameter left empty and sends nothing', async () => {
    const before = await demoBalance(h);
    await pick(h, '/v1/user/by/username');
    await h.page.getByTestId('explorer-send').click();
    await expect(h.page.locator('[data-testid=param-field][data-param=username] [data-testid=param-issue]').textContent()).resolves.toContain("'username' is required");
    await h.page.getByTestId('explorer-not-sent').waitFor();
    expect(callsTo(h, '/v1/user/by/username')).toHaveLength(0);
    expect(await logged(h, '/v1/user/by/username')).toHaveLength(0);
    expect(await demoBalance(h)).toBe(before);
    await shotThemes(h, 'explorer-invalid');
  });

  it('never calls a retired endpoint: it names the replacements and opens one with the values typed', async () => {
    await pick(h, '/gql/user/by/username');
    const notice = h.page.getByTestId('retired-notice');
    await expect(notice.textContent()).resolves.toContain('never calls it');
    expect(await h.page.getByTestId('explorer-send').count()).toBe(0);
    await input(h, 'username').fill(ANCHORS.big);
    await input(h, 'username').press('Enter');
    await waitForQuiet(h); // nothing in flight, and nothing more asked for a while
    expect(callsTo(h, '/gql/user/by/username')).toHaveLength(0);
    expect(await logged(h, '/gql/user/by/username')).toHaveLength(0);
    await shotThemes(h, 'explorer-retired');
    await notice.locator('[data-testid=open-replacement][data-path="/v1/user/by/username"]').click();
    await h.page.locator('[data-testid=endpoint-form][data-path="/v1/user/by/username"]').waitFor();
    await expect(input(h, 'username').inputValue()).resolves.toBe(ANCHORS.big);
  });

  it('warns about a deprecated endpoint and names what to use', async () => {
    await pick(h, '/v1/user/web_profile_info');
    await expect(h.page.getByTestId('deprecated-notice').textContent()).resolves.toContain('Returns false user-not-found results');
    await expect(h.page.getByTestId('deprecated-notice').getByTestId('open-replacement').getAttribute('data-path')).resolves.toBe('/gql/user/web_profile_info');
  });

  it('shows big ids exactly in the JSON tree, read from a pasted post link, and copies them exactly', async () => {
    const post = h.sim.sim.world.media.find((m) => BigInt(m.pk) > BigInt(Number.MAX_SAFE_INTEGER) + 1000n)!;
    await pick(h, '/v2/media/info/by/code');
    await input(h, 'code').fill(postUrl(post.code));
    await input(h, 'code').blur();
    await expect(input(h, 'code').inputValue()).resolves.toBe(post.code);
    await expect(h.page.getByTestId('quote').textContent()).resolves.toContain('Costs 1 request');
    await h.page.getByTestId('explorer-send').click();
    // The "<pk>_<owner>" id is a string in the service's text, and stays one.
    await expect((await treeRow(h, '/media_or_ad/id')).getAttribute('data-kind')).resolves.toBe('string');
    const pk = await treeRow(h, '/media_or_ad/pk');
    await expect.poll(() => pk.getAttribute('data-kind')).toBe('bigint');
    await expect(pk.getByTestId('tree-value').textContent()).resolves.toBe(post.pk);
    // The copy buttons show on hover. Hovering a row of the virtual tree sometimes found it replaced under
    // the mouse (most likely the stale row treeRow now waits out), so each copy still finds the row again
    // and clicks its button directly until the clipboard holds the copy.
    const clipboard = () => h.page.evaluate(() => navigator.clipboard.readText());
    const copyFromRow = async (button: 'copy-value' | 'copy-path') => {
      await (await treeRow(h, '/media_or_ad/pk')).getByTestId(button).dispatchEvent('click', {}, { timeout: 2000 }).catch(() => undefined);
      return clipboard();
    };
    await expect.poll(() => copyFromRow('copy-value'), { timeout: 20_000 }).toBe(post.pk);
    await expect.poll(() => copyFromRow('copy-path'), { timeout: 20_000 }).toBe('.media_or_ad.pk');
    // Beside it, the normalised record, with the same exact id.
    await expect(h.page.locator('[data-testid=explorer-record][data-kind=post]').getAttribute('data-id')).resolves.toBe(post.pk);
    await h.page.getByTestId('tree-search').fill(post.pk.slice(2, 14));
    await expect(h.page.getByTestId('tree-matches').textContent()).resolves.toMatch(/^1 of \d+$/);
    await shotThemes(h, 'explorer-answer');
  });

  it('sends on the first Send after a link typed in a field, with the cursor still in it', async () => {
    const post = h.sim.sim.world.media.find((m) => !h.sim.sim.world.userByPk.get(m.ownerPk)?.isPrivate)!;
    await pick(h, '/v1/media/by/code');
    await input(h, 'code').pressSequentially(postUrl(post.code));
    await h.page.getByTestId('explorer-send').click();
    await h.page.locator('[data-testid=explorer-answer][data-pages="1"]').waitFor();
    expect(callsTo(h, '/v1/media/by/code').map((c) => c.params.code)).toEqual([post.code]);
    await expect(input(h, 'code').inputValue()).resolves.toBe(post.code);
  });

  it('main asks before a 2-unit call; declining spends nothing, confirming spends 2', async () => {
    const user = worldUser(h, ANCHORS.big);
    await pick(h, '/v1/user/stories');
    await input(h, 'user_id').fill(user.pk);
    await expect(h.page.getByTestId('quote').textContent()).resolves.toContain('Costs 2 requests · asks before spending');
    const before = await demoBalance(h);
    await answering(h, 'Spend 2 requests?', 'decline', () => h.page.getByTestId('explorer-send').click());
    await h.page.locator('[data-error-kind=cancelled]').waitFor();
    await shotThemes(h, 'explorer-declined');
    expect(await demoBalance(h)).toBe(before);
    expect((await logged(h, '/v1/user/stories')).filter((e) => !e.cacheHit)).toHaveLength(0);
    await answering(h, 'Spend 2 requests?', 'confirm', () => h.page.getByTestId('explorer-send').click());
    await expect.poll(() => h.page.locator('[data-testid=page-fact][data-page="1"]').getAttribute('data-units')).toBe('2');
    expect(await demoBalance(h)).toBe(before - 2);
  });

  it('pages a chunk endpoint to its end, one unit per page, asking for each page once whatever the clicks', async () => {
    const path = '/v1/user/medias/chunk';
    const user = h.sim.sim.world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.posts.length >= 30 && u.posts.length <= 90)!;
    const before = await demoBalance(h);
    await pick(h, path);
    await input(h, 'user_id').fill(user.pk);
    await h.page.getByTestId('explorer-send').dblclick();
    await expect.poll(() => pagesShown(h)).toBe(1);
    for (let n = 2; n < 40; n++) {
      if ((await h.page.getByTestId('explorer-end').count()) > 0) break;
      await expect(h.page.getByTestId('explorer-cursor').textContent()).resolves.toMatch(/^Next cursor: end_cursor=/);
      await h.page.getByTestId('explorer-next').dblclick();
      await expect.poll(() => pagesShown(h)).toBe(n);
    }
    const pages = await pagesShown(h);
    expect(pages).toBeGreaterThan(1);
    const calls = callsTo(h, path);
    expect(calls).toHaveLength(pages);
    expect(new Set(calls.map((c) => String(c.params.end_cursor ?? ''))).size).toBe(pages);
    const entries = await logged(h, path);
    expect(entries.map((e) => [e.cacheHit, e.units])).toEqual(Array.from({ length: pages }, () => [false, 1]));
    expect(before - (await demoBalance(h))).toBe(pages);
    await expect(h.page.getByTestId('explorer-records').getAttribute('data-count')).resolves.toBe(String(user.posts.length));
    await expect(h.page.getByTestId('page-fact').evaluateAll((els) => els.map((e) => e.getAttribute('data-units')))).resolves.toEqual(Array.from({ length: pages }, () => '1'));
    await expect(h.page.getByTestId('explorer-totals').textContent()).resolves.toContain(`${pages} pages · ${user.posts.length} records · ${pages} requests billed`);
    await shotThemes(h, 'explorer-paging');
    await h.page.locator('[data-testid=explorer-records]').scrollIntoViewIfNeeded();
    await shotThemes(h, 'explorer-records');
  });

  it("exports the paged records, each with the page's request as its provenance, and selects one", async () => {
    const path = '/v1/user/medias/chunk';
    const records = h.page.getByTestId('explorer-records');
    const count = Number(await records.getAttribute('data-count'));
    await records.getByTestId('export-list').click();
    await h.page.getByTestId('export-format-ndjson').click();
    await h.page.getByTestId('export-run').click();
    const result = h.page.getByTestId('export-result');
    await result.waitFor();
    const lines = readFileSync((await result.getAttribute('data-path')) ?? '', 'utf8').split('\n').filter((l) => l.trim() !== '');
    const items = lines.map((l) => parseLossless(l) as { record: { id: string }; provenance: { endpoint: string; params: Record<string, string> } });
    expect(items).toHaveLength(count);
    const shown = await records.getByTestId('explorer-record').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect(items.map((i) => i.record.id)).toEqual(shown);
    expect(new Set(items.map((i) => i.provenance.params.end_cursor ?? '')).size).toBe(await pagesShown(h));
    for (const item of items) expect(item.provenance.endpoint).toBe(path);
    await h.page.getByTestId('export-close').click();
    await records.getByTestId('explorer-record').first().getByTestId('select-check').click();
    await expect(h.page.getByTestId('selection-tray').textContent()).resolves.toMatch(/1 (post|reel)\b/);
  });

  it('repeats a logged request in the explorer: the cache answers it for free, big ids still exact', async () => {
    await h.page.getByRole('button', { name: 'Request log', exact: true }).click();
    const row = h.page.locator('[data-testid=log-row][data-path="/v2/media/info/by/code"]').first();
    await row.hover();
    await row.getByTestId('log-repeat').click();
    await h.page.locator('[data-testid=endpoint-form][data-path="/v2/media/info/by/code"]').waitFor();
    const code = await input(h, 'code').inputValue();
    expect(code).not.toBe('');
    const post = h.sim.sim.world.media.find((m) => m.code === code)!;
    await expect(h.page.getByTestId('quote').textContent()).resolves.toContain('In the cache');
    const before = await demoBalance(h);
    await h.page.getByTestId('explorer-send').click();
    await expect.poll(() => h.page.locator('[data-testid=page-fact]').getAttribute('data-cache')).toBe('true');
    const pk = await treeRow(h, '/media_or_ad/pk');
    await expect.poll(() => pk.getAttribute('data-kind')).toBe('bigint');
    await expect(pk.getByTestId('tree-value').textContent()).resolves.toBe(post.pk);
    expect(await demoBalance(h)).toBe(before);
  });

  it('saves the raw answer with its provenance, the big ids as the numbers the service wrote', async () => {
    await h.page.getByTestId('explorer-save').click();
    const saved = (await h.page.getByTestId('explorer-saved').locator('.mono').textContent()) ?? '';
    expect(saved.startsWith(`${h.core.downloadFolder()}/explorer/`)).toBe(true);
    const text = readFileSync(saved, 'utf8');
    const code = await input(h, 'code').inputValue();
    const post = h.sim.sim.world.media.find((m) => m.code === code)!;
    expect(text).toContain(`"pk":${post.pk}`);
    const file = parseLossless(text) as { endpoint: string; pages: { params: Record<string, string>; cacheHit: boolean; answerExact: boolean }[] };
    expect(file.endpoint).toBe('/v2/media/info/by/code');
    expect(file.pages).toMatchObject([{ params: { code }, cacheHit: true, answerExact: true }]);
  });
});
