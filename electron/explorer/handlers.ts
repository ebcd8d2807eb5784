// The Explorer's part of main: the answer store tapped into the call service, and the two operations
// the Explorer screen asks for (an answer's big integers, saving raw answers). core.ts wires it.
import { validationError, type AppError } from '../../shared/api/errors';
import { isExplorerRequest } from '../../shared/explorer';
import type { Handlers } from '../ipc/router';
import { createAnswerStore, sha256Of, type AnswerStore, type HeldAnswer } from './answers';
import { bigIntPointers } from './big-ints';
import { saveRawAnswers } from './save';

export interface ExplorerDeps {
  /** The download folder (the setting, or its default). */
  downloadFolder: () => string;
  version: string;
  mode: () => 'demo' | 'live';
  now?: () => number;
  store?: AnswerStore;
}

export interface Explorer extends Pick<AnswerStore, 'observe' | 'observeError' | 'served'> {
  handlers: Pick<Handlers, 'explorerAnswer' | 'explorerSave'>;
}

function gone(requestId: string): AppError {
  return validationError([
    {
      param: 'requestId',
      message: isExplorerRequest(requestId)
        ? 'This answer is no longer held: send the request again (the cache answers it for free) to save it'
        : 'Only answers the Explorer asked for can be read or saved here',
    },
  ]);
}

export function createExplorer(deps: ExplorerDeps): Explorer {
  const store = deps.store ?? createAnswerStore();
  const now = deps.now ?? Date.now;
  const held = (requestId: string): HeldAnswer => {
    const answer = store.get(requestId);
    if (!answer) throw gone(requestId);
    return answer;
  };
  return {
    observe: store.observe,
    observeError: store.observeError,
    served: store.served,
    handlers: {
      explorerAnswer: async ({ requestId }) => {
        const { text, error } = held(requestId);
        if (text === null || error) return { bigInts: null, bytes: null, sha256: null };
        return { bigInts: bigIntPointers(text), bytes: Buffer.byteLength(text), sha256: sha256Of(text) };
      },
      explorerSave: async ({ requestIds }) => {
        const pages = requestIds.map(held);
        const saved = await saveRawAnswers(pages, { folder: deps.downloadFolder(), appVersion: deps.version, mode: deps.mode(), now: now() });
        return { ...saved, pages: pages.length };
      },
    },
  };
}
