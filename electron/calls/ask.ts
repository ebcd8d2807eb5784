// Questions main asks the user itself: the only authority for spending, service-address changes and
// raising limits. The renderer may cause a question (by asking for a paid call, a job...), never answer
// one. In the app `ask` shows Electron's native message box; in the test harness a recorder the tests
// answer. The default button is always the one that does not spend.

/** What a question authorises (for the log and for tests). */
export type AskPurpose = 'spend' | 'ceiling' | 'job' | 'budget' | 'renewal' | 'origin' | 'setting';

export interface AskRequest {
  purpose: AskPurpose;
  /** Short, e.g. "Spend 2 requests?" */
  title: string;
  /** One sentence with the facts main knows (cost, balance, what is fetched). */
  message: string;
  detail?: string;
  /** The label of the button that authorises, e.g. "Spend 2 requests". */
  confirm: string;
  /** The label of the safe button. Default "Cancel". */
  cancel?: string;
  /** A checkbox under the question, e.g. "Don't ask again for this kind of request this session". */
  checkbox?: string;
}

export interface AskAnswer {
  confirmed: boolean;
  /** The checkbox was ticked (false when there was none). */
  checked: boolean;
}

export type Ask = (request: AskRequest) => Promise<AskAnswer>;

export const DECLINED: AskAnswer = Object.freeze({ confirmed: false, checked: false });

/** More questions than this waiting at once are refused unasked: a page cannot bury the user in dialogs. */
export const MAX_WAITING_QUESTIONS = 3;

/**
 * Shows one question at a time, in order. A question that fails to show, or one beyond
 * MAX_WAITING_QUESTIONS, counts as declined: nothing is authorised by an error.
 */
export function createAskQueue(ask: Ask, log: (message: string) => void = console.error): Ask {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return (request) => {
    if (waiting >= MAX_WAITING_QUESTIONS) {
      log(`ask: refused "${request.title}": ${waiting} questions are already waiting`);
      return Promise.resolve(DECLINED);
    }
    waiting += 1;
    const answer = tail.then(async () => {
      try {
        const a = await ask(request);
        return { confirmed: a.confirmed === true, checked: a.checked === true && a.confirmed === true };
      } catch (error) {
        log(`ask: "${request.title}" could not be shown: ${error instanceof Error ? error.message : String(error)}`);
        return DECLINED;
      } finally {
        waiting -= 1;
      }
    });
    tail = answer;
    return answer;
  };
}

/** Units as people say them: "1 request", "3 requests". */
export function requestsWord(units: number): string {
  return `${units.toLocaleString('en-US')} ${units === 1 ? 'request' : 'requests'}`;
}
