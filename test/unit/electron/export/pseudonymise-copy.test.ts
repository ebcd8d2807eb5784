// The pseudonymised copy shares what it leaves unchanged with the input (counts, media links, hashtags)
// and copies everything on the way to a change; the input is never modified; field order is kept.
import { describe, expect, it } from 'vitest';
import { createPseudonymiser, pseudonymOf } from '../../../../electron/export/pseudonymise';

const key = Buffer.alloc(32, 5);
const options = { project: 'copy-test', dropNames: false, dropPictures: false, dropText: false };
// Synthetic people only.
const owner = { kind: 'user', id: '71234567', username: 'tess.avery', fullName: 'Tess Avery', raw: { pk: '71234567', username: 'tess.avery' } };

function record() {
  return {
    kind: 'post',
    id: '3776832898280228145',
    counts: { likes: 3, comments: 1 },
    images: [{ url: 'https://scontent.cdninstagram.com/v/t51.2885-15/3776832898280228145_n.jpg', width: 1080 }],
    caption: { text: 'sunset with @tess.avery', hashtags: ['sunset'] },
    owner,
    notes: ['plain words', 'seen by tess.avery', 'more plain words'],
    raw: { pk: '3776832898280228145', user: owner.raw },
  };
}

function frozen() {
  const pz = createPseudonymiser(key, options);
  pz.learnRecord(record());
  pz.learn(record().raw);
  pz.freeze();
  return pz;
}

describe('the pseudonymised copy', () => {
  it('shares the unchanged parts and copies the changed ones, leaving the input as it was', () => {
    const input = record();
    const before = structuredClone(input);
    const out = frozen().applyRecord(input) as ReturnType<typeof record>;
    const alias = pseudonymOf(key, { id: owner.id });
    expect(input).toEqual(before);
    // Unchanged: the very same objects.
    expect(out.counts).toBe(input.counts);
    expect(out.images).toBe(input.images);
    expect(out.caption.hashtags).toBe(input.caption.hashtags);
    // Changed: new objects, the input's untouched.
    expect(out).not.toBe(input);
    expect(out.caption).not.toBe(input.caption);
    expect(out.caption.text).toBe(`sunset with @${alias}`);
    expect(out.owner).toEqual({ kind: 'user', id: alias, username: alias, fullName: alias });
    // A list changed in its middle: a new list, items before and after in place.
    expect(out.notes).not.toBe(input.notes);
    expect(out.notes).toEqual(['plain words', `seen by ${alias}`, 'more plain words']);
    // The nested raw record is left out (undefined: not written), every other field in its place.
    expect(out.raw).toBeUndefined();
    expect(Object.keys(JSON.parse(JSON.stringify(out)))).toEqual(['kind', 'id', 'counts', 'images', 'caption', 'owner', 'notes']);
  });

  it('keeps field order when a field is left out after unchanged ones, and the input whole', () => {
    const pz = frozen();
    const input = { a: 'one', b: 2, raw: { pk: owner.id }, c: 'three' };
    const out = pz.applyRecord(input) as Record<string, unknown>;
    expect(JSON.stringify(out)).toBe('{"a":"one","b":2,"c":"three"}');
    expect(input.raw).toEqual({ pk: owner.id });
    // Nothing to change or leave out: the input itself.
    const plain = { a: 'one', list: [1, 'two'], nested: { b: true } };
    expect(pz.applyRecord(plain)).toBe(plain);
    // A raw record keeps its own `raw` fields (only a normalised record leaves them out).
    expect(pz.apply(input)).toEqual({ a: 'one', b: 2, raw: { pk: pseudonymOf(key, { id: owner.id }) }, c: 'three' });
  });

  it('still checks a shared part for people in clear', () => {
    const pz = frozen();
    // A number under an id field outside a person object is written as it is: shared, and caught.
    const leaky = { stats: { owner_pk: 71234567 }, extra: { id: 71234567 } };
    const checked = pz.applyChecked(leaky);
    expect((checked.value as typeof leaky).extra).toBe(leaky.extra);
    expect(checked.leaks).toBe(true);
  });
});
