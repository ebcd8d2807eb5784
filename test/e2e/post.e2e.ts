// The post view and its comment thread, against the simulator's world: carousels move with the arrow
// keys, videos play and seek through app-media:, usertags name the world's tagged users, the thread pages
// to the world's top-level comment count, "View N replies" shows the world's N replies, and a post with
// comments turned off spends nothing on comments. Each state is saved as a screenshot in both themes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadOf, type World, type WorldMedia } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { callsTo, open, scrollToEnd, scrollToTop } from './support/page';

function isPublic(world: World, m: WorldMedia): boolean {
  return world.userByPk.get(m.ownerPk)?.isPrivate === false;
}

function ownerOf(world: World, m: WorldMedia) {
  const owner = world.userByPk.get(m.ownerPk);
  if (!owner) throw new Error(`no owner for ${m.pk}`);
  return owner;
}

function find(world: World, what: string, test: (m: WorldMedia) => boolean): WorldMedia {
  const m = world.media.find((x) => isPublic(world, x) && test(x));
  if (!m) throw new Error(`the world has no ${what}`);
  return m;
}

/** A post with a long thread whose first page holds a comment with more replies than one page (10). */
function threadFixture(world: World): { media: WorldMedia; parentPk: string; replyPks: string[] } {
  for (const m of world.media) {
    if (!isPublic(world, m) || m.commentsDisabled) continue;
    const thread = threadOf(world, m);
    if (thread.top.length < 31) continue;
    const parent = thread.top.slice(0, 15).find((c) => c.replies.length > 10);
    if (parent) return { media: m, parentPk: parent.pk, replyPks: parent.replies.map((r) => r.pk) };
  }
  throw new Error('the world has no long thread with a long reply chain on its first page');
}

async function openPost(h: Harness, m: WorldMedia): Promise<void> {
  const kind = m.productType === 'clips' ? 'reel' : m.productType === 'igtv' ? 'tv' : 'p';
  // `open` blurs the omnibox: the page, not the omnibox, gets the arrow keys from here on.
  await open(h, `https://www.instagram.com/${kind}/${m.code}/`);
  // This post's view, not the one before it (two posts of one owner look alike until the new one is shown).
  await h.page.locator(`[data-testid=post-view][data-code="${m.code}"]`).waitFor();
  await expect.poll(() => h.page.getByTestId('post-owner').textContent()).toBe(ownerOf(h.sim.sim.world, m).username);
}

