// The Explorer's answers as main received them: the exact text of each answer to an Explorer request
// (its id starts with EXPLORER_REQUEST_PREFIX), kept for the JSON tree's big integers and for saving the
// raw answer. Every other call of the app is ignored. Bounded: the least recently used go first.
//
// Two taps on the one call service, neither a path around it: the API client reports each successful
// answer's text (`observe`), and core's call function passes each result by (`served`). A cache hit has
// no text of its own; when its data is the very object an earlier Explorer answer was parsed into (the
// memory cache hands that object back), that answer's text is its text.
import { createHash } from 'node:crypto';
import { isExplorerRequest } from '../../shared/explorer';
import type { CallValue, OpArgs, Result } from '../../shared/ipc';

export interface HeldAnswer {
  requestId: string;
  path: string;
  /** The params the call was made with (cursor included). */
  params: Record<string, unknown>;
  data: unknown;
  /** The answer's text exactly as the service sent it; null for a cache hit whose text is not held. */
  text: string | null;
  /** Units billed; null for an error answer (the error says whether it was billed). */
  units: number | null;
  cacheHit: boolean;
  fetchedAt: number;
  /** An error answer: what the service said (its text is `text`), and whether it was billed. */
  error?: { status: number; kind: string; message: string; billed: boolean };
}

export interface AnswerStore {
  /** From the API client: a successful answer's text and what it was parsed into. */
  observe(requestId: string, text: string, data: unknown): void;
  /** An error answer's text and status (the client's onErrorAnswer): held once its call is served failed. */
  observeError(requestId: string, text: string, status: number): void;
  /** From core's call function: the result of a call, passed on unchanged. */
  served(args: OpArgs<'call'>, result: Result<CallValue>): Result<CallValue>;
  get(requestId: string): HeldAnswer | null;
}

export interface AnswerStoreOptions {
  /** Text held at most, in UTF-16 code units (about bytes for JSON). Default 32 MB. */
  maxChars?: number;
  /** Answers held at most. Default 500. */
  maxAnswers?: number;
  now?: () => number;
}

const MAX_ARRIVING = 20;

export function sha256Of(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function createAnswerStore(options: AnswerStoreOptions = {}): AnswerStore {
  const maxChars = options.maxChars ?? 32 * 1024 * 1024;
  const maxAnswers = options.maxAnswers ?? 500;
  const now = options.now ?? Date.now;
  // Texts observed whose call has not been served yet (a call is served right after its answer); an error
  // answer has its status and no data. A retried call's last answer is the one kept.
  const arriving = new Map<string, { text: string; data: unknown; status?: number; at: number }>();
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const held = new Map<string, HeldAnswer>();
  let chars = 0;

  function drop(requestId: string): void {
    const answer = held.get(requestId);
    if (!answer) return;
    held.delete(requestId);
    chars -= answer.text?.length ?? 0;
  }

  function keep(answer: HeldAnswer): void {
    drop(answer.requestId);
    held.set(answer.requestId, answer);
    chars += answer.text?.length ?? 0;
    for (const [oldest] of held) {
      if (chars <= maxChars && held.size <= maxAnswers) break;
      drop(oldest);
    }
  }

  function arrive(requestId: string, answer: { text: string; data: unknown; status?: number; at: number }): void {
    if (!isExplorerRequest(requestId)) return;
    arriving.delete(requestId);
    arriving.set(requestId, answer);
    // A call that never got served (it threw after its answer) must not hold its text for ever.
    for (const [oldest] of arriving) {
      if (arriving.size <= MAX_ARRIVING) break;
      arriving.delete(oldest);
    }
  }

  /** The text an earlier Explorer answer with this very data object had. */
  function textOfData(data: unknown): string | null {
    if (typeof data !== 'object' || data === null) return null;
    for (const answer of held.values()) {
      if (answer.data === data && answer.text !== null) return answer.text;
    }
    return null;
  }

  return {
    observe(requestId, text, data) {
      arrive(requestId, { text, data, at: now() });
    },
    observeError(requestId, text, status) {
      arrive(requestId, { text, data: undefined, status, at: now() });
    },
    served(args, result) {
      const requestId = result.ok ? result.value.requestId : args.requestId;
      if (requestId !== undefined) {
        const fresh = arriving.get(requestId);
        arriving.delete(requestId);
        if (result.ok && isExplorerRequest(requestId)) {
          const { data, units, cacheHit, fetchedAt } = result.value;
          const text = fresh && fresh.data === data ? fresh.text : textOfData(data);
          keep({ requestId, path: args.path, params: { ...args.params }, data, text, units, cacheHit, fetchedAt });
        } else if (!result.ok && fresh?.status !== undefined) {
          // The service's error answer, kept so it can be saved raw as the service sent it.
          const { kind, message, billed } = result.error;
          const error = { status: result.error.status ?? fresh.status, kind, message, billed };
          keep({ requestId, path: args.path, params: { ...args.params }, data: null, text: fresh.text, units: null, cacheHit: false, fetchedAt: fresh.at, error });
        }
      }
      return result;
    },
    get(requestId) {
      const answer = held.get(requestId);
      if (!answer) return null;
      held.delete(requestId);
      held.set(requestId, answer);
      return answer;
    },
  };
}
