// Pseudonymisation at export (docs/pseudonymisation.md): every person in an export is replaced by a keyed
// HMAC-SHA256 pseudonym, `u_` + 16 hex digits. The key is per project, 32 random bytes kept in the
// keychain, never in the export or its manifest; so the same person gets the same pseudonym in every
// export of a project and an unrelated one in another project.
//
// A person is keyed on the user id when the export knows it (directly, or through a username seen with
// its id anywhere in the same export), else on the lower-cased username. Records are walked twice: the
// first walk only learns who is in the export (ids, usernames, full names), the second rewrites:
// - person objects (anything with a username or full name: users, owners, coauthors, tagged users,
//   commenters, likers, followers, story mentions, raw user dicts) keep only a short list of harmless
//   fields (flags and counts); ids and usernames become the pseudonym, full names the pseudonym (or
//   nothing with dropNames), pictures stay only without dropPictures; everything else is dropped;
// - fields holding a user id (`user_id`, `owner_id`...) and the owner half of `<media pk>_<user id>`;
// - free text (captions, comments, biographies, accessibility captions): `@name` becomes `@<pseudonym>`,
//   or the text is emptied with dropText;
// - every other string: any id, username or full name of a person of the export is replaced.
//
// The key and the pseudonym are in pseudonym-key.ts, the field rules in pseudonym-fields.ts, the people of
// one export in pseudonym-people.ts, the first walk in pseudonym-learn.ts, the second in
// pseudonym-rewrite.ts; this module is their entry.
import { createLearner } from './pseudonym-learn';
import { People } from './pseudonym-people';
import { createRewriter } from './pseudonym-rewrite';

export interface PseudonymOptions {
  /** Pseudonyms are keyed per project. */
  project: string;
  /** Full names are emptied instead of replaced by the pseudonym. */
  dropNames: boolean;
  /** Profile picture URLs are emptied. */
  dropPictures: boolean;
  /** Captions, comment texts, biographies and accessibility captions are emptied. */
  dropText: boolean;
}

export { keyFingerprint, normaliseUsername, projectKey, pseudonymOf, type ProjectKey, type ProjectKeys, type ProjectKeyStore } from './pseudonym-key';

// ---------------------------------------------------------------------------------------------
// The walker

export interface Pseudonymiser {
  readonly options: PseudonymOptions;
  /** First walk: learns the people of a raw record. */
  learn(value: unknown): void;
  /** First walk over a normalised record, skipping the raw records nested in it. */
  learnRecord(record: unknown): void;
  /** Learns the people named by request parameters (`user_id`, `username`). */
  learnParams(params: Record<string, unknown>): void;
  /** Ends the first walk; from here on the people are fixed. */
  freeze(): void;
  /**
   * A pseudonymised copy of a raw record (call after freeze). The parts it leaves unchanged are shared
   * with the input (read-only, like the input).
   */
  apply(value: unknown): unknown;
  /**
   * apply() and leaks() in one walk: the copy, and whether it still holds an id, username or full name
   * of the export's people (the caller then leaves it out).
   */
  applyChecked(value: unknown): { value: unknown; leaks: boolean };
  /** A pseudonymised copy of a normalised record (as apply()), without the raw records nested in it. */
  applyRecord(record: unknown): unknown;
  /** Request parameters with their person values replaced. */
  applyParams<T extends Record<string, unknown>>(params: T): T;
  /** A free-text label ("followers of @nasa") with its people replaced (never emptied). */
  applyLabel(label: string): string;
  /** True when a (pseudonymised) value still holds an id, username or full name of the export's people. */
  leaks(value: unknown): boolean;
  /** The pseudonym of a person, as the export writes it. */
  pseudonym(person: { id?: string | null; username?: string | null }): string;
}

export function createPseudonymiser(key: Buffer, options: PseudonymOptions): Pseudonymiser {
  const people = new People(key);
  const learner = createLearner(people, options);
  const rewriter = createRewriter(people, options);
  let learning = true;

  function frozen(what: string): void {
    if (learning) throw new Error(`pseudonymiser: ${what}() before freeze()`);
  }

  return {
    options,
    // After freeze() the people are fixed: learning more is a no-op (as it always was).
    learn: (value) => void (learning && learner.walk(value, 0, false)),
    learnRecord: (record) => void (learning && learner.walk(record, 0, true)),
    learnParams: (p) => void (learning && learner.params(p)),
    freeze() {
      learning = false;
      people.freeze();
      // A text rewritten before (a label) may name someone learnt since: rewritten again from here on.
      rewriter.forgetTexts();
    },
    apply(value) {
      frozen('apply');
      return rewriter.walk(value, 0, false);
    },
    applyChecked(value) {
      frozen('applyChecked');
      return rewriter.walkChecked(value);
    },
    applyRecord(record) {
      frozen('applyRecord');
      return rewriter.walk(record, 0, true);
    },
    applyParams(p) {
      frozen('applyParams');
      return rewriter.params(p);
    },
    applyLabel: (label) => rewriter.text(label),
    leaks: (value) => rewriter.leaks(value),
    pseudonym: (p) => people.pseudonym({ id: p.id ?? null, username: p.username ?? null }),
  };
}
