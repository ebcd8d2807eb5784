// Which answers cost units, from service-facts.md: retired endpoints (410) are never charged, 5xx are not
// charged, 429 and 402 are refusals, 404 and 403 (private account, comments disabled) are charged.
// Choices where the facts are silent:
// - 422 (FastAPI validation) bills 1 unit (at most the call's cost): FastAPI answers it like any other
//   answer of the endpoint, and clients seen in the wild count 4xx answers as charged.
// - 401/403 about the key, 405, and the front door's 1010 bill nothing: no account to bill or no call made.
// - A path the service does not have (404 NotSimulated) bills nothing; 404 from a real endpoint
//   (UserNotFound, MediaUnavailable, NotFoundError) bills the full cost.

/** Units billed for an answer with `status` to a call whose cost (force discount applied) is `cost`. */
export function unitsFor(status: number, cost: number): number {
  if (status >= 200 && status < 300) return cost;
  if (status === 422) return Math.min(1, cost);
  if (status === 400 || status === 403 || status === 404) return cost;
  return 0;
}

/**
 * The `x-hiker-info` header. Production writes it in two forms (service-facts.md): the older `reqs=N`
 * and the newer JSON `{"reqs": N}`. The simulator uses the older form for the older families (v1, g1,
 * g2, a2, sys) and the newer one for v2, v3 and gql, so clients meet both.
 */
export function hikerInfo(path: string, units: number): string {
  return /^\/(v1|g1|g2|a2|sys)(\/|$)/.test(path) ? `reqs=${units}` : `{"reqs": ${units}}`;
}
