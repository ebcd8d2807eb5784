// One error model for the whole app. Service answers are classified here (classifyAnswer); errors that
// happen on our side (network, timeout, cancel, checks before sending) are built with the constructors
// below. Errors cross IPC as plain values, so everything here is data.
//
// The error value and its shared pieces are in error-model.ts, the classification of answers in
// classify.ts; this index keeps every public name in one place.
import { TOP_UP_URL, describeIssues, retiredMessage, type AppError, type ParamIssue } from './error-model';

export { DEFAULT_RETRY_AFTER_MS, TOP_UP_URL, isAppError, scrubSecret, type AppError, type ErrorKind, type ParamIssue } from './error-model';
export { classifyAnswer, unitsFromHeader, unreadableAnswer, type ServiceAnswer } from './classify';

// ---- errors raised on our side ----

function causeText(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as { cause?: unknown }).cause;
    const code = typeof inner === 'object' && inner !== null ? (inner as { code?: unknown }).code : undefined;
    return typeof code === 'string' ? `${cause.message} (${code})` : cause.message;
  }
  return String(cause);
}

export function networkError(cause: unknown): AppError {
  const detail = causeText(cause);
  return {
    kind: 'network',
    message: `Could not reach the service (${detail}). Check the internet connection or proxy, then try again. Nothing was charged.`,
    detail,
    billed: false,
    retryable: true,
  };
}

export function timeoutError(ms: number): AppError {
  const seconds = Math.round(ms / 100) / 10;
  return {
    kind: 'timeout',
    message: `The service did not answer within ${seconds} s. Try again in a moment; if the service finished the request anyway, it may have been charged.`,
    billed: false,
    retryable: true,
  };
}

/** No key is stored: nothing can be sent (demo mode needs none). */
export function missingKeyError(): AppError {
  return {
    kind: 'auth',
    message: 'No access key is set. Add your key in Settings, or use demo mode. Nothing was sent or charged.',
    billed: false,
    retryable: false,
  };
}

export function cancelledError(): AppError {
  return { kind: 'cancelled', message: 'The request was cancelled.', billed: false, retryable: false };
}

export function validationError(issues: ParamIssue[]): AppError {
  return {
    kind: 'validation',
    message: `Check the input: ${describeIssues(issues)}. Nothing was sent or charged.`,
    issues,
    billed: false,
    retryable: false,
  };
}

/** A retired endpoint caught before sending (the catalog already knows). */
export function retiredError(path: string, replacements: string[]): AppError {
  return {
    kind: 'retired',
    message: `${retiredMessage(replacements)} Nothing was sent or charged.`,
    path,
    replacements,
    billed: false,
    retryable: false,
  };
}

export function confirmationRequired(cost: number, balance: number | null): AppError {
  const left = balance === null ? '' : ` (${balance} left)`;
  return {
    kind: 'confirmation_required',
    message: `This call costs ${cost} ${cost === 1 ? 'request' : 'requests'}${left}. Confirm to run it.`,
    cost,
    ...(balance === null ? {} : { balance }),
    billed: false,
    retryable: false,
  };
}

export function overBalance(cost: number, balance: number): AppError {
  return {
    kind: 'over_balance',
    message: `This call costs ${cost} ${cost === 1 ? 'request' : 'requests'} but only ${balance} ${balance === 1 ? 'is' : 'are'} left. Top up at ${TOP_UP_URL}, then try again.`,
    cost,
    balance,
    topUpUrl: TOP_UP_URL,
    billed: false,
    retryable: false,
  };
}

export function internalError(message: string): AppError {
  return {
    kind: 'internal',
    message: `Something went wrong inside Feedlens: ${message}.`,
    detail: message,
    billed: false,
    retryable: false,
  };
}

/** Units a failed call cost: what main's call service counted, else (an error made without it) the price when billed. */
export function unitsBilled(error: AppError, price: number): number {
  return error.units ?? (error.billed ? price : 0);
}
