// Test support for the normaliser: fixture answers parsed the way the app parses them, and endpoints
// described by hand from the interface document (so these tests do not depend on the catalog's content).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnswerSpec, Endpoint, Family, Paging } from '../../../../../shared/api/catalog';
import { parseLossless } from '../../../../../shared/api/json';

const ANSWERS = resolve(__dirname, '../../../../fixtures/answers');

/** The raw text of a fixture answer. */
export function answerText(name: string): string {
  return readFileSync(resolve(ANSWERS, name), 'utf8');
}

/** A fixture answer parsed losslessly, as the api client does. */
export function loadAnswer(name: string): unknown {
  return parseLossless(answerText(name));
}

export function endpoint(path: string, answer: AnswerSpec, paging: Paging | null = null): Endpoint {
  const family = path.split('/')[1] as Family;
  return {
    path,
    family,
    summary: path,
    params: [],
    cost: 1,
    forceDiscount: false,
    status: { kind: 'active' },
    safeInt: false,
    paging,
    answer,
    sources: ['interface'],
  };
}

/** Narrows a value to one kind of record, failing the test when it is something else. */
export function as<K extends string, T extends { kind: string }>(value: T | null | undefined, kind: K): Extract<T, { kind: K }> {
  if (value === null || value === undefined || value.kind !== kind) {
    throw new Error(`expected a ${kind} record, got ${value === null || value === undefined ? String(value) : value.kind}`);
  }
  return value as Extract<T, { kind: K }>;
}
