// The pseudonymiser's two walks (pseudonymise.ts), compiled per key plan: for an object whose keys are a
// plan's, the same steps as the generic walks, with each key's rules decided once, when the function is
// made, and each field read by its name. The generic walks loop over the keys (for-in), look at the rules
// of every key and at the type of every value with calls between; a compiled walk reads a field and does
// only what its rules leave to do. The functions take the pseudonymiser's own steps as `ops`, so one
// function serves every export; pseudonymise.ts keeps the generic walks for the plans not compiled (those
// seen only a few times, and keys that are not plain names).
//
// What is compiled: key names only when they are plain identifiers (SAFE_KEY), embedded through
// JSON.stringify, and the plan's rule numbers. Nothing else of a record goes into the code.
import type { Dict } from '../../shared/guards';
import { RULE, type KeyPlan, type PlanSite } from './pseudonym-fields';

/** The learning walk's steps (pseudonymise.ts). */
export interface LearnOps {
  /** A person object's own id, username and full name. */
  person(obj: Dict): void;
  /** A value under an id field (an id, or a list of them). */
  id(value: unknown): void;
  /** Free text: its @mentions. */
  text(value: string): void;
  /** Any other string of 19 characters or more: the owners of the media ids in it. */
  string(value: string): void;
  /** A string under an artist key: a username when it looks like one, else as string(). */
  artist(value: string): void;
  /** An object or a list, walked with the rules of its key; `site`: this field's (see PlanSite). */
  walk(value: object, rules: number, skipRaw: boolean, site: PlanSite): void;
  readonly dropPictures: boolean;
}

/** The rewrite's steps (pseudonymise.ts). */
export interface RewriteOps {
  /** The pseudonym of a person object. */
  alias(obj: Dict): string;
  /** A string written into the copy (checked for leaks in a raw record). */
  put(value: string): string;
  /** Any other value written as it was (a number under an id key may be someone's id). */
  asIs(value: unknown, rules: number): unknown;
  /** A value under an id field, not an object. */
  id(value: unknown, rules: number): unknown;
  /** Free text, rewritten (or emptied). */
  text(value: string): string;
  /** A string under a text or artist key. */
  string(value: string, rules: number): unknown;
  /** Any other string, scrubbed. */
  plain(value: string): string;
  /** An object or a list, walked with the rules of its key; `site`: this field's (see PlanSite). */
  walk(value: object, rules: number, skipRaw: boolean, site: PlanSite): unknown;
  readonly dropNames: boolean;
  readonly dropPictures: boolean;
}

export type Learner = (value: Dict, skipRaw: boolean, ops: LearnOps) => void;
export type Rewriter = (value: Dict, skipRaw: boolean, ops: RewriteOps) => unknown;

/** A plan's compiled walkers, made when first asked for after `uses` reached the threshold; null: cannot be compiled. */
export interface CompiledWalkers {
  uses: number;
  learner: Learner | null | undefined;
  personLearner: Learner | null | undefined;
  rewriter: Rewriter | null | undefined;
  personRewriter: Rewriter | null | undefined;
}

/** Walks of a plan before it is compiled: a key list seen a few times only is not worth a function. */
export const COMPILE_AFTER = 20;

/** Key names written into the code: plain identifiers only (never `__proto__`, which a literal would take as the prototype). */
const SAFE_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const MAX_KEYS = 256;

export function compilable(plan: KeyPlan): boolean {
  return plan.keys.length > 0 && plan.keys.length <= MAX_KEYS && plan.keys.every((k) => SAFE_KEY.test(k) && k !== '__proto__');
}

/** Rules under which a number may be someone's id: asIs() has to look at it. */
const ID_RULES = RULE.ID_FIELD | RULE.PERSON_ID;
/** A string shorter than this holds no media id (MEDIA_ID: 15 digits, '_', 3 digits). */
const MEDIA_ID_MIN_LENGTH = 19;

const read = (key: string, v: string): string => `const ${v} = value[${JSON.stringify(key)}];`;

/**
 * The walker made of its body: a function of (value, skipRaw, ops) that sees `s0`...: one PlanSite per
 * field (the fields that are not walked leave theirs unused).
 */
function make<T>(plan: KeyPlan, body: string[]): T {
  const sites = plan.keys.map((_, i) => `s${i} = { plan: null }`).join(', ');
  return new Function(`'use strict';\nconst ${sites};\nreturn function (value, skipRaw, ops) {\n${body.join('\n')}\n};`)() as T;
}

/** The learning walk's learnValue() of field `i` (read into v<i>) under rules `r`. */
function learnValue(r: number, i: number): string {
  const v = `v${i}`;
  const string = r & RULE.TEXT ? `ops.text(${v});` : r & RULE.ARTIST ? `ops.artist(${v});` : `if (${v}.length >= ${MEDIA_ID_MIN_LENGTH}) ops.string(${v});`;
  return `if (typeof ${v} === 'string') { ${string} } else if (typeof ${v} === 'object' && ${v} !== null) ops.walk(${v}, ${r}, skipRaw, s${i});`;
}

