// Hashtag, place and music pages against the simulator's world: the hashtag feeds page to the world's
// counts and order, a non-Latin tag opens, a place's details equal the world's, and a music page plays
// its preview and lists the world's reels for the track. Screens are saved in both themes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { World, WorldHashtag, WorldLocation, WorldTrack } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { callsTo, open, scrollToEnd, scrollToTop } from './support/page';

function codeOf(world: World, pk: string | undefined): string {
  const m = pk ? world.mediaByPk.get(pk) : undefined;
  if (!m) throw new Error(`no post ${pk}`);
  return m.code;
}

async function firstCellCode(h: Harness, grid: string): Promise<string | null> {
  const cell = h.page.getByTestId(grid).getByTestId('post-cell').first();
  await cell.waitFor();
  return cell.getAttribute('data-code');
}

describe.each(['light', 'dark'] as const)('hashtag, place and music pages (%s)', (theme) => {
  let h: Harness;
  let world: World;
  beforeAll(async () => {
    h = await openHarness({ theme });
    world = h.sim.sim.world;
  });
  afterAll(() => stopHarness(h));

  it('a small hashtag\'s top feed pages to the end with the world\'s count and order', async () => {
    const tag = world.hashtags.filter((t) => /^[a-z]+$/.test(t.name)).reduce<WorldHashtag | null>((a, b) => (a === null || b.top.length < a.top.length ? b : a), null)!;
    await open(h, `#${tag.name}`);
    await expect.poll(() => h.page.getByTestId('hashtag-name').textContent()).toBe(`#${tag.name}`);
    await expect.poll(() => h.page.getByTestId('hashtag-count').textContent()).toContain(`${tag.recent.length.toLocaleString('en-US')} posts`);
    expect(await firstCellCode(h, 'hashtag-top')).toBe(codeOf(world, tag.top[0]));
    await h.page.locator('[data-testid="hashtag-top"] img').first().waitFor();
    await h.shot('hashtag-top');
    expect(await scrollToEnd(h)).toBe(tag.top.length);
    expect(callsTo(h, '/v1/hashtag/medias/top/chunk').filter((c) => c.params.name === tag.name)).toHaveLength(Math.ceil(tag.top.length / 12));
    await h.shot('hashtag-top-end');

    await scrollToTop(h);
    await h.page.getByTestId('tab-recent').click();
    expect(await firstCellCode(h, 'hashtag-recent')).toBe(codeOf(world, tag.recent[0]));
    await h.page.getByTestId('tab-reels').click();
    expect(await firstCellCode(h, 'hashtag-reels')).toBe(codeOf(world, tag.clips[0]));
    await h.page.locator('[data-testid="hashtag-reels"] img').first().waitFor();
    await h.shot('hashtag-reels');
  });

  it('a non-Latin hashtag opens (#東京)', async () => {
    const tag = world.hashtagByName.get('東京');
    if (!tag) throw new Error('the world has no #東京');
    await open(h, '#東京');
    await expect.poll(() => h.page.getByTestId('hashtag-name').textContent()).toBe('#東京');
    await expect.poll(() => h.page.getByTestId('hashtag-count').textContent()).toContain(`${tag.recent.length.toLocaleString('en-US')} posts`);
    expect(await firstCellCode(h, 'hashtag-top')).toBe(codeOf(world, tag.top[0]));
    expect(callsTo(h, '/v1/hashtag/by/name').at(-1)?.params).toEqual({ name: '東京' });
    await h.page.locator('[data-testid="hashtag-top"] img').first().waitFor();
    await h.shot('hashtag-non-latin');
  });

  it('an unknown hashtag says so', async () => {
    await open(h, '#zzqqxxnotatag');
    await expect.poll(() => h.page.getByTestId('lookup-not-found').getAttribute('data-error-kind')).toBe('not_found');
    // The feeds are not asked for a tag the service does not know.
    expect(callsTo(h, '/v1/hashtag/medias/top/chunk').filter((c) => c.params.name === 'zzqqxxnotatag')).toEqual([]);
    await h.shot('hashtag-not-found');
  });

  it('an unknown place or audio id says so and loads no feed', async () => {
    const unknown = '999999999999';
    expect(world.locationByPk.has(Number(unknown))).toBe(false);
    await open(h, `https://www.instagram.com/explore/locations/${unknown}/`);
    await expect.poll(() => h.page.getByTestId('lookup-not-found').textContent()).toContain(unknown);
    expect(callsTo(h, '/v1/location/medias/recent/chunk').filter((c) => c.params.location_pk === unknown)).toEqual([]);
    await open(h, `https://www.instagram.com/reels/audio/${unknown}/`);
    await expect.poll(() => h.page.getByTestId('lookup-not-found').textContent()).toContain('no audio');
    await h.shot('music-not-found');
  });

  it('a place shows the world\'s details, a map link and its recent and top posts', async () => {
    const place = world.locations.find((l): l is WorldLocation => l.hours !== null && l.website !== '' && l.address !== '' && l.zip !== '' && l.recent.length > 24);
    if (!place) throw new Error('the world has no busy place with full details');
    await open(h, `https://www.instagram.com/explore/locations/${place.pk}/`);
    await expect.poll(() => h.page.getByTestId('place-name').textContent()).toBe(place.name);
    expect(await h.page.getByTestId('place-category').textContent()).toBe(place.category);
    const address = (await h.page.getByTestId('place-address').textContent()) ?? '';
    for (const part of [place.address, place.zip, place.city]) expect(address).toContain(part);
    expect(await h.page.getByTestId('place-phone').textContent()).toBe(place.phone);
    expect(await h.page.getByTestId('place-website').textContent()).toContain(place.website.replace(/^https:\/\//, ''));
    const lines = await h.page.getByTestId('place-hours-line').evaluateAll((rows) => rows.map((r) => [r.querySelector('th')?.textContent, r.querySelector('td')?.textContent]));
    expect(lines).toEqual(place.hours!.schedule.map((d) => [d.day, d.open && d.close ? `${d.open} - ${d.close}` : 'Closed']));
    const point = h.page.getByTestId('place-coordinates').locator('[data-lat]');
    expect(Number(await point.getAttribute('data-lat'))).toBe(place.lat);
    expect(Number(await point.getAttribute('data-lng'))).toBe(place.lng);
    const osm = `https://www.openstreetmap.org/?mlat=${place.lat}&mlon=${place.lng}#map=16/${place.lat}/${place.lng}`;
    expect(await h.page.getByTestId('place-map-link').getAttribute('href')).toBe(osm);
    expect(await firstCellCode(h, 'place-recent')).toBe(codeOf(world, place.recent[0]));
    await h.page.locator('[data-testid="place-recent"] img').first().waitFor();
    await h.shot('place');

    // The map opens in the browser through main (OpenStreetMap is on main's allow-list).
    await h.page.getByTestId('place-map-link').click();
    await expect.poll(() => h.opened.at(-1)).toBe(osm);

    expect(await scrollToEnd(h)).toBe(place.recent.length);
    await scrollToTop(h);
    await h.page.getByTestId('tab-top').click();
    expect(await firstCellCode(h, 'place-top')).toBe(codeOf(world, place.top[0]));
    await h.page.locator('[data-testid="place-top"] img').first().waitFor();
    await h.shot('place-top');
  });

  it('a music page shows the world\'s track, plays its preview and lists the reels that use it', async () => {
    const track = world.tracks.filter((t) => t.reels.length > 24).reduce<WorldTrack | null>((a, b) => (a === null || b.reels.length < a.reels.length ? b : a), null);
    if (!track) throw new Error('the world has no track used by more than 24 reels');
    await open(h, `https://www.instagram.com/reels/audio/${track.canonicalId}/`);
    await expect.poll(() => h.page.getByTestId('track-title').textContent()).toBe(track.title);
    expect(await h.page.getByTestId('track-header').getByLabel('Explicit').count()).toBe(track.isExplicit ? 1 : 0);
    expect(await h.page.getByTestId('track-artist').textContent()).toBe(track.artist);
    await expect.poll(() => h.page.getByTestId('track-reels-count').textContent()).toContain(`${track.reels.length} reels`);
    // One request serves the track details and the first page of reels: page 1 is asked for once.
    expect(callsTo(h, '/v2/track/by/canonical/id').filter((c) => c.params.canonical_id === track.canonicalId && c.params.page_id === undefined)).toHaveLength(1);

    const audio = h.page.getByTestId('track-audio');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 15_000 }).toBeGreaterThan(0);
    const started = await audio.evaluate(async (a: HTMLAudioElement) => {
      a.muted = true;
      await a.play();
      return a.currentTime;
    });
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 }).toBeGreaterThan(started);
    await audio.evaluate((a: HTMLAudioElement) => a.pause());

    expect(await firstCellCode(h, 'track-reels')).toBe(codeOf(world, track.reels[0]));
    await h.page.locator('[data-testid="track-reels"] img').first().waitFor();
    await h.shot('music');
    expect(await scrollToEnd(h)).toBe(track.reels.length);
    const codes = new Set(track.reels.map((pk) => codeOf(world, pk)));
    const shown = await h.page.getByTestId('track-reels').getByTestId('post-cell').evaluateAll((els) => els.map((e) => e.getAttribute('data-code')));
    expect(shown.every((code) => code !== null && codes.has(code))).toBe(true);
    await h.shot('music-end');
  });

  it('has no page errors', () => {
    expect(h.logs.filter((l) => l.startsWith('pageerror'))).toEqual([]);
  });
});
