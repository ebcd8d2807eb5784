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
  units: number;
  cacheHit: boolean;
  fetchedAt: number;
}

export interface AnswerStore {
  /** From the API client: a successful answer's text and what it was parsed into. */
  observe(requestId: string, text: string, data: unknown): void;
  /** From core's call function: the result of a call, passed on unchanged. */
  served(args: OpArgs<'call'>, result: Result<CallValue>): Result<CallValue>;
  get(requestId: string): HeldAnswer | null;
}

export interface AnswerStoreOptions {
  /** Text held at most, in UTF-16 code units (about bytes for JSON). Default 32 MB. */
  maxChars?: number;
  /** Answers held at most. Default 500. */
  maxAnswers?: number;
}

const MAX_ARRIVING = 20;

export function sha256Of(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function createAnswerStore(options: AnswerStoreOptions = {}): AnswerStore {
  const maxChars = options.maxChars ?? 32 * 1024 * 1024;
  const maxAnswers = options.maxAnswers ?? 500;
  // Texts observed whose call has not been served yet (a call is served right after its answer).
  const arriving = new Map<string, { text: string; data: unknown }>();
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
      if (!isExplorerRequest(requestId)) return;
      arriving.set(requestId, { text, data });
      // A call that never got served (it threw after its answer) must not hold its text for ever.
      for (const [oldest] of arriving) {
        if (arriving.size <= MAX_ARRIVING) break;
        arriving.delete(oldest);
      }
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
