// @vitest-environment happy-dom
// The search screen's tabs over a mocked bridge: a tab switch searches the words in the box. A researcher
// who searched "anna", typed "bruno" and then opened Accounts wants bruno's accounts; the old query must
// not be searched (it spent a request on words no longer wanted). In demo mode the first screen offers
// accounts, a hashtag and a place of the simulated world, as links to the normal lookups.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../renderer/src/queryClient';
import { SearchScreen } from '../../../../renderer/src/screens/Search';
import { useAppState } from '../../../../renderer/src/state/app';
import { useNavigation } from '../../../../renderer/src/state/navigation';
import { mockBridge, session } from './bridge-mock';

let client: QueryClient;
const route = () => useNavigation.getState().entries[useNavigation.getState().index];
const queries = (call: ReturnType<typeof mockBridge>) => call.mock.calls.map(([r]) => `${r.path} ${String(r.params['query'])}`);

beforeEach(() => {
  client = createQueryClient();
  useAppState.setState({ mode: { session: session('s1') } as never });
  useNavigation.setState({ entries: [{ name: 'search', query: 'anna', tab: 'hashtags' }], ids: [0], index: 0 });
});
afterEach(() => {
  cleanup();
  client.clear();
  delete window.feedlens;
});

function show() {
  render(createElement(QueryClientProvider, { client }, createElement(SearchScreen)));
}

describe('search tabs', () => {
  it('search the words in the box, never the previous query', async () => {
    const call = mockBridge(() => ({ data: { results: [] } }));
    show();
    await waitFor(() => expect(queries(call)).toEqual(['/v1/search/hashtags anna']));
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'bruno' } });
    fireEvent.click(screen.getByRole('tab', { name: /Places/ }));
    expect(route()).toEqual({ name: 'search', query: 'bruno', tab: 'places' });
    await waitFor(() => expect(queries(call)).toEqual(['/v1/search/hashtags anna', '/v1/fbsearch/places bruno']));
  });

  it('send nothing when the box was emptied before the switch', async () => {
    const call = mockBridge(() => ({ data: { results: [] } }));
    show();
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('tab', { name: /Music/ }));
    expect(route()).toEqual({ name: 'search', tab: 'music' });
    expect(screen.getByTestId('search-intro')).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('offer accounts, a hashtag and a place to try in demo mode, as routes to the normal lookups', async () => {
    const call = mockBridge(() => ({ data: {} }));
    useNavigation.setState({ entries: [{ name: 'search' }], ids: [0], index: 0 });
    show();
    const tries = screen.getAllByTestId('demo-try').map((b) => b.textContent);
    expect(tries).toEqual(['@skyward.atlas', '@cafelumiere.paris', '@elif.notebook', '#coffee', 'Café Lumière']);
    fireEvent.click(screen.getByText('@skyward.atlas'));
    expect(route()).toEqual({ name: 'profile', username: 'skyward.atlas' });
    act(() => useNavigation.setState({ entries: [{ name: 'search' }], ids: [0], index: 0 }));
    fireEvent.click(screen.getByText('Café Lumière'));
    expect(route()).toEqual({ name: 'search', query: 'Café Lumière', tab: 'places' });
    // Nothing but the normal lookup of what was chosen: the Places search, answered by the service.
    await waitFor(() => expect(queries(call)).toEqual(['/v1/fbsearch/places Café Lumière']));
  });

  it('offer nothing to try with a key', () => {
    mockBridge(() => ({ data: {} }));
    useAppState.setState({ mode: { session: { ...session('s2'), mode: 'live', simulated: false } } as never });
    useNavigation.setState({ entries: [{ name: 'search' }], ids: [0], index: 0 });
    show();
    expect(screen.getByTestId('search-intro')).toBeTruthy();
    expect(screen.queryByTestId('demo-tries')).toBeNull();
  });
});
