// The Explorer's form logic: fields built from the catalog, values to call params, the catalog's
// validation said per field before anything is sent, pasted links read as the omnibox reads them,
// the endpoint list's search, and the page guard that never asks for one page twice.
import { describe, expect, it } from 'vitest';
import { CATALOG, findEndpoint, type Endpoint } from '../../../shared/api/catalog';
import { shortcodeToPk } from '../../../shared/links';
import { costText, groupCatalog, statusText } from '../../../renderer/src/screens/explorer/catalogList';
import { checkForm, fieldsOf, initialValues, paramsOf } from '../../../renderer/src/screens/explorer/form';
import { cursorKey, PageGuard, pageRequest, readAnswer } from '../../../renderer/src/screens/explorer/paging';
import { understand } from '../../../renderer/src/screens/explorer/understand';
import { repeatParams } from '../../../renderer/src/screens/log/format';

const endpoint = (path: string): Endpoint => {
  const e = findEndpoint(path);
  if (!e) throw new Error(path);
  return e;
};
const param = (path: string, name: string) => endpoint(path).params.find((p) => p.name === name)!;

describe('fields from the catalog', () => {
  it('has one field per parameter, in the catalog order, with type, requirement, constraint and default', () => {
    for (const e of CATALOG) expect(fieldsOf(e).map((f) => f.spec.name)).toEqual(e.params.map((p) => p.name));
    const [tag, maxId] = fieldsOf(endpoint('/v1/hashtag/medias/top/chunk'));
    expect(tag).toMatchObject({ input: 'text', type: 'text', spec: { required: true } });
    expect(tag?.constraint).toContain('without #');
    expect(maxId).toMatchObject({ constraint: 'a cursor from the previous page (leave empty for the first page)', default: null, spec: { required: false } });
    expect(fieldsOf(endpoint('/v1/fbsearch/places')).find((f) => f.spec.name === 'query')).toMatchObject({ constraint: null });
    const lat = fieldsOf(endpoint('/v1/fbsearch/places'))[1];
    expect(lat).toMatchObject({ input: 'number', type: 'number', default: '40.74' });
    const ids = fieldsOf(endpoint('/gql/media/usertags'))[0];
    expect(ids).toMatchObject({ input: 'list', type: 'list of text' });
    expect(ids?.constraint).toContain('at most 10 items, separated by commas or spaces');
    expect(fieldsOf(endpoint('/v2/user/stories')).find((f) => f.spec.name === 'force')).toMatchObject({ input: 'boolean' });
  });

  it('repeats a logged request with the query it sent, less the safe_int the app adds itself', () => {
    expect(repeatParams({ user_id: '25025320', end_cursor: 'QVF', safe_int: 'true', media_ids: ['1', '2'], amount: 5 })).toEqual({ user_id: '25025320', end_cursor: 'QVF', media_ids: ['1', '2'], amount: '5' });
  });

  it('fills values from a repeated request, keeping only this endpoint\'s parameters', () => {
    const values = initialValues(endpoint('/v1/user/medias/chunk'), { user_id: '25025320', end_cursor: 'QVF', safe_int: 'true', media_ids: ['a', 'b'] });
    expect(values).toEqual({ user_id: '25025320', end_cursor: 'QVF' });
    expect(initialValues(endpoint('/gql/media/usertags'), { media_ids: ['1', '2'] })).toEqual({ media_ids: '1, 2' });
  });
});

