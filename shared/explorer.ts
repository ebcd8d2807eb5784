// What the API Explorer and main agree on. The Explorer names its calls' request ids with a prefix, so
// main keeps the exact text of those answers (and of no others) for the Explorer's JSON tree and saves.

/** Request ids the Explorer makes start with this. */
export const EXPLORER_REQUEST_PREFIX = 'explorer:';

export function isExplorerRequest(requestId: string): boolean {
  return requestId.startsWith(EXPLORER_REQUEST_PREFIX);
}

/** What main knows of one Explorer answer beyond the call's value. */
export interface ExplorerAnswerInfo {
  /**
   * JSON Pointers (RFC 6901) of the integers beyond 2^53 the service wrote as numbers. The parsed answer
   * holds their exact digits as strings; these say which of those strings were numbers. Null when main
   * no longer holds the answer's text (it then cannot tell a big number from a string of digits).
   */
  bigInts: string[] | null;
  /** Size of the answer's text in bytes (UTF-8), when held. */
  bytes: number | null;
  /** SHA-256 (hex) of the answer's text, as the request log records it, when held. */
  sha256: string | null;
}

/** Where a raw answer was saved. */
export interface ExplorerSaved {
  path: string;
  pages: number;
  bytes: number;
}

/** One JSON Pointer step (RFC 6901: '~' and '/' escaped), as ExplorerAnswerInfo.bigInts are written. */
export function pointerStep(key: string | number): string {
  return `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}
