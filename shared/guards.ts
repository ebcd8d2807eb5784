// Type guards for values of unknown shape (parsed answers, IPC arguments, files read back). One copy
// here, used by main and renderer alike; it imports nothing.

/** A plain JSON-like object. */
export type Dict = Record<string, unknown>;

/** An object that is neither null nor an array (what a parsed JSON object is). */
export function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