describe('checking the form before sending', () => {
  it('sends only filled fields, lists split', () => {
    expect(paramsOf(endpoint('/gql/media/usertags'), { media_ids: ' 1, 2 3 ' })).toEqual({ media_ids: ['1', '2', '3'] });
    expect(paramsOf(endpoint('/v1/user/medias/chunk'), { user_id: ' 42 ', end_cursor: '' })).toEqual({ user_id: '42' });
  });

  it('names a required field left empty, and a value that breaks a rule, per field', () => {
    const empty = checkForm(endpoint('/v1/user/by/username'), { username: '  ' });
    expect(empty).toEqual({ ok: false, issues: { username: expect.stringContaining("'username' is required") } });
    const tag = checkForm(endpoint('/v1/hashtag/by/name'), { name: '#sunset' });
    expect(tag.ok).toBe(false);
    expect(!tag.ok && tag.issues.name).toContain("use 'sunset'");
    const id = checkForm(endpoint('/v1/user/by/id'), { id: 'nasa' });
    expect(!id.ok && id.issues.id).toContain('numeric id');
    const list = checkForm(endpoint('/gql/media/usertags'), { media_ids: Array.from({ length: 11 }, (_, i) => String(i)).join(',') });
    expect(!list.ok && list.issues.media_ids).toContain('at most 10');
    const bool = checkForm(endpoint('/v2/user/stories'), { user_id: '1', force: 'maybe' });
    expect(!bool.ok && bool.issues.force).toContain('true or false');
  });

  it('passes what the catalog accepts, as the call will send it', () => {
    expect(checkForm(endpoint('/v2/user/stories'), { user_id: '25025320', force: 'true', safe_int: '' })).toEqual({ ok: true, params: { user_id: '25025320', force: 'true' } });
    expect(checkForm(endpoint('/sys/balance'), {})).toEqual({ ok: true, params: {} });
  });
});

