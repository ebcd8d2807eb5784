// Main's questions to the user, as the tests see them: every question is recorded, and answered by a
// policy ('confirm', 'decline', a function) or left waiting until the test answers it (`next()`), as a
// user would click in the native dialog. Used by unit tests and by the browser harness.
import type { Ask, AskAnswer, AskRequest } from '../../electron/calls/ask';

export interface PendingQuestion {
  request: AskRequest;
  confirm(checked?: boolean): void;
  decline(): void;
}

export type AskPolicy = 'confirm' | 'decline' | 'wait' | ((request: AskRequest) => AskAnswer);

export interface AskRecorder {
  ask: Ask;
  /** Every question asked so far, in order. */
  asked: AskRequest[];
  /** How new questions are answered. Default 'decline' (nothing is authorised unless a test says so). */
  policy: AskPolicy;
  /** The next question that waits for an answer (policy 'wait'), once it is asked. */
  next(timeoutMs?: number): Promise<PendingQuestion>;
  /** Questions asked with the given purpose. */
  of(purpose: AskRequest['purpose']): AskRequest[];
}

export function createAskRecorder(policy: AskPolicy = 'decline'): AskRecorder {
  const waiting: PendingQuestion[] = [];
  const takers: ((q: PendingQuestion) => void)[] = [];
  const recorder: AskRecorder = {
    asked: [],
    policy,
    ask: (request) => {
      recorder.asked.push(request);
      const p = recorder.policy;
      if (p === 'confirm') return Promise.resolve({ confirmed: true, checked: false });
      if (p === 'decline') return Promise.resolve({ confirmed: false, checked: false });
      if (typeof p === 'function') return Promise.resolve(p(request));
      return new Promise<AskAnswer>((resolve) => {
        const q: PendingQuestion = {
          request,
          confirm: (checked = false) => resolve({ confirmed: true, checked }),
          decline: () => resolve({ confirmed: false, checked: false }),
        };
        const taker = takers.shift();
        if (taker) taker(q);
        else waiting.push(q);
      });
    },
    next: (timeoutMs = 10_000) => {
      const ready = waiting.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise<PendingQuestion>((resolve, reject) => {
        const timer = setTimeout(() => {
          const i = takers.indexOf(take);
          if (i >= 0) takers.splice(i, 1);
          reject(new Error(`no question was asked within ${timeoutMs} ms (asked so far: ${recorder.asked.map((a) => a.title).join(' | ') || 'none'})`));
        }, timeoutMs);
        const take = (q: PendingQuestion) => {
          clearTimeout(timer);
          resolve(q);
        };
        takers.push(take);
      });
    },
    of: (purpose) => recorder.asked.filter((a) => a.purpose === purpose),
  };
  return recorder;
}
