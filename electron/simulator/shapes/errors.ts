// FastAPI error bodies the routes answer (service-facts.md "Errors"), as RouteOutcomes.
import type { RouteOutcome } from '../types';

export const userNotFound = (): RouteOutcome => ({ status: 404, body: { detail: 'User not found', exc_type: 'UserNotFound' } });
export const mediaUnavailable = (): RouteOutcome => ({ status: 404, body: { detail: 'Media is unavailable', exc_type: 'MediaUnavailable' } });
export const entriesNotFound = (): RouteOutcome => ({ status: 404, body: { detail: 'Entries not found', exc_type: 'NotFoundError' } });
export const commentsDisabled = (): RouteOutcome => ({ status: 403, body: { detail: 'Comments disabled by author', exc_type: 'CommentsDisabled' } });
/**
 * A private account's posts, stories, highlights or followers without `force`. The production body is
 * not documented ("the account, comment or media is private"); this one is ours.
 */
export const privateAccount = (): RouteOutcome => ({ status: 403, body: { detail: 'Account is private', exc_type: 'PrivateAccount' } });
export const notFound = (what: string): RouteOutcome => ({ status: 404, body: { detail: `${what} not found`, exc_type: 'NotFoundError' } });

/** FastAPI's 422 list body for one query parameter. */
export function invalidParam(param: string, msg: string, type: 'missing' | 'value_error' = 'value_error'): RouteOutcome {
  return { status: 422, body: { detail: [{ loc: ['query', param], msg, type }] } };
}

export const missingParam = (param: string): RouteOutcome => invalidParam(param, 'Field required', 'missing');
export const invalidCursor = (param: string): RouteOutcome => invalidParam(param, 'Invalid cursor: pass the value from the previous page');