describe('links pasted into a parameter', () => {
  it('reads a post link as the media pk (exact, beyond 2^53) or the short code', () => {
    const pk = shortcodeToPk('Df6UkP_gB5N');
    expect(understand(param('/v1/media/insight', 'media_id'), 'https://www.instagram.com/p/Df6UkP_gB5N/?img_index=2')).toEqual({ value: pk, note: 'the media pk of post Df6UkP_gB5N' });
    expect(BigInt(pk) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(understand(param('/v1/media/by/id', 'id'), 'instagram.com/reel/Df6UkP_gB5N')).toMatchObject({ value: pk });
    expect(understand(param('/v1/media/by/code', 'code'), 'https://www.instagram.com/reel/Df6UkP_gB5N/')).toMatchObject({ value: 'Df6UkP_gB5N' });
  });

  it('reads profiles, handles, stories, highlights, places, hashtags and sounds into the parameter that takes them', () => {
    expect(understand(param('/v1/user/by/username', 'username'), 'https://www.instagram.com/Sky.Atlas/')).toMatchObject({ value: 'sky.atlas' });
    expect(understand(param('/v1/user/by/username', 'username'), '@sky.atlas')).toMatchObject({ value: 'sky.atlas' });
    expect(understand(param('/v1/story/by/id', 'id'), 'https://www.instagram.com/stories/sky.atlas/3141592653589793238/')).toMatchObject({ value: '3141592653589793238' });
    expect(understand(param('/v2/highlight/by/id', 'id'), 'https://www.instagram.com/stories/highlights/17912345678901234/')).toMatchObject({ value: '17912345678901234' });
    expect(understand(param('/v1/location/medias/recent/chunk', 'location_pk'), 'https://www.instagram.com/explore/locations/213385402/paris/')).toMatchObject({ value: '213385402' });
    expect(understand(param('/v1/hashtag/by/name', 'name'), '#sunset')).toMatchObject({ value: 'sunset' });
    expect(understand(param('/v2/track/by/id', 'track_id'), 'https://www.instagram.com/reels/audio/123456789/')).toMatchObject({ value: '123456789' });
    expect(understand(param('/v1/share/by/code', 'code'), 'https://www.instagram.com/s/aGlnaGxpZ2h0OjE3OTEy')).toMatchObject({ value: 'aGlnaGxpZ2h0OjE3OTEy' });
    expect(understand(param('/v2/highlight/by/id', 'id'), 'https://www.instagram.com/s/aGlnaGxpZ2h0OjE3OTEy')).toMatchObject({ value: '17912' });
  });

  it('says why a profile link cannot fill a numeric account id, and leaves plain values and foreign links alone', () => {
    expect(understand(param('/v1/user/medias/chunk', 'user_id'), 'https://www.instagram.com/sky.atlas/')).toEqual({ hint: expect.stringContaining('/v1/user/by/username') });
    expect(understand(param('/v1/user/by/username', 'username'), 'sky.atlas')).toBeNull();
    expect(understand(param('/v1/media/insight', 'media_id'), '3141592653589793238_25025320')).toBeNull();
    expect(understand(param('/v1/fbsearch/places', 'query'), 'https://www.instagram.com/p/Df6UkP_gB5N/')).toBeNull();
    expect(understand(param('/v1/hashtag/by/name', 'name'), 'https://example.com/p/x')).toBeNull();
  });

  it('reads each link of a list', () => {
    const read = understand(param('/gql/media/usertags', 'media_ids'), 'https://www.instagram.com/p/Df6UkP_gB5N/, 123');
    expect(read).toEqual({ value: `${shortcodeToPk('Df6UkP_gB5N')}, 123`, note: '1 of 2 read from links' });
  });
});

describe('the endpoint list', () => {
  it('groups every endpoint once by family and finds them by path, summary or parameter', () => {
    expect(groupCatalog('').flatMap((g) => g.endpoints).length).toBe(CATALOG.length);
    const pinned = groupCatalog('pinned').flatMap((g) => g.endpoints.map((e) => e.path));
    expect(pinned).toEqual(['/v1/user/medias/pinned']);
    expect(groupCatalog('comment likers').flatMap((g) => g.endpoints.map((e) => e.path))).toContain('/gql/comment/likers/chunk');
    expect(groupCatalog('retired').flatMap((g) => g.endpoints.map((e) => e.path)).sort()).toEqual(['/gql/user/by/id', '/gql/user/by/username']);
  });

  it('says the cost and status in words', () => {
    expect(costText(endpoint('/v1/user/stories/by/username'))).toBe('3 requests (2 with force)');
    expect(costText(endpoint('/sys/balance'))).toBe('free');
    expect(costText(endpoint('/gql/user/by/id'))).toBe('never called');
    expect(statusText(endpoint('/gql/user/by/id'))).toEqual({ label: 'retired', detail: 'use /v1/user/by/id or /v2/user/by/id; answers 410 Gone' });
    expect(statusText(endpoint('/v1/media/comments')).label).toBe('deprecated');
  });
});

describe('pages', () => {
  const chunk = endpoint('/v1/user/medias/chunk');

  it('asks for each page once, whatever the clicks; a failed page may be asked again', () => {
    const guard = new PageGuard();
    const first = pageRequest({ user_id: '1' }, null);
    expect(guard.claim(first)).toBe(true);
    expect(guard.claim(pageRequest({ user_id: '1' }, null))).toBe(false);
    const second = pageRequest({ user_id: '1' }, { end_cursor: 'c2' });
    expect(second.sent).toEqual({ user_id: '1', end_cursor: 'c2' });
    expect(guard.claim(second)).toBe(true);
    expect(guard.claim(pageRequest({ user_id: '1' }, { end_cursor: 'c2' }))).toBe(false);
    guard.release(second);
    expect(guard.claim(second)).toBe(true);
    expect(cursorKey({ b: '2', a: '1' })).toBe(cursorKey({ a: '1', b: '2' }));
  });

  it('reads the next cursor through the shared pager, and none for endpoints that do not page', () => {
    expect(readAnswer(chunk, [[{ pk: '1' }], 'c2'], { user_id: '1' })).toEqual({ items: [{ pk: '1' }], next: { end_cursor: 'c2' } });
    expect(readAnswer(chunk, [[{ pk: '1' }], null], { user_id: '1' }).next).toBeNull();
    expect(readAnswer(endpoint('/v1/user/by/username'), { pk: '1' }, { username: 'x' })).toEqual({ items: [{ pk: '1' }], next: null });
  });
});
