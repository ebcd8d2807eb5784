// @vitest-environment happy-dom
// The Explorer's Send over a mocked bridge: a link still in the field when the form is sent is read
// first (the service gets the short code, never the link, and the first Send sends); "Fresh answer"
// asks main for a call past the cache, quoted as such; an error the service answered can be saved raw.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findEndpoint } from '../../../../shared/api/catalog';
import type { FeedlensApi } from '../../../../shared/ipc';
import { createQueryClient } from '../../../../renderer/src/queryClient';
import { EndpointPanel } from '../../../../renderer/src/screens/explorer/EndpointPanel';
import { useAppState } from '../../../../renderer/src/state/app';
import { mockBridge, session } from './bridge-mock';

const endpoint = findEndpoint('/v2/media/info/by/code')!;
const LINK = 'https://www.instagram.com/p/Dfh01p7gB5S/';

function bridge(answer: Parameters<typeof mockBridge>[0] = () => ({ data: { media_or_ad: null } })) {
  const call = mockBridge(answer);
  const quote = vi.fn(async (args: { refresh?: boolean }) => ({ ok: true as const, value: { cost: 1, needsConfirmation: false, remembered: false, balance: 100, cached: !args.refresh } }));
  const explorerAnswer = vi.fn(async () => ({ ok: true as const, value: { bigInts: [], bytes: 2, sha256: null } }));
  const explorerSave = vi.fn(async () => ({ ok: true as const, value: { path: '/tmp/x.json', bytes: 1, pages: 1 } }));
  Object.assign(window.feedlens as FeedlensApi, { quote, explorerAnswer, explorerSave });
  return { call, quote, explorerSave };
}

afterEach(() => {
  cleanup();
  delete window.feedlens;
});

const field = () => screen.getByTestId('param-input') as HTMLInputElement;

function show(initial: Record<string, unknown> = {}) {
  useAppState.setState({ mode: { session: session('s1') } as never });
  render(createElement(QueryClientProvider, { client: createQueryClient() }, createElement(EndpointPanel, { endpoint, initial })));
}

describe('the Explorer form', () => {
  it('reads a link still in the field when sent with Enter, and sends its short code', async () => {
    const { call } = bridge();
    show();
    fireEvent.change(field(), { target: { value: LINK } });
    // No complaint about the link while it is typed: it will be read.
    expect(screen.queryByTestId('param-issue')).toBeNull();
    fireEvent.submit(screen.getByTestId('endpoint-form'));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call.mock.calls[0]?.[0]).toMatchObject({ path: endpoint.path, params: { code: 'Dfh01p7gB5S' } });
    expect(call.mock.calls[0]?.[0].refresh).toBeUndefined();
    expect(field().value).toBe('Dfh01p7gB5S');
    expect(screen.getByTestId('param-read').textContent).toContain('short code');
  });

  it('keeps the focus in the field when Send is pressed, so reading the link cannot move Send away', () => {
    bridge();
    show();
    const pressed = fireEvent.mouseDown(screen.getByTestId('explorer-send'));
    expect(pressed).toBe(false); // default prevented: no blur before the click
  });

  it('asks for a fresh answer past the cache, quoted as a paid call', async () => {
    const { call, quote } = bridge();
    show({ code: 'Dfh01p7gB5S' });
    await screen.findByText(/answered for free/);
    fireEvent.click(screen.getByTestId('explorer-fresh'));
    await waitFor(() => expect(screen.getByTestId('quote').textContent).toContain('Costs 1 request'));
    expect(quote).toHaveBeenLastCalledWith({ path: endpoint.path, params: { code: 'Dfh01p7gB5S' }, refresh: true });
    fireEvent.click(screen.getByTestId('explorer-send'));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call.mock.calls[0]?.[0]).toMatchObject({ params: { code: 'Dfh01p7gB5S' }, refresh: true });
  });

  it('saves the error answer of a failed call raw', async () => {
    const { call, explorerSave } = bridge(() => ({ error: { kind: 'not_found', message: 'Not found.', status: 404, billed: true, units: 1, retryable: false } }));
    show({ code: 'Dfh01p7gB5S' });
    fireEvent.click(screen.getByTestId('explorer-send'));
    const save = await screen.findByTestId('explorer-save-error');
    // The header counts what the failed call was billed.
    expect(screen.getByTestId('explorer-totals').textContent).toMatch(/0 pages · 0 records · 1 request billed/);
    await act(async () => void fireEvent.click(save));
    const requestId = call.mock.calls[0]?.[0].requestId;
    expect(requestId).toMatch(/^explorer:/);
    expect(explorerSave).toHaveBeenCalledWith({ requestIds: [requestId] });
  });
});
