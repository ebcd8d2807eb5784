// Error bodies the simulator's shell answers with. Where production's body is known (service-facts.md)
// it is copied exactly; where it is not, we chose a FastAPI-style body `{"detail", "exc_type"}` and say so.

/** 401, no `x-access-key` header. Production's body is unknown: chosen. */
export const AUTH_REQUIRED = { detail: 'Access key required in the x-access-key header', exc_type: 'AuthRequired' };

/** 403, a key the service does not know. Production's body is unknown: chosen. */
export const INVALID_KEY = { detail: 'Invalid access key', exc_type: 'InvalidAccessKey' };

/** 402, the balance is below the call's cost. Exactly production's body (note: not the FastAPI shape). */
export const INSUFFICIENT_FUNDS = {
  state: false,
  error: 'Top up your account at https://hikerapi.com/billing',
  exc_type: 'InsufficientFunds',
};

/** The production front door's answer to a request without a User-Agent: plain text, status 403. */
export const BLOCKED_1010_TEXT = 'error code: 1010';

/** 405, any method but GET (FastAPI's own body). */
export const METHOD_NOT_ALLOWED = { detail: 'Method Not Allowed' };

/** 429, more calls in one second than the key's rate. Production's body is unknown: chosen. */
export function rateLimited(rate: number): { detail: string; exc_type: string } {
  return { detail: `Too many requests: this key allows ${rate} requests per second`, exc_type: 'RateLimitExceeded' };
}

/** 410, a retired endpoint. Production's text is unknown; `EndpointDeprecated` is what clients see. */
export function endpointRetired(replacements: readonly string[]): { detail: string; exc_type: string } {
  const use = replacements.length > 0 ? `: use ${replacements.join(' or ')}` : '';
  return { detail: `Endpoint is deprecated and removed${use}`, exc_type: 'EndpointDeprecated' };
}

/** 404 for a path the simulator does not answer (not a production body: the simulator says so). */
export function notSimulated(path: string): { detail: string; exc_type: string } {
  return { detail: `Not simulated: ${path}`, exc_type: 'NotSimulated' };
}

/** 500 when a route failed, or an injected upstream failure: the shape production uses for 5xx. */
export function serverError(detail: string): { detail: string; exc_type: string } {
  return { detail, exc_type: 'InstagramServerError' };
}

export interface ValidationItem {
  loc: ['query', string];
  msg: string;
  type: 'missing' | 'value_error';
}

/** 422, FastAPI's validation body: `{"detail":[{"loc":["query","username"],"msg":"Field required","type":"missing"}]}`. */
export function validationFailed(items: ValidationItem[]): { detail: ValidationItem[] } {
  return { detail: items };
}

/** A body for an injected fault status, shaped like what production sends for that status. */
export function faultBody(status: number): unknown {
  if (status === 402) return INSUFFICIENT_FUNDS;
  if (status === 401) return AUTH_REQUIRED;
  if (status === 429) return { detail: 'Too many requests', exc_type: 'RateLimitExceeded' };
  if (status === 404) return { detail: 'Entries not found', exc_type: 'NotFoundError' };
  if (status === 410) return endpointRetired([]);
  if (status >= 500) return serverError('Injected upstream failure');
  return { detail: `Injected status ${status}`, exc_type: 'InjectedFault' };
}