function utcText(epochSec: number): string {
  return `${new Date(epochSec * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

describe.each(['light', 'dark'] as const)('post view (%s)', (theme) => {
  let h: Harness;
  let world: World;
  beforeAll(async () => {
    h = await openHarness({ theme });
    world = h.sim.sim.world;
  });
  afterAll(() => stopHarness(h));

  it('a carousel shows the world\'s item count and moves with the arrow keys, buttons and dots', async () => {
    const m = find(world, 'mixed carousel', (x) => x.kind === 'carousel' && x.children.length >= 3 && x.children[1]?.video !== null && x.children[0]?.video === null);
    await openPost(h, m);
    const n = m.children.length;
    const position = h.page.getByTestId('carousel-position');
    await expect.poll(() => position.textContent()).toBe(`1 / ${n}`);
    await expect.poll(() => h.page.getByTestId('post-kind').textContent()).toBe(`Carousel · ${n}`);
    await h.page.locator('.stage-box img').waitFor();
    await h.shot('post-carousel');

    await h.page.keyboard.press('ArrowRight');
    await expect.poll(() => position.textContent()).toBe(`2 / ${n}`);
    // The world's second item is a video: the stage now plays it.
    await h.page.getByTestId('post-video').waitFor();
    await h.page.keyboard.press('ArrowLeft');
    await expect.poll(() => position.textContent()).toBe(`1 / ${n}`);
    await h.page.keyboard.press('ArrowLeft');
    await expect.poll(() => position.textContent()).toBe(`1 / ${n}`);

    await h.page.getByRole('button', { name: 'Next item' }).click();
    await expect.poll(() => position.textContent()).toBe(`2 / ${n}`);
    await h.page.getByRole('button', { name: `Item ${n} of ${n}`, exact: false }).click();
    await expect.poll(() => position.textContent()).toBe(`${n} / ${n}`);
    await expect.poll(() => h.page.getByRole('button', { name: 'Next item' }).isDisabled()).toBe(true);
  });

  it('a video post plays and seeks through app-media:', async () => {
    const m = find(world, 'feed video', (x) => x.kind === 'video' && x.video !== null);
    await openPost(h, m);
    const video = h.page.getByTestId('post-video');
    await video.waitFor();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 15_000 }).toBeGreaterThan(0);
    const started = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      return v.currentTime;
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(started);
    const seeked = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.pause();
          v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
          v.currentTime = v.duration / 2;
        }),
    );
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(seeked).toBeCloseTo(duration / 2, 0);
    await h.shot('post-video');
  });

  it('a reel opens here with its kind and plays', async () => {
    const m = find(world, 'reel', (x) => x.productType === 'clips' && !x.isTrial);
    await openPost(h, m);
    await expect.poll(() => h.page.getByTestId('post-kind').textContent()).toMatch(/^Reel/);
    await expect.poll(() => h.page.getByTestId('post-video').evaluate((v: HTMLVideoElement) => v.duration), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => h.page.getByTestId('count-reshares').locator('dd').textContent()).toBe((m.reshareCount ?? 0).toLocaleString('en-US'));
  });

  it('a reel opens from its /share/reel/<token>/ and /share/<token>/ links, resolved through the share endpoints', async () => {
    const m = find(world, 'shared reel', (x) => x.productType === 'clips' && x.shareToken !== null);
    const owner = ownerOf(world, m).username;
    for (const [link, path] of [
      [`https://www.instagram.com/share/reel/${m.shareToken}/`, '/v1/share/reel/by/url'],
      [`https://www.instagram.com/share/${m.shareToken}/`, '/v1/share/by/code'],
    ] as const) {
      const before = callsTo(h).length;
      await open(h, link);
      // Resolved and opened: both links name the same reel, so the view alone cannot tell the second one did.
      await h.page.getByTestId('omnibox-busy').waitFor({ state: 'detached' });
      await h.page.getByTestId('post-view').waitFor();
      await expect.poll(() => h.page.getByTestId('post-owner').textContent()).toBe(owner);
      // One call resolves the link; the token is never sent as a post code.
      const calls = callsTo(h).slice(before);
      expect(calls.filter((c) => c.path.startsWith('/v1/share/')).map((c) => c.path)).toEqual([path]);
      expect(calls.some((c) => Object.values(c.params).includes(m.shareToken ?? ''))).toBe(path === '/v1/share/by/code');
      expect(calls.filter((c) => c.path === '/v1/media/by/code' || c.path === '/v1/media/by/url')).toEqual([]);
    }
  });

  it('IGTV opens here too, with its kind, title and /tv/ link', async () => {
    const m = find(world, 'IGTV video', (x) => x.productType === 'igtv');
    await openPost(h, m);
    await expect.poll(() => h.page.getByTestId('post-kind').textContent()).toMatch(/^IGTV/);
    await h.page.getByTestId('post-video').waitFor();
    // Demo mode: the post is invented, so its web link is named but not offered.
    const link = h.page.getByTestId('post-view').getByTestId('simulated-link');
    await expect(link.getAttribute('data-href')).resolves.toBe(`https://www.instagram.com/tv/${m.code}/`);
    await expect(link.textContent()).resolves.toContain('simulated: not on the web');
  });

  it('names the coauthors of a post', async () => {
    const m = find(world, 'coauthored post', (x) => x.coauthors.length > 0);
    await openPost(h, m);
    const names = m.coauthors.map((pk) => world.userByPk.get(pk)?.username);
    await expect.poll(() => h.page.getByTestId('post-coauthors').textContent()).toBe(`with ${names.join(', ')}`);
  });

  it('the usertags overlay names the world\'s tagged users and opens their profiles', async () => {
    const m = find(world, 'tagged photo', (x) => x.kind === 'image' && x.usertags.length >= 2);
    await openPost(h, m);
    const tagged = m.usertags.map((t) => world.userByPk.get(t.userPk)?.username);
    await expect.poll(() => h.page.getByTestId('usertag').count()).toBe(0);
    await h.page.getByTestId('usertags-toggle').click();
    await expect.poll(() => h.page.getByTestId('usertag').evaluateAll((els) => els.map((e) => e.getAttribute('data-username')))).toEqual(tagged);
    // Each marker sits at the world's x, y inside the picture.
    const first = m.usertags[0]!;
    const placed = await h.page.getByTestId('usertag').first().evaluate((el) => ({ left: (el as HTMLElement).style.left, top: (el as HTMLElement).style.top }));
    expect(parseFloat(placed.left)).toBeCloseTo(first.x * 100, 3);
    expect(parseFloat(placed.top)).toBeCloseTo(first.y * 100, 3);
    await h.shot('post-usertags');
    // A marker opens the tagged account's profile; Back returns to the post.
    await h.page.getByTestId('usertag').first().click();
    await expect.poll(() => h.page.getByTestId('post-view').count()).toBe(0);
    await h.page.getByRole('button', { name: 'Back', exact: true }).click();
    await h.page.getByTestId('post-view').waitFor();
  });

  it('shows caption, time (local, UTC on hover), counts and a link to the web', async () => {
    const m = find(world, 'photo with a place and a caption', (x) => x.kind === 'image' && x.locationPk !== null && x.caption.includes('#') && !x.likesHidden && !x.commentsDisabled);
    await openPost(h, m);
    const time = h.page.getByTestId('post-time');
    expect(await time.getAttribute('title')).toBe(utcText(m.takenAt));
    expect(await time.getAttribute('datetime')).toBe(new Date(m.takenAt * 1000).toISOString());
    expect(await h.page.getByTestId('count-likes').locator('dd').textContent()).toBe(m.likeCount.toLocaleString('en-US'));
    expect(await h.page.getByTestId('count-comments').locator('dd').textContent()).toBe(threadOf(world, m).total.toLocaleString('en-US'));
    const firstTag = m.hashtags[0]!;
    await expect.poll(() => h.page.getByTestId('post-caption').getByText(`#${firstTag}`, { exact: true }).count()).toBeGreaterThan(0);
    const place = world.locationByPk.get(m.locationPk!)!;
    expect(await h.page.getByTestId('post-location').textContent()).toBe(place.name);
    const opened = h.opened.length;
    await h.page.getByTestId('post-view').getByTestId('simulated-link').click();
    await expect(h.page.getByTestId('post-view').getByTestId('simulated-link').getAttribute('data-href')).resolves.toBe(`https://www.instagram.com/p/${m.code}/`);
    expect(h.opened).toHaveLength(opened); // nothing of the platform opens for an invented post
    // Hashtags in the caption open the hashtag page inside the app.
    await h.page.getByTestId('post-caption').getByText(`#${firstTag}`, { exact: true }).first().click();
    await expect.poll(() => h.page.getByTestId('hashtag-name').textContent()).toBe(`#${firstTag}`);
    await h.page.getByRole('button', { name: 'Back', exact: true }).click();
    await h.page.getByTestId('post-location').click();
    await expect.poll(() => h.page.getByTestId('place-name').textContent()).toBe(place.name);
  });

  it('the thread shows "View N replies" with the world\'s N replies, paged with min_id', async () => {
    const { media, parentPk, replyPks } = threadFixture(world);
    await openPost(h, media);
    const thread = threadOf(world, media);
    const firstComment = h.page.getByTestId('comment').first();
    await expect.poll(() => firstComment.getAttribute('data-comment-id')).toBe(thread.top[0]!.pk);
    expect(await firstComment.locator('.comment-text').textContent()).toBe(thread.top[0]!.text);

    const row = h.page.locator(`[data-testid="comment"][data-comment-id="${parentPk}"]`);
    await row.scrollIntoViewIfNeeded();
    const toggle = row.getByTestId('toggle-replies');
    expect(await toggle.textContent()).toContain(`View ${replyPks.length} replies`);
    await toggle.click();
    const replies = row.getByTestId('reply');
    await expect.poll(() => replies.count()).toBeGreaterThan(0);
    // Each "View more replies" loads the next page of 10 until the chain is complete.
    for (let i = 0; i < 10 && (await row.getByTestId('more-replies').count()) > 0; i++) {
      const before = await replies.count();
      await row.getByTestId('more-replies').click();
      await expect.poll(() => replies.count()).toBeGreaterThan(before);
    }
    await expect.poll(() => replies.evaluateAll((els) => els.map((e) => e.getAttribute('data-comment-id')))).toEqual(replyPks);
    const replyCalls = callsTo(h, '/v2/media/comments/replies').filter((c) => c.params.comment_id === parentPk);
    expect(replyCalls.length).toBe(Math.ceil(replyPks.length / 10));
    expect(replyCalls.slice(1).every((c) => typeof c.params.min_id === 'string')).toBe(true);
    await h.shot('post-comments');
  });

  it('the thread paged to the end has the world\'s top-level comment count', async () => {
    const { media } = threadFixture(world);
    const thread = threadOf(world, media);
    await scrollToTop(h);
    const count = await scrollToEnd(h);
    expect(count).toBe(thread.top.length);
    const pages = callsTo(h, '/v2/media/comments').filter((c) => c.params.id === media.pk);
    expect(pages.length, JSON.stringify(pages)).toBe(Math.ceil(thread.top.length / 15));
    await h.shot('post-comments-end');
  });

  it('comment likers load on request', async () => {
    const { media } = threadFixture(world);
    const thread = threadOf(world, media);
    const liked = thread.top.slice(0, 15).find((c) => c.likeCount > 0);
    if (!liked) throw new Error('no liked comment on the first page');
    await scrollToTop(h);
    const row = h.page.locator(`[data-testid="comment"][data-comment-id="${liked.pk}"]`);
    await row.scrollIntoViewIfNeeded();
    await row.getByTestId('comment-likes').first().click();
    await expect.poll(() => row.getByTestId('comment-liker').count()).toBe(Math.min(50, liked.likeCount));
  });

  it('a post with comments turned off spends nothing on comments', async () => {
    const m = find(world, 'post with comments off', (x) => x.commentsDisabled);
    await openPost(h, m);
    await h.page.getByTestId('comments-disabled').waitFor();
    expect(callsTo(h, '/v2/media/comments').filter((c) => c.params.id === m.pk)).toEqual([]);
    await h.shot('post-comments-disabled');
  });

  it('a post without comments says so without an error, and asks the service only on request', async () => {
    const m = find(world, 'post without comments', (x) => !x.commentsDisabled && threadOf(world, x).total === 0);
    await openPost(h, m);
    await h.page.getByTestId('comments-empty').waitFor();
    expect(callsTo(h, '/v2/media/comments').filter((c) => c.params.id === m.pk)).toEqual([]);
    await h.page.getByRole('button', { name: /Check with the service/ }).click();
    await expect.poll(() => callsTo(h, '/v2/media/comments').filter((c) => c.params.id === m.pk).length).toBe(1);
    // The service answers 404 "Entries not found": still "No comments yet", not an error.
    await expect.poll(() => h.page.getByTestId('comments-empty').textContent()).toContain('No comments yet');
    expect(await h.page.locator('.error-box').count()).toBe(0);
    await h.shot('post-no-comments');
  });

  it('likers, insight and embed code come on request', async () => {
    const m = find(world, 'liked photo', (x) => x.kind === 'image' && !x.likesHidden && x.likeCount > 20);
    await openPost(h, m);
    expect(callsTo(h, '/v1/media/likers').filter((c) => c.params.id === m.pk)).toEqual([]);
    await h.page.getByTestId('tab-likers').click();
    await h.page.getByTestId('load-likers').click();
    await expect.poll(() => h.page.getByTestId('likers-count').textContent()).toMatch(new RegExp(`^${m.likeCount.toLocaleString('en-US')} accounts`));
    await h.page.getByTestId('user-row').first().waitFor();
    await h.shot('post-likers');

    await h.page.getByTestId('open-insight').click();
    const insight = h.page.getByTestId('insight-dialog');
    await expect.poll(() => insight.locator('dt', { hasText: /^Likes$/ }).locator('xpath=following-sibling::dd[1]').textContent()).toBe(m.likeCount.toLocaleString('en-US'));
    await h.shot('post-insight');
    await h.page.keyboard.press('Escape');
    await expect.poll(() => insight.count()).toBe(0);

    await h.page.getByTestId('open-embed').click();
    const html = h.page.getByTestId('embed-html');
    await expect.poll(() => html.inputValue()).toContain(`https://www.instagram.com/p/${m.code}/`);
    // Shown as text, never rendered.
    expect(await h.page.locator('blockquote.instagram-media').count()).toBe(0);
    await h.shot('post-embed');
    await h.page.keyboard.press('Escape');
  });

  it('has no page errors', () => {
    expect(h.logs.filter((l) => l.startsWith('pageerror'))).toEqual([]);
  });
});