/** learnWalk() (or learnPerson() when `person`) of an object with the plan's keys. */
export function compileLearner(plan: KeyPlan, person: boolean): Learner {
  const lines: string[] = person ? ['ops.person(value);'] : [];
  plan.keys.forEach((key, i) => {
    const r = plan.rules[i] as number;
    const v = `v${i}`;
    if (person) {
      // The person's own id, username and full name were learnt above; what is not kept is not learnt.
      if (r & (RULE.PERSON_ID | RULE.USERNAME | RULE.FULL_NAME)) return;
      if (r & RULE.PICTURE) lines.push(`if (!ops.dropPictures) { ${read(key, v)} ${learnValue(r, i)} }`);
      else if (r & (RULE.TEXT | RULE.PERSON_KEEP)) lines.push(`{ ${read(key, v)} ${learnValue(r, i)} }`);
      return;
    }
    if (r & RULE.DROPPED) return;
    const step = r & RULE.ID_FIELD ? `if (typeof ${v} !== 'object' || Array.isArray(${v})) ops.id(${v}); else { ${learnValue(r, i)} }` : learnValue(r, i);
    lines.push(`${key === 'raw' ? 'if (!skipRaw) ' : ''}{ ${read(key, v)} ${step} }`);
  });
  return make<Learner>(plan, lines);
}

/** The rewrite's walkValue() of field `i` (read into v<i>) under rules `r`, as an expression. */
function rewriteValue(r: number, i: number): string {
  const v = `v${i}`;
  const string = r & (RULE.TEXT | RULE.ARTIST) ? `ops.string(${v}, ${r})` : `ops.plain(${v})`;
  // A number, flag or null under a key that holds no ids is written as it is, without a look.
  const other = r & ID_RULES ? `ops.asIs(${v}, ${r})` : v;
  return `(typeof ${v} === 'string' ? ${string} : typeof ${v} === 'object' && ${v} !== null ? ops.walk(${v}, ${r}, skipRaw, s${i}) : ${other})`;
}

/**
 * walk() (or person() when `person`) of an object with the plan's keys. Not a person: the object itself
 * when no field changed, else a copy with every field (a left-out one undefined, which JSON leaves out).
 * A person: a new object with the kept fields only.
 */
export function compileRewriter(plan: KeyPlan, person: boolean): Rewriter {
  const lines: string[] = person ? ['const alias = ops.alias(value);'] : [];
  const fields: string[] = [];
  const unchanged: string[] = [];
  plan.keys.forEach((key, i) => {
    const r = plan.rules[i] as number;
    const v = `v${i}`;
    let out: string;
    if (person) {
      if (r & (RULE.PERSON_ID | RULE.USERNAME)) out = `${v} === null || ${v} === undefined || ${v} === '' ? ${v} : ops.put(alias)`;
      else if (r & RULE.FULL_NAME) out = `ops.dropNames || ${v} === null || ${v} === '' ? null : ops.put(alias)`;
      else if (r & RULE.PICTURE) out = `ops.dropPictures ? null : ${rewriteValue(r, i)}`;
      else if (r & RULE.TEXT) out = `typeof ${v} === 'string' ? ops.text(${v}) : ${rewriteValue(r, i)}`;
      else if (r & RULE.PERSON_KEEP) out = rewriteValue(r, i);
      else return; // anything else of a person is left out
      lines.push(read(key, v));
      fields.push(`${JSON.stringify(key)}: ${out}`);
      return;
    }
    if (r & RULE.DROPPED) out = 'undefined';
    else if (r & RULE.ID_FIELD) out = `typeof ${v} !== 'object' || Array.isArray(${v}) ? ops.id(${v}, ${r}) : ${rewriteValue(r, i)}`;
    else out = rewriteValue(r, i);
    if (key === 'raw') out = `skipRaw ? undefined : ${out}`;
    lines.push(read(key, v), `const w${i} = ${out};`);
    fields.push(`${JSON.stringify(key)}: w${i}`);
    unchanged.push(`w${i} === ${v}`);
  });
  if (!person) lines.push(`if (${unchanged.join(' && ')}) return value;`);
  lines.push(`return { ${fields.join(', ')} };`);
  return make<Rewriter>(plan, lines);
}

/** The plan's compiled learner once it has been walked COMPILE_AFTER times (`after` for tests), else null. */
export function learnerOf(plan: KeyPlan, person: boolean, after: number): Learner | null {
  const walkers = plan.compiled;
  if (walkers.uses < after) {
    walkers.uses++;
    return null;
  }
  let learner = person ? walkers.personLearner : walkers.learner;
  if (learner === undefined) {
    learner = compilable(plan) ? compileLearner(plan, person) : null;
    if (person) walkers.personLearner = learner;
    else walkers.learner = learner;
  }
  return learner;
}

/** The plan's compiled rewriter once it has been walked COMPILE_AFTER times (`after` for tests), else null. */
export function rewriterOf(plan: KeyPlan, person: boolean, after: number): Rewriter | null {
  const walkers = plan.compiled;
  if (walkers.uses < after) {
    walkers.uses++;
    return null;
  }
  let rewriter = person ? walkers.personRewriter : walkers.rewriter;
  if (rewriter === undefined) {
    rewriter = compilable(plan) ? compileRewriter(plan, person) : null;
    if (person) walkers.personRewriter = rewriter;
    else walkers.rewriter = rewriter;
  }
  return rewriter;
}
