// The quick ways through the scrubbing of strings: what is remembered, and media ids rewritten without
// the general steps, must give exactly what the general steps give.
import { describe, expect, it } from 'vitest';
import { createPseudonymiser, pseudonymOf } from '../../../../electron/export/pseudonymise';
import { People } from '../../../../electron/export/pseudonym-people';

const key = Buffer.alloc(32, 9);
const options = { project: 'people-test', dropNames: false, dropPictures: false, dropText: false };

describe('remembered strings', () => {
  it('rewrites the same string in two records identically, and the second time from memory', () => {
    const pz = createPseudonymiser(key, options);
    const owner = { kind: 'user', id: '61234567', username: 'nils.berg', fullName: 'Nils Berg' };
    pz.learnRecord(owner);
    pz.freeze();
    const alias = pseudonymOf(key, { id: owner.id });
    const link = `https://example.org/u/${owner.id}/nils.berg`;
    const first = pz.applyRecord({ link, title: 'Nils Berg', caption: { text: 'with @nils.berg' } });
    const second = pz.applyRecord({ link, title: 'Nils Berg', caption: { text: 'with @nils.berg' } });
    expect(first).toEqual({ link: `https://example.org/u/${alias}/${alias}`, title: alias, caption: { text: `with @${alias}` } });
    expect(second).toEqual(first);
    expect(pz.applyChecked({ link, title: 'Nils Berg' }).leaks).toBe(false);
  });

  it('does not keep what a string became before the people were all known', () => {
    const pz = createPseudonymiser(key, options);
    pz.learnRecord({ kind: 'user', id: '61234567', username: 'nils.berg' });
    // A label rewritten early (nothing forbids it), while ada.k is not known yet.
    const label = 'followers of @nils.berg seen with ada.k';
    expect(pz.applyLabel(label)).toContain('ada.k');
    pz.learnRecord({ kind: 'user', id: '62345678', username: 'ada.k' });
    pz.freeze();
    const ada = pseudonymOf(key, { id: '62345678' });
    expect(pz.applyLabel(label)).toBe(`followers of @${pseudonymOf(key, { id: '61234567' })} seen with ${ada}`);
    expect(pz.apply({ note: 'ada.k' })).toEqual({ note: ada });
  });
});

describe('a written username’s pseudonym', () => {
  it('is the pseudonym of the person, before and after freeze, however the name is written', () => {
    const people = new People(key);
    people.add(null, 'ada.k', null);
    // Before freeze, an id learnt later changes the person's key: nothing is remembered yet.
    expect(people.usernamePseudonym('Ada.K')).toBe(pseudonymOf(key, { username: 'ada.k' }));
    people.add('62345678', 'ada.k', null);
    expect(people.usernamePseudonym('ada.k')).toBe(pseudonymOf(key, { id: '62345678' }));
    people.freeze();
    for (const written of ['ada.k', 'ADA.K', '@ada.k', 'ada.k']) expect(people.usernamePseudonym(written)).toBe(pseudonymOf(key, { id: '62345678' }));
    // Someone not in the export: keyed on the lower-cased username.
    expect(people.usernamePseudonym('Zed.Out')).toBe(pseudonymOf(key, { username: 'zed.out' }));
    expect(people.usernamePseudonym('Zed.Out')).toBe(people.pseudonym({ id: null, username: 'zed.out' }));
  });
});

