// @vitest-environment happy-dom
// The omnibox over a mocked bridge: a share link is resolved through the service, then opened; an answer
// that comes after the researcher has opened something else, or left the page, is dropped instead of
// taking them away from what they are looking at.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Omnibox } from '../../../../renderer/src/components/Omnibox';
import { createQueryClient } from '../../../../renderer/src/queryClient';
import { useNavigation } from '../../../../renderer/src/state/navigation';
import { mockBridge } from './bridge-mock';

const REEL_PK = '3776832898280228145';
const SHARE = 'https://www.instagram.com/share/reel/BAabcdefgh/';

/** The bridge answers a share link only when the test says so. */
function slowShares() {
  const pending: (() => void)[] = [];
  const call = mockBridge(() => ({ data: REEL_PK }));
  const answer = call.getMockImplementation()!;
  call.mockImplementation((request) => new Promise((resolve) => pending.push(() => resolve(answer(request)))));
  // The link is asked once the open has started its mutation: answered then.
  const answerAll = async () => {
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    await act(async () => void pending.splice(0).forEach((go) => go()));
  };
  return { call, answerAll };
}

function enter(text: string): void {
  const box = screen.getByLabelText(/Open a link/);
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

let client: QueryClient;
/** The share links asked are all answered and their answers handled (kept or dropped). */
const settled = () => waitFor(() => expect(client.isMutating()).toBe(0));
const route = () => useNavigation.getState().entries[useNavigation.getState().index];

beforeEach(() => {
  useNavigation.setState({ entries: [{ name: 'search' }], ids: [0], index: 0 });
  client = createQueryClient();
  render(createElement(QueryClientProvider, { client }, createElement(Omnibox)));
});
afterEach(() => {
  cleanup();
  delete window.feedlens;
});

describe('the omnibox', () => {
  it('opens what a share link names once the service has resolved it', async () => {
    const { call, answerAll } = slowShares();
    enter(SHARE);
    expect(screen.getByText(/Resolving the share link/)).toBeTruthy();
    expect(route()).toEqual({ name: 'search' });
    await answerAll();
    await settled();
    expect(call).toHaveBeenCalledTimes(1);
    expect(route()).toEqual({ name: 'post', pk: REEL_PK });
    await waitFor(() => expect(screen.queryByText(/Resolving the share link/)).toBeNull());
  });

  it('drops a share link answer that comes after another link was opened', async () => {
    const { answerAll } = slowShares();
    enter(SHARE);
    enter('https://www.instagram.com/tv/CodeOfTv01/');
    expect(route()).toEqual({ name: 'post', code: 'CodeOfTv01' });
    expect(screen.queryByText(/Resolving the share link/)).toBeNull();
    await answerAll();
    await settled();
    expect(route()).toEqual({ name: 'post', code: 'CodeOfTv01' });
  });

  it('drops a share link answer that comes after the researcher went elsewhere', async () => {
    const { answerAll } = slowShares();
    enter(SHARE);
    act(() => useNavigation.getState().navigate({ name: 'hashtag', tag: 'elsewhere' }));
    await answerAll();
    await settled();
    expect(route()).toEqual({ name: 'hashtag', tag: 'elsewhere' });
  });
});
