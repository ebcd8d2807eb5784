// The renderer's only door to main: window.feedlens, typed by shared/ipc/index.ts. Errors arrive as values;
// this module turns them into thrown ServiceErrors where react-query wants exceptions.
import { isAppError, type AppError } from '../../../shared/api/errors';
import type { FeedlensApi, Result } from '../../../shared/ipc';

declare global {
  interface Window {
    feedlens?: FeedlensApi;
  }
}

export function feedlens(): FeedlensApi {
  const api = window.feedlens;
  if (!api) throw new Error('Feedlens bridge missing: the app must run inside Feedlens (window.feedlens is not defined).');
  return api;
}

/** An AppError carried as an exception (react-query needs thrown errors). */
export class ServiceError extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
    this.name = 'ServiceError';
  }
}

export function appErrorOf(error: unknown): AppError {
  if (error instanceof ServiceError) return error.appError;
  if (isAppError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'internal', message: `Something went wrong inside Feedlens: ${message}`, billed: false, retryable: false };
}

export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new ServiceError(result.error);
}
