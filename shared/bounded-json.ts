// A size check for loosely typed values that cross from the renderer (records to save or export): depth,
// string length, keys per object and nodes in all are bounded, so a hostile or broken page cannot make
// main walk, copy or name files after gigantic values. Used as a zod superRefine.

export interface JsonBounds {
  maxDepth: number;
  maxString: number;
  maxKeys: number;
  maxNodes: number;
}

/** The first way `value` exceeds the bounds, or null. Iterative: a deep value cannot overflow the stack. */
export function jsonBoundsProblem(value: unknown, b: JsonBounds): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (++nodes > b.maxNodes) return `more than ${b.maxNodes} values`;
    if (typeof v === 'string') {
      if (v.length > b.maxString) return `a text longer than ${b.maxString} characters`;
    } else if (typeof v === 'object' && v !== null) {
      if (depth >= b.maxDepth) return `nested deeper than ${b.maxDepth} levels`;
      const entries = Array.isArray(v) ? v : Object.keys(v);
      if (entries.length > b.maxKeys) return `more than ${b.maxKeys} entries in one object or list`;
      if (Array.isArray(v)) for (const item of v) stack.push([item, depth + 1]);
      else for (const [k, item] of Object.entries(v)) {
        if (k.length > b.maxString) return 'a key that is too long';
        stack.push([item, depth + 1]);
      }
    }
  }
  return null;
}

/** The check as a zod superRefine callback. */
export function boundedJson(b: JsonBounds) {
  return (value: unknown, ctx: { addIssue(issue: { code: 'custom'; message: string }): void }): void => {
    const problem = jsonBoundsProblem(value, b);
    if (problem) ctx.addIssue({ code: 'custom', message: `The record is too large: ${problem}.` });
  };
}
