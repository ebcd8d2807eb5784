// @vitest-environment happy-dom
// A grid cell shown again for another post, as the virtual grid recycles its cells while pages arrive:
// it keeps its nodes (the same <img>, the same marks) instead of building new ones for every post, never
// shows the last post's image while the next one loads, and a failed image belongs to its own URL.
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Post } from '../../../../shared/records';
import { PostCell } from '../../../../renderer/src/components/Cards';
import { useAppState } from '../../../../renderer/src/state/app';

afterEach(() => cleanup());
beforeEach(() => {
  useAppState.setState({ info: { mediaBase: 'http://127.0.0.1:9/app-media/' } as never });
});

/** The fields a cell reads, with synthetic values. */
function post(n: number, over: Partial<Post> = {}): Post {
  return {
    kind: 'post',
    id: `${n}`,
    code: `CODE${n}`,
    mediaType: 'image',
    productType: 'feed',
    images: [{ url: `https://cdn.example/${n}.jpg`, width: 640, height: 640 }],
    children: [],
    thumbnailUrl: null,
    counts: { likes: 10 * n, comments: n, plays: null },
    likesHidden: false,
    takenAt: 1_700_000_000 + n * 86_400,
    accessibilityCaption: null,
    owner: { username: 'synthetic_owner' },
    caption: { text: `post ${n}` },
    ...over,
  } as unknown as Post;
}

const cell = (p: Post) => createElement(PostCell, { post: p });

describe('PostCell shown for another post', () => {
  it('keeps its <img> and hides the previous image until the next one has loaded', () => {
    const view = render(cell(post(1)));
    const img = view.container.querySelector('img') as HTMLImageElement;
    expect(img.hasAttribute('data-stale')).toBe(false); // the first image shows as it loads
    act(() => void fireEvent.load(img));

    view.rerender(cell(post(2)));
    const next = view.container.querySelector('img') as HTMLImageElement;
    expect(next).toBe(img);
    expect(next.getAttribute('src')).toContain(encodeURIComponent('https://cdn.example/2.jpg'));
    expect(next.hasAttribute('data-stale')).toBe(true); // hidden: post 1's image is still what the browser has
    act(() => void fireEvent.load(next));
    expect(next.hasAttribute('data-stale')).toBe(false);
  });

  it('changes its marks in place: no node dropped between posts of other kinds', () => {
    const view = render(cell(post(1)));
    const dropped: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((r) => dropped.push(...r.removedNodes)));
    observer.observe(view.container, { childList: true, subtree: true });
    const kinds: Partial<Post>[] = [
      { mediaType: 'carousel' },
      { productType: 'clips', mediaType: 'video' },
      { mediaType: 'video' },
      { likesHidden: true, takenAt: null },
      {},
    ];
    kinds.forEach((over, i) => view.rerender(cell(post(i + 2, over))));
    observer.takeRecords().forEach((r) => dropped.push(...r.removedNodes));
    observer.disconnect();
    expect(dropped).toEqual([]);
    // And what shows is the last post's: no kind mark for a photo, its counts and date.
    expect((view.container.querySelector('.corner') as HTMLElement).hidden).toBe(true);
    expect(view.container.querySelector('.cell-stats')?.textContent).toContain('60');
  });

  it('says when an image could not be loaded, and tries the next post’s image', () => {
    const view = render(cell(post(1)));
    act(() => void fireEvent.error(view.container.querySelector('img') as HTMLImageElement));
    expect(view.container.textContent).toContain('Image could not be loaded');
    view.rerender(cell(post(2)));
    expect(view.container.querySelector('img')?.getAttribute('src')).toContain(encodeURIComponent('https://cdn.example/2.jpg'));
  });
});
