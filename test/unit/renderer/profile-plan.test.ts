// What the profile screen calls per route and tab, and which tabs it answers without calling.
import { describe, expect, it } from 'vitest';
import { costOf, findEndpoint } from '../../../shared/api/catalog';
import { normalizeRecord } from '../../../shared/api/normalize';
import type { Profile } from '../../../shared/records';
import { aboutCall, PROFILE_TABS, profileCall, tabCall, tabGate } from '../../../renderer/src/screens/profile/plan';

/** A v1 full user (`/v1/user/by/username`), with the fields the interface document lists. */
function v1User(overrides: Record<string, unknown> = {}): Profile {
  const raw = {
    pk: 11935238335,
    id: '11935238335',
    username: 'cafelumiere.paris',
    full_name: 'Café Lumière',
    profile_pic_url: 'https://scontent.cdninstagram.com/v/t51/p150.jpg',
    profile_pic_url_hd: null,
    is_private: false,
    is_verified: false,
    media_count: 49,
    follower_count: 46,
    following_count: 92,
    biography: 'Carnet de balades',
    external_url: 'https://example.com/cafelumiere-paris',
    account_type: 2,
    is_business: true,
    public_email: 'hello@cafelumiere.example',
    contact_phone_number: '+33 1 1227 2906',
    public_phone_country_code: '33',
    public_phone_number: '112272906',
    business_contact_method: 'CALL',
    business_category_name: 'Restaurants',
    category_name: 'Coffee Shop',
    category: 'Coffee Shop',
    address_street: '188 Boulevard Saint-Germain',
    city_id: '110774245616525',
    city_name: 'Paris',
    zip: '75049',
    latitude: 48.873389,
    longitude: 2.302531,
    interop_messaging_user_fbid: 195217696917685,
    ...overrides,
  };
  const profile = normalizeRecord('profile', raw, { family: 'v1', path: '/v1/user/by/username' });
  if (profile?.kind !== 'profile') throw new Error('not a profile');
  return profile;
}

describe('profileCall', () => {
  it('reads a profile by username, without a leading @', () => {
    expect(profileCall({ name: 'profile', username: '@cafelumiere.paris' })).toMatchObject({ path: '/v1/user/by/username', params: { username: 'cafelumiere.paris' } });
  });

  it('reads a profile by numeric id when the route has no username', () => {
    expect(profileCall({ name: 'profile', userId: '11935238335' })).toMatchObject({ path: '/v1/user/by/id', params: { id: '11935238335' } });
  });

  it('has nothing to read for a route naming no account', () => {
    expect(profileCall({ name: 'profile' })).toBeNull();
    expect(profileCall({ name: 'profile', username: '  ' })).toBeNull();
  });

  it('asks About by the numeric id, which the service requires', () => {
    const call = aboutCall(v1User());
    expect(call).toMatchObject({ path: '/v1/user/about', params: { id: '11935238335' } });
    expect(findEndpoint(call.path)?.params.find((p) => p.required)?.name).toBe('id');
  });
});

describe('tabCall', () => {
  const profile = v1User();

  it('pages every list tab through the shared pager, and reads highlights and stories in one answer', () => {
    for (const tab of PROFILE_TABS) {
      const endpoint = findEndpoint(tabCall(tab.key, profile).path);
      expect(endpoint, tab.key).toBeDefined();
      const oneAnswer = tab.key === 'highlights' || tab.key === 'stories';
      expect(endpoint?.paging === null, tab.key).toBe(oneAnswer);
    }
  });

  it('sends the account id as every tab endpoint\'s required user_id', () => {
    for (const tab of PROFILE_TABS) {
      const call = tabCall(tab.key, profile);
      const required = findEndpoint(call.path)?.params.filter((p) => p.required).map((p) => p.name);
      expect(required, tab.key).toEqual(['user_id']);
      expect(call.params).toEqual({ user_id: '11935238335' });
    }
  });

  it('bills stories and highlights at 2 (they ask first) and the other tabs at 1', () => {
    const costs = Object.fromEntries(PROFILE_TABS.map((t) => {
      const call = tabCall(t.key, profile);
      const endpoint = findEndpoint(call.path);
      return [t.key, endpoint ? costOf(endpoint, call.params) : NaN];
    }));
    expect(costs).toEqual({ posts: 1, reels: 1, tagged: 1, highlights: 2, stories: 2, followers: 1, following: 1 });
  });

  it('names the account in the words the confirmation dialog shows', () => {
    expect(tabCall('stories', profile).what).toBe('Current stories of @cafelumiere.paris');
  });
});

describe('tabGate', () => {
  it('answers every tab of a private account with the private state, without a call', () => {
    const profile = v1User({ is_private: true, username: 'elif.notebook' });
    for (const tab of PROFILE_TABS) expect(tabGate(profile, tab.key).kind, tab.key).toBe('private');
    const gate = tabGate(profile, 'posts');
    expect(gate.kind === 'private' && gate.error).toMatchObject({ kind: 'private', billed: false });
  });

  it('says "No posts yet" for an account whose profile counts no posts, but still reads its tagged posts', () => {
    const profile = v1User({ media_count: 0 });
    expect(tabGate(profile, 'posts')).toEqual({ kind: 'empty', message: 'No posts yet' });
    expect(tabGate(profile, 'reels')).toEqual({ kind: 'empty', message: 'No reels yet' });
    expect(tabGate(profile, 'tagged')).toEqual({ kind: 'open' });
    expect(tabGate(profile, 'stories')).toEqual({ kind: 'open' });
  });

  it('skips followers and following lists the profile counts as empty', () => {
    const profile = v1User({ follower_count: 0, following_count: 0 });
    expect(tabGate(profile, 'followers').kind).toBe('empty');
    expect(tabGate(profile, 'following').kind).toBe('empty');
    expect(tabGate(profile, 'posts').kind).toBe('open');
  });

  it('opens every tab of a public account, and of one whose counts are unknown', () => {
    const known = v1User();
    const unknown = v1User({ media_count: undefined, follower_count: undefined, following_count: undefined });
    expect(unknown.counts).toEqual({ media: null, followers: null, following: null });
    for (const tab of PROFILE_TABS) {
      expect(tabGate(known, tab.key).kind, tab.key).toBe('open');
      expect(tabGate(unknown, tab.key).kind, tab.key).toBe('open');
    }
  });
});
