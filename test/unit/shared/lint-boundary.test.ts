import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The lint rule that keeps shared/ pure must actually fire: lint snippets as if they lived in shared/.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(code: string, file = 'shared/api/probe.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('shared/ boundary lint rule', () => {
  it.each([
    ["import { app } from 'electron';", 'no-restricted-imports'],
    ["import { x } from '../../electron/api-client';", 'no-restricted-imports'],
    ["import { y } from '../../renderer/src/App';", 'no-restricted-imports'],
    ["import { readFile } from 'node:fs';", 'no-restricted-imports'],
    ["import { join } from 'path';", 'no-restricted-imports'],
    ['export const w = window.innerWidth;', 'no-restricted-globals'],
    ['export const d = document.title;', 'no-restricted-globals'],
    ['export const s = localStorage.getItem("k");', 'no-restricted-globals'],
  ])('rejects %s', async (code, rule) => {
    expect(await ruleIdsFor(code)).toContain(rule);
  });

  it('accepts pure code and the same imports outside shared/', async () => {
    expect(await ruleIdsFor('export const n: number = Number("1");')).toEqual([]);
    expect(await ruleIdsFor("import { readFile } from 'node:fs';\nexport const r = readFile;", 'electron/probe.ts')).toEqual([]);
  });
});