describe('media ids', () => {
  const people = new People(key);
  people.add('61234567', 'nils.berg', 'Nils Berg');
  // A person whose id is a post's pk, one whose full name is digits (inside a pk), one with a short id.
  people.add('3776832898280228145', null, null);
  people.add('71234567', 'ada.k', '98280');
  people.add('42', 'short.id', null);
  people.freeze();
  /** The general steps: a leading space changes nothing else, and keeps the string off the quick way. */
  const general = (text: string) => people.scrub(` ${text}`).slice(1);

  it.each([
    '3776832898280228145_61234567', // a known owner
    '3776832898280228146_99999999', // an owner not in the export (still replaced: it is an owner)
    '3776832898280228145_71234567', // the pk is someone's id too
    '1234567890123456789012_123', // long pk, short owner
    '377683289828022814_61234567', // 18 digits
    '12345678901234_61234567', // 14 digits: not a media id
    '3776832898280228145_12', // 2-digit owner: not a media id
    '3776832898280228145_61234567_1', // more after it
    '3776832898280228145__61234567',
  ])('%s', (text) => {
    const out = people.scrub(text);
    expect(out).toBe(general(text));
    expect(people.leaksIn(out)).toBe(false);
    if (text.startsWith('3776832898280228146_')) expect(out).not.toContain('98280');
  });

  it('gives a media id met again (a record’s, then its raw record’s) the same output, taken for clean only when it names no one', () => {
    for (const text of ['1234567890123456789_61234567', '3776832898280228145_61234567', '3776832898280228146_99999999', '3776832898280228145_71234567']) {
      const out = people.scrub(text);
      // From memory, as the same string or an equal one.
      expect(people.scrub(text)).toBe(out);
      expect(people.scrub(` ${text}`.slice(1))).toBe(out);
      // Taken for clean: the leak check's full rules (a leading space keeps it off the quick way) agree.
      if (people.foundClean(out)) expect(people.leaksIn(` ${out}`)).toBe(false);
      expect(people.leaksIn(out)).toBe(false);
    }
    // The full name '98280' was in this pk: rewritten, and not taken for clean without a check.
    const named = people.scrub('3776832898280228146_99999999');
    expect(named).not.toContain('98280');
    expect(people.foundClean(named)).toBe(false);
    // Nor one whose pk is someone's id (replaced).
    expect(people.foundClean(people.scrub('3776832898280228145_61234567'))).toBe(false);
    // One with nothing else found is, until another string is found clean.
    const out = people.scrub('1234567890123456789_61234567');
    expect(out).toBe(`1234567890123456789_${people.pseudonym({ id: '61234567', username: null })}`);
    expect(people.foundClean(out)).toBe(true);
    people.scrub('a quiet evening');
    expect(people.foundClean(out)).toBe(false);
    expect(people.scrub('1234567890123456789_61234567')).toBe(out);
    expect(people.foundClean(out)).toBe(true);
  });

  it('leaves a media id to the general steps when its rewrite is a known username', () => {
    const pk = '3776832898280228147';
    const rewritten = `${pk}_${people.pseudonym({ id: '61234567', username: null })}`;
    const odd = new People(key);
    odd.add('61234567', null, null);
    odd.add('81234567', rewritten, null);
    odd.freeze();
    const out = odd.scrub(`${pk}_61234567`);
    expect(out).toBe(odd.scrub(` ${pk}_61234567`).slice(1));
    expect(out).toBe(odd.pseudonym({ id: '81234567', username: null }));
    // The same when shorter usernames are learnt after the long one (it is still the longest).
    const later = new People(key);
    later.add('61234567', null, null);
    later.add('81234567', rewritten, null);
    later.add('91234567', 'ada.k', null);
    later.freeze();
    expect(later.scrub(`${pk}_61234567`)).toBe(later.pseudonym({ id: '81234567', username: null }));
  });
});

describe('the leak check after a scrub', () => {
  const people = new People(key);
  people.add('61234567', 'nils.berg', 'Nils Berg');
  people.freeze();

  it('is skipped only for the string the quick pass just found clean', () => {
    const clean = 'a quiet evening at the lake';
    expect(people.scrub(clean)).toBe(clean);
    expect(people.foundClean(clean)).toBe(true);
    expect(people.leaksIn(clean)).toBe(false);
    // A string the quick pass found someone in is never taken for clean, rewritten or not.
    const named = people.scrub('a quiet evening with nils.berg');
    expect(people.foundClean(named)).toBe(false);
    expect(people.leaksIn(named)).toBe(false);
    // Other strings after it are still checked, whatever the last scrub was.
    expect(people.leaksIn('seen with nils.berg')).toBe(true);
    expect(people.leaksIn('Nils Berg at the lake')).toBe(true);
    expect(people.scrub('id 61234567')).not.toContain('61234567');
    expect(people.leaksIn('id 61234567')).toBe(true);
  });
});

describe('a caption in the raw record', () => {
  it('is still checked when its rewrite was not found clean', () => {
    const pz = createPseudonymiser(key, options);
    pz.learnRecord({ kind: 'user', id: '61234567', username: 'nils.berg', fullName: 'Nils Berg' });
    pz.freeze();
    const caption = 'with @nils.berg and Nils Berg';
    const record = pz.applyRecord({ caption: { text: caption } }) as { caption: { text: string } };
    const raw = pz.applyChecked({ caption_text: caption });
    expect(raw.value).toEqual({ caption_text: record.caption.text });
    expect(raw.leaks).toBe(false);
    // A clean caption rewritten once, then met in the raw record: same text, no leak.
    const quiet = pz.applyChecked({ caption_text: 'with @someone.else' });
    expect(quiet).toEqual({ value: { caption_text: 'with @' + pz.pseudonym({ username: 'someone.else' }) }, leaks: false });
  });
});

describe('media ids learnt', () => {
  it('learns the owner of a string that is a media id and nothing else, as of one inside a text', () => {
    const pz = createPseudonymiser(key, options);
    pz.learn({ id: '3776832898280228145_61234567', note: 'see 3776832898280228146_71234567 too' });
    pz.freeze();
    // Both owners are known ids: a bare mention of either is replaced elsewhere.
    const out = pz.apply({ a: 'by 61234567', b: 'by 71234567', c: '1234567890123456_123x' }) as Record<string, string>;
    expect(out.a).toBe(`by ${pseudonymOf(key, { id: '61234567' })}`);
    expect(out.b).toBe(`by ${pseudonymOf(key, { id: '71234567' })}`);
  });
});
