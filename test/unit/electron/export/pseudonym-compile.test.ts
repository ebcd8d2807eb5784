// The compiled walks (pseudonym-compile.ts) against the generic ones of pseudonymise.ts: over the records
// of every fixture answer and generated posts, under each option, a pseudonymiser that compiles every key
// plan at once and one that never compiles learn the same people and write the same copies. Keys that
// are not plain names are never written into code.
import { describe, expect, it } from 'vitest';
import { compilable, compileRewriter } from '../../../../electron/export/pseudonym-compile';
import { planAt, planOf, type PlanSite } from '../../../../electron/export/pseudonym-fields';
import { createPseudonymiser, type PseudonymOptions } from '../../../../electron/export/pseudonymise';
import type { SavedItem } from '../../../../electron/export/run';
import { item } from '../../../../scripts/bench/posts';
import { allFixtureItems } from './fixture-items';

const KEY = Buffer.alloc(32, 9);
const items: SavedItem[] = [...allFixtureItems(), ...Array.from({ length: 600 }, (_, i) => item(i * 11))];

/** Everything a pseudonymiser writes of the items, as JSON (undefined fields left out, as the export does). */
function written(options: PseudonymOptions, compileAfter: number, of: SavedItem[] = items): string[] {
  const pz = createPseudonymiser(KEY, options, { compileAfter });
  for (const { record, provenance } of of) {
    pz.learnRecord(record);
    pz.learn(record.raw);
    pz.learnParams(provenance.params);
  }
  pz.freeze();
  return of.map(({ record, provenance }) => {
    const raw = record.raw === undefined ? null : pz.applyChecked(record.raw);
    return JSON.stringify({ record: pz.applyRecord(record), raw: raw?.value, leaks: raw?.leaks, params: pz.applyParams(provenance.params) });
  });
}

const NONE = { project: 'compile', dropNames: false, dropPictures: false, dropText: false };

describe('compiled walks', () => {
  it.each([
    ['nothing dropped', NONE],
    ['names dropped', { ...NONE, dropNames: true }],
    ['pictures dropped', { ...NONE, dropPictures: true }],
    ['texts dropped', { ...NONE, dropText: true }],
  ])('write what the generic walks write, with %s', (_name, options) => {
    const generic = written(options, Infinity);
    const compiled = written(options, 0);
    expect(compiled.length).toBe(items.length);
    for (let i = 0; i < items.length; i++) expect(compiled[i], `item ${i} (${items[i]?.record.kind})`).toBe(generic[i]);
    // The records were walked compiled: their plans have rewriters now.
    expect(typeof planOf(items.at(-1)?.record as never).compiled.rewriter).toBe('function');
    // And the copies are pseudonymised (not the input passed through).
    expect(compiled.join('\n')).toContain('"u_');
  });

  it('learn a person from each kind of field, as the generic walk does', () => {
    // Each person below is named once where only one rule finds them, and again in a plain string,
    // which is scrubbed only when they were learnt.
    const record = {
      kind: 'post',
      id: '3776832898280228215_51234574',
      caption: { text: 'thanks @zed.only' },
      music: { display_artist: 'artist.only' },
      owner_id: '7770001',
      link: 'https://example.org/p/3776832898280228216_8880002',
      social_context: 'followed by dropped.only',
      owner: { kind: 'user', id: '51234574', username: 'own.er', raw: { pk: '51234574', username: 'raw.only' } },
      seen: 'zed.only artist.only 7770001 8880002 raw.only',
    };
    const pzItems: SavedItem[] = Array.from({ length: 3 }, () => ({ record: record as never, provenance: { path: '/x', params: {}, requestId: null, fetchedAt: 0 } as never }));
    for (const options of [NONE, { ...NONE, dropPictures: true }]) {
      const [compiled] = written(options, 0, pzItems);
      const [generic] = written(options, Infinity, pzItems);
      expect(compiled).toBe(generic);
      const seen = (JSON.parse(compiled ?? '{}') as { record: { seen: string } }).record.seen;
      // Learnt from free text, an artist key, an id field and a media id in a link...
      for (const name of ['zed.only', 'artist.only', '7770001', '8880002']) expect(seen).not.toContain(name);
      // ...but not from a dropped field or a raw record nested in a normalised one (left out of the export).
      expect(seen).toContain('raw.only');
    }
  });

  it('leave out a person object’s other fields and keep the input of an unchanged object', () => {
    const pz = createPseudonymiser(KEY, NONE, { compileAfter: 0 });
    const owner = { kind: 'user', id: '42', username: 'anna.b', fullName: 'Anna B', email: 'anna@example.org', isPrivate: false };
    const counts = { likes: 3, comments: 1 };
    const record = { kind: 'post', id: '1', owner, counts, caption: { text: 'hi @anna.b' } };
    pz.learnRecord(record);
    pz.freeze();
    const out = pz.applyRecord(record) as { owner: Record<string, unknown>; counts: unknown; caption: { text: string } };
    expect(Object.keys(out.owner)).toEqual(['kind', 'id', 'username', 'fullName', 'isPrivate']);
    expect(out.owner.username).toBe(out.owner.id);
    expect(out.owner.username).toMatch(/^u_[0-9a-f]{16}$/);
    expect(out.counts).toBe(counts);
    expect(out.caption.text).toBe(`hi @${String(out.owner.id)}`);
  });

  it('are not made for keys that are not plain names, and those objects are still pseudonymised', () => {
    const odd = JSON.parse('{"__proto__": "x", "username": "anna.b", "id": "42"}') as Record<string, unknown>;
    for (const obj of [odd, { 'a"]; throw 1; //': 'anna.b' }, { '1st': 'anna.b' }, { 'a-b': 'anna.b' }, { 'ünïcode': 'anna.b' }]) {
      expect(compilable(planOf(obj)), Object.keys(obj).join()).toBe(false);
    }
    expect(compilable(planOf({ kind: 'user', $id: '1', _x: 2 }))).toBe(true);
    const record = { kind: 'post', list: [odd, { 'a"]; throw 1; //': 'see anna.b' }] };
    const pzItems: SavedItem[] = [{ record: record as never, provenance: { path: '/x', params: {}, requestId: null, fetchedAt: 0 } as never }];
    const [compiled] = written(NONE, 0, pzItems);
    const [generic] = written(NONE, Infinity, pzItems);
    expect(compiled).toBe(generic);
    expect(compiled).not.toContain('anna.b');
  });

  it('find an object’s plan from the last one met at the same place, only when its keys are the same', () => {
    const site: PlanSite = { plan: null };
    const xy = planAt({ x: 1, y: 2 }, site);
    expect(site.plan).toBe(xy);
    expect(planAt({ x: 3, y: 'b' }, site)).toBe(xy);
    const xz = planAt({ x: 1, z: 2 }, site);
    expect(xz.keys).toEqual(['x', 'z']);
    expect(site.plan).toBe(xz);
    // Neither more keys nor fewer are the same plan.
    expect(planAt({ x: 1, z: 2, y: 3 }, site).keys).toEqual(['x', 'z', 'y']);
    expect(planAt({ x: 1 }, site).keys).toEqual(['x']);
    expect(planAt({ x: 1, y: 2 }, null)).toBe(xy);
  });

  it('take key names into the code only as string literals', () => {
    const plan = planOf({ kind: 'x', caption_text: 'a', user_id: '1' });
    const source = compileRewriter(plan, false).toString();
    expect(source).toContain('value["caption_text"]');
    expect(source).toContain('"user_id": w2');
  });
});
