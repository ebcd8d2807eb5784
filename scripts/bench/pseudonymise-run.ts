// The pseudonymiser's two walks over generated posts, as an export runs them (electron/export/run.ts):
// learn every item and freeze, then rewrite each (the record, the raw record with its leak check, the
// parameters). Shared by the tools that measure it: pseudonymise-phases.ts and pseudonymise-instructions.ts.
import { createPseudonymiser, type Pseudonymiser } from '../../electron/export/pseudonymise';
import type { SavedItem } from '../../electron/export/run';

const KEY = Buffer.alloc(32, 7);
const OPTIONS = { project: 'bench', dropNames: false, dropPictures: false, dropText: false };

/** A pseudonymiser that has learnt the people of `items`, frozen. */
export function learnt(items: readonly SavedItem[]): Pseudonymiser {
  const pz = createPseudonymiser(KEY, OPTIONS);
  for (const { record, provenance } of items) {
    pz.learnRecord(record);
    pz.learn(record.raw);
    pz.learnParams(provenance.params);
  }
  pz.freeze();
  return pz;
}

/** Every item rewritten; returns how many raw records came out without a leak (so the work is used). */
export function rewriteAll(pz: Pseudonymiser, items: readonly SavedItem[]): number {
  let kept = 0;
  for (const { record, provenance } of items) {
    pz.applyRecord(record);
    pz.applyParams(provenance.params);
    if (!pz.applyChecked(record.raw).leaks) kept++;
  }
  return kept;
}
