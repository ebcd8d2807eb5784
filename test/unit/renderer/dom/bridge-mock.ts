// A stand-in for window.feedlens (the preload bridge) in renderer tests: only `call` answers, from a
// script of pages; every request is recorded.
import { vi } from 'vitest';
import type { AppError } from '../../../../shared/api/errors';
import type { CallValue, FeedlensApi, SessionInfo } from '../../../../shared/ipc';

export const session = (id: string): SessionInfo =>
  ({ id, mode: 'demo', reason: 'chosen', origin: 'http://127.0.0.1:1', simulated: true }) as SessionInfo;

export type Answer = { data: unknown } | { error: AppError };

export function mockBridge(answer: (request: { path: string; params: Record<string, unknown> }) => Answer) {
  const call = vi.fn(async (request: { path: string; params: Record<string, unknown>; refresh?: boolean; requestId?: string }) => {
    const a = answer(request);
    if ('error' in a) return { ok: false as const, error: a.error };
    const requestId = `r${call.mock.calls.length}`;
    const value: CallValue = { data: a.data, units: 1, cacheHit: false, requestId, fetchedBy: requestId, fetchedAt: 1_775_000_000_000, session: session('s1') };
    return { ok: true as const, value };
  });
  window.feedlens = { call } as unknown as FeedlensApi;
  return call;
}

/** A v1 post item of user 42, with synthetic values. */
export function v1Post(pk: number): Record<string, unknown> {
  return {
    pk: String(pk),
    id: `${pk}_42`,
    code: `C${pk}`,
    media_type: 1,
    taken_at: '2026-01-01T00:00:00Z',
    user: { pk: '42', username: 'synthetic_user' },
    image_versions: [{ url: `https://cdn.example/${pk}.jpg`, width: 640, height: 640 }],
  };
}
