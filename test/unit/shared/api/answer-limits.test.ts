// The nesting count of answers as their bytes arrive: the same verdict as the parsed value's depth,
// however the bytes are split into chunks (a chunk may end inside a string, an escape or a character).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createDepthScanner } from '../../../../shared/api/answer-limits';

const FIXTURES = fileURLToPath(new URL('../../../fixtures/answers/', import.meta.url));

/** Arrays and objects inside each other in a parsed value (a scalar is 0 deep). */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((deepest, child) => Math.max(deepest, depthOf(child)), 0);
}

/** The scanner's verdict on `text` fed in chunks that end at `cuts` (byte offsets). */
function within(text: string, limit: number, cuts: number[]): boolean {
  const bytes = new TextEncoder().encode(text);
  const scanner = createDepthScanner(limit);
  let from = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b), bytes.length]) {
    if (!scanner.feed(bytes.subarray(from, cut))) return false;
    from = cut;
  }
  return true;
}

const CRAFTED: string[] = [
  '[]',
  '{"a":[{"b":[1,2,{"c":{}}]}]}',
  '["[[[[", "]]]]{{{{", "}}}}"]',
  '{"q":"say \\"[{\\" twice","r":[["\\\\"],["\\\\\\"[["]]}',
  '{"emoji":"😀[é{","n":[[["ü"]]]}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
];

const answers = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, text: readFileSync(`${FIXTURES}${name}`, 'utf8') }));

describe('depth scanner', () => {
  it.each([...CRAFTED.map((text, i) => ({ name: `crafted ${i}`, text })), ...answers])('$name: passes at its depth, fails one level below, in one chunk', ({ text }) => {
    const depth = depthOf(JSON.parse(text));
    expect(within(text, depth, [])).toBe(true);
    expect(within(text, depth - 1, [])).toBe(false);
  });

  it('gives the same verdict byte by byte and in random chunks', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const { text } of [...CRAFTED.map((t) => ({ text: t })), ...answers.slice(0, 8)]) {
      const depth = depthOf(JSON.parse(text));
      const length = new TextEncoder().encode(text).length;
      const everyByte = Array.from({ length }, (_, i) => i);
      expect(within(text, depth, everyByte)).toBe(true);
      expect(within(text, depth - 1, everyByte)).toBe(false);
      for (let round = 0; round < 20; round++) {
        const cuts = Array.from({ length: 1 + Math.floor(random() * 12) }, () => Math.floor(random() * length));
        expect(within(text, depth, cuts)).toBe(true);
        expect(within(text, depth - 1, cuts)).toBe(false);
      }
    }
  });

  it('does not end a string at an escaped quote split from its backslash', () => {
    // Were the quote after the chunk's last backslash taken as the end, '[[' would count as nesting.
    const text = '{"a":"x\\"[[[[","b":1}';
    const at = text.indexOf('\\') + 1;
    expect(within(text, 1, [at])).toBe(true);
  });
});
