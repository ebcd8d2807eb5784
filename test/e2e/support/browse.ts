// The scripted browse of issue 11, as a person would do it: open a profile, scroll its posts (mouse
// wheel) until the third page is on screen, open a post on screen and read its comments to their second
// page, go back, reopen the post and the profile, switch tabs and back, refocus the window. Used by the
// billing end-to-end test and the renderer benchmark, which both report billed/needed from it.
import { ANCHORS, threadOf } from '../../../electron/simulator/world/world';
import type { Harness } from '../harness/harness';
import { pagesSeen, waitForQuiet, watchScreen } from './billing';
import { openAccount, openProfileTab, open as openInOmnibox, worldUser } from './page';

const POSTS = '/v1/user/medias/chunk';
const COMMENTS = '/v2/media/comments';

/** Turns the mouse wheel over the page, a notch at a time, until `done` or `notches` run out; true if done. */
async function wheelUntil(h: Harness, done: () => Promise<boolean>, notches = 80): Promise<boolean> {
  const box = await h.page.locator('#content').boundingBox();
  if (!box) throw new Error('no #content on screen');
  await h.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < notches; i++) {
    if (await done()) return true;
    await h.page.mouse.wheel(0, 120);
    // The time a person's next notch takes; then whatever it started has to finish.
    await h.page.waitForTimeout(120);
    await waitForQuiet(h, 250);
  }
  return done();
}

/** A post cell on screen whose thread has more than one page of comments (15); its code. */
async function postOnScreenWithComments(h: Harness): Promise<string> {
  const codes = await h.page.$$eval('[data-testid=post-grid] [data-testid=post-cell]', (cells) => {
    const box = document.getElementById('content')?.getBoundingClientRect();
    return cells
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return box && r.bottom > box.top && r.top < box.bottom;
      })
      .map((c) => c.getAttribute('data-code') ?? '');
  });
  const world = h.sim.sim.world;
  const code = codes.find((c) => {
    const m = world.mediaByCode.get(c);
    return m && !m.commentsDisabled && threadOf(world, m).top.length > 15;
  });
  if (!code) throw new Error(`no post on screen with two pages of comments among ${codes.join(', ')}`);
  return code;
}

async function openPost(h: Harness, code: string): Promise<void> {
  await openInOmnibox(h, `https://www.instagram.com/p/${code}/`);
  await h.page.getByTestId('post-view').waitFor();
  await h.page.getByTestId('comment-thread').waitFor();
  await waitForQuiet(h);
}

async function refocusWindow(h: Harness): Promise<void> {
  await h.page.evaluate(() => {
    const set = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    window.dispatchEvent(new Event('blur'));
    set('hidden');
    set('visible');
    window.dispatchEvent(new Event('focus'));
  });
  await waitForQuiet(h);
}

/** Runs the browse on a fresh harness (nothing cached); `step` hears what it does. */
export async function scriptedBrowse(h: Harness, step: (what: string) => void = () => undefined): Promise<void> {
  await watchScreen(h);
  const user = worldUser(h, ANCHORS.big);

  step(`open @${user.username}`);
  await openAccount(h, user.username);
  await h.page.getByTestId('post-cell').first().waitFor();
  await waitForQuiet(h);

  step('scroll the posts to page 3');
  if (!(await wheelUntil(h, async () => (await pagesSeen(h, POSTS)) >= 3))) throw new Error('page 3 of the posts never came on screen');

  const code = await postOnScreenWithComments(h);
  step(`open post ${code} and read its comments to page 2`);
  await h.page.locator(`[data-testid=post-cell][data-code="${code}"]`).click();
  await h.page.getByTestId('comment-thread').waitFor();
  await waitForQuiet(h);
  if (!(await wheelUntil(h, async () => (await pagesSeen(h, COMMENTS)) >= 2))) throw new Error('page 2 of the comments never came on screen');

  step('go back');
  await h.page.getByRole('button', { name: 'Back' }).click();
  await h.page.getByTestId('profile').waitFor();
  await waitForQuiet(h);

  step('reopen the post and the profile');
  await openPost(h, code);
  await openAccount(h, user.username);
  await h.page.getByTestId('post-cell').first().waitFor();
  await waitForQuiet(h);

  step('switch to reels and back to posts');
  await openProfileTab(h, 'reels');
  await h.page.getByTestId('post-cell').first().waitFor();
  await waitForQuiet(h);
  await openProfileTab(h, 'posts');
  await h.page.getByTestId('post-cell').first().waitFor();
  await waitForQuiet(h);

  step('refocus the window');
  await refocusWindow(h);
}
