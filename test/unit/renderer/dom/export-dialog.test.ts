// @vitest-environment happy-dom
// The export dialog over a mocked bridge: one pseudonymisation control (the ethics note offers none of its
// own), the manifest's ethics choice says what the user chose ("acknowledged" only when they answered the
// note), and a pseudonymised export drops profile picture links unless the user keeps them.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportDialog, openExport } from '../../../../renderer/src/components/ExportDialog';
import { createQueryClient } from '../../../../renderer/src/queryClient';
import type { FeedlensApi } from '../../../../shared/ipc';
import type { AppRecord } from '../../../../shared/records';
import { normalizeRecord } from '../../../../shared/api/normalize';
import { v1Post } from './bridge-mock';

const post = normalizeRecord('post', v1Post(7), { family: 'v1', path: '/v1/user/medias/chunk' }) as AppRecord;
const provenance = { path: '/v1/user/medias/chunk', params: {}, requestId: 'r1', fetchedAt: 1_775_000_000_000 };

let exportRun: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  exportRun = vi.fn(async () => ({ ok: true as const, value: { path: '/tmp/export.csv', files: ['/tmp/export.csv'], rows: 1, bytes: 10, skipped: 0 } }));
  window.feedlens = { on: () => () => undefined, exportRun } as unknown as FeedlensApi;
  render(createElement(QueryClientProvider, { client: createQueryClient() }, createElement(ExportDialog)));
  act(() => openExport({ items: [{ record: post, provenance }], label: 'Selection of 1 item' }));
});
afterEach(() => {
  cleanup();
  delete window.feedlens;
});

const sent = () => exportRun.mock.calls.at(-1)?.[0] as { ethics: Record<string, unknown>; pseudonymise?: Record<string, unknown> };

describe('the export dialog', () => {
  it('has one pseudonymisation control; the note says whether the export is pseudonymised', () => {
    expect(screen.getAllByLabelText(/pseudonymis/i)).toHaveLength(1);
    expect(screen.getByTestId('ethics-pseudonymised').textContent).toContain('Not pseudonymised');
    fireEvent.click(screen.getByTestId('export-pseudonymise'));
    expect(screen.getByTestId('ethics-pseudonymised').textContent).toContain('is pseudonymised');
  });

  it('records "acknowledged" only when the note was answered', async () => {
    fireEvent.click(screen.getByTestId('export-run'));
    await waitFor(() => expect(exportRun).toHaveBeenCalledTimes(1));
    expect(sent().ethics).toEqual({ reminderShown: true, acknowledged: false, quotes: 'unspecified' });
  });

  it('records paraphrasing when chosen', async () => {
    fireEvent.click(screen.getByTestId('ethics-paraphrase'));
    fireEvent.click(screen.getByTestId('export-run'));
    await waitFor(() => expect(exportRun).toHaveBeenCalledTimes(1));
    expect(sent().ethics).toEqual({ reminderShown: true, acknowledged: true, quotes: 'paraphrase' });
  });

  it('pseudonymised: records it, and drops profile picture links by default', async () => {
    fireEvent.click(screen.getByTestId('export-pseudonymise'));
    fireEvent.change(screen.getByTestId('export-project'), { target: { value: 'thesis' } });
    expect((screen.getByTestId('export-drop-pictures') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('export-run'));
    await waitFor(() => expect(exportRun).toHaveBeenCalledTimes(1));
    expect(sent().ethics).toEqual({ reminderShown: true, acknowledged: true, quotes: 'pseudonymise' });
    expect(sent().pseudonymise).toMatchObject({ project: 'thesis', dropPictures: true });
  });
});
