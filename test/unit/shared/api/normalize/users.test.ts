import { describe, expect, it } from 'vitest';
import { normalizeAnswer, normalizeRecord } from '../../../../../shared/api/normalize';
import type { AppRecord, User } from '../../../../../shared/records';
import { as, endpoint, loadAnswer } from './support';

function users(value: AppRecord | AppRecord[] | null): User[] {
  expect(Array.isArray(value)).toBe(true);
  return (value as AppRecord[]).map((record) => as(record, 'user'));
}

const chunkPaging = { style: 'end_cursor', cursor: { end_cursor: '1' }, items: '0' } as const;

describe('short users in every family', () => {
  it('g1 followers: `reel` gives the latest story time; empty names and pictures are null', () => {
    const g1 = endpoint('/g1/user/followers', { record: 'user', many: true }, chunkPaging);
    const [mika, ivan] = users(normalizeAnswer(g1, loadAnswer('g1-user-followers.json')));
    expect(mika?.id).toBe('48211937265');
    expect(mika?.username).toBe('mika_tanaka.jp');
    expect(mika?.fullName).toBe('田中 美香');
    expect(mika?.latestReelMedia).toBe(1775146773);
    expect(mika?.source).toEqual({ family: 'g1', path: '/g1/user/followers' });
    expect(ivan?.id).toBe('3300112233');
    expect(ivan?.fullName).toBeNull();
    expect(ivan?.avatarUrl).toBeNull();
    expect(ivan?.isPrivate).toBe(true);
    expect(ivan && 'latestReelMedia' in ivan).toBe(false);
  });

  it('g2 followers: `id` without `pk`, prefixed latest_reel_media, null flags', () => {
    const g2 = endpoint('/g2/user/followers', { record: 'user', many: true }, {
      style: 'next_page_id',
      cursor: { page_id: 'next_page_id' },
      items: 'response.users',
    });
    const [noor, old] = users(normalizeAnswer(g2, loadAnswer('g2-user-followers.json')));
    expect(noor?.id).toBe('80117947544');
    expect(noor?.username).toBe('noor.vandijk');
    expect(noor?.latestReelMedia).toBe(1775140000);
    expect(old?.id).toBe('6622001');
    expect(old?.isPrivate).toBeNull();
    expect(old?.isVerified).toBeNull();
    expect(old?.latestReelMedia).toBeNull(); // 0: no story
  });

  it('gql likers (XDTUserDict)', () => {
    const likers = endpoint('/gql/media/likers', { record: 'user', many: true });
    const [first, second] = users(normalizeAnswer(likers, loadAnswer('gql-media-likers.json')));
    expect(first?.id).toBe('2256048641');
    expect(first?.fullName).toBe('Bowling Thitirat');
    expect(first?.isPrivate).toBeNull();
    expect(first?.isVerified).toBe(false);
    expect(second?.id).toBe('59560451506');
    expect(second?.isVerified).toBe(true);
  });

  it('v1 user search: integer pk and null flags', () => {
    const search = endpoint('/v1/search/users', { record: 'user', many: true });
    const [nasa, hubble] = users(normalizeAnswer(search, loadAnswer('v1-search-users.json')));
    expect(nasa?.id).toBe('528817151');
    expect(nasa?.isPrivate).toBeNull();
    expect(nasa?.isVerified).toBeNull();
    expect(hubble?.id).toBe('1067259270');
    expect(hubble?.isVerified).toBe(true);
  });

  it('unwraps `{position, user}` items and drops records without any id', () => {
    const source = { family: 'v2', path: '/v2/fbsearch/topsearch' } as const;
    const wrapped = as(normalizeRecord('user', { position: 0, user: { pk: '528817151', username: 'nasa' } }, source), 'user');
    expect(wrapped.id).toBe('528817151');
    expect(normalizeRecord('user', { username: 'no_id_here' }, source)).toBeNull();
    expect(normalizeRecord('user', null, source)).toBeNull();
  });
});

describe('profiles', () => {
  it('v1 business account: public contact fields, address and coordinates', () => {
    const byUsername = endpoint('/v1/user/by/username', { record: 'profile', many: false });
    const p = as(normalizeAnswer(byUsername, loadAnswer('v1-user-by-username-business.json')) as AppRecord, 'profile');
    expect(p.id).toBe('5821974623');
    expect(p.username).toBe('boulangerie.du.coin');
    expect(p.avatarUrl).toContain('5821974623_s320.jpg');
    expect(p.biography).toBe('Pain au levain & viennoiseries 🥐\nOuvert 7h–19h, fermé le lundi\n#boulangerie');
    expect(p.externalUrl).toBe('https://boulangerie-du-coin.fr/');
    expect(p.bioLinks).toEqual(['https://boulangerie-du-coin.fr/']);
    expect(p.counts).toEqual({ media: 412, followers: 18230, following: 301 });
    expect(p.category).toBe('Bakery');
    expect(p.accountType).toBe('business');
    expect(p.isBusiness).toBe(true);
    expect(p.contact).toEqual({
      email: 'bonjour@boulangerie-du-coin.fr',
      phone: '+33 1 42 00 00 00',
      phoneCountryCode: '33',
      address: { street: '12 Rue des Martyrs', city: 'Paris, France', zip: '75009' },
      method: 'CALL',
    });
    expect(p.location).toEqual({ lat: 48.8789, lng: 2.3399 });
  });

  it('v1 personal account: empty strings become null, no location', () => {
    const byId = endpoint('/v1/user/by/id', { record: 'profile', many: false });
    const p = as(normalizeAnswer(byId, loadAnswer('v1-user-by-id-personal.json')) as AppRecord, 'profile');
    expect(p.id).toBe('3300112233');
    expect(p.fullName).toBe('Иван Петров');
    expect(p.accountType).toBe('personal');
    expect(p.isPrivate).toBe(true);
    expect(p.biography).toBeNull();
    expect(p.externalUrl).toBeNull();
    expect(p.bioLinks).toEqual([]);
    expect(p.category).toBeNull();
    expect(p.counts).toEqual({ media: 0, followers: 152, following: 180 });
    expect(p.contact).toEqual({
      email: null,
      phone: null,
      phoneCountryCode: null,
      address: { street: null, city: null, zip: null },
      method: 'UNKNOWN',
    });
    expect(p.location).toBeUndefined();
  });

  it('v2 full user: bio links, HD picture, creator type; (0, 0) is no location', () => {
    const byId = endpoint('/v2/user/by/id', { record: 'profile', many: false, at: 'user' });
    const p = as(normalizeAnswer(byId, loadAnswer('v2-user-by-id.json')) as AppRecord, 'profile');
    expect(p.id).toBe('25025320');
    expect(p.username).toBe('instagram');
    expect(p.accountType).toBe('creator');
    expect(p.isBusiness).toBe(false);
    expect(p.bioLinks).toEqual(['http://help.instagram.com', 'https://about.instagram.com']);
    expect(p.avatarUrl).toContain('25025320_s1080.jpg');
    expect(p.counts).toEqual({ media: 8389, followers: 700997627, following: 234 });
    expect(p.category).toBe('Digital creator');
    expect(p.latestReelMedia).toBe(1775146773);
    expect(p.contact.email).toBeNull();
    expect(p.location).toBeUndefined();
    expect(p.source).toEqual({ family: 'v2', path: '/v2/user/by/id' });
  });

  it('finds the v2 user inside `{user, status}` without an answer path too', () => {
    const p = as(normalizeRecord('profile', loadAnswer('v2-user-by-id.json'), { family: 'v2' }), 'profile');
    expect(p.id).toBe('25025320');
    expect(p.bioLinks).toHaveLength(2);
  });

  it('a2 GraphQL user: counts from edge objects', () => {
    const a2 = endpoint('/a2/user', { record: 'profile', many: false, at: 'graphql.user' });
    const p = as(normalizeAnswer(a2, loadAnswer('a2-user.json')) as AppRecord, 'profile');
    expect(p.id).toBe('25025320');
    expect(p.fullName).toBe('Instagram');
    expect(p.counts).toEqual({ media: 8389, followers: 700997627, following: 234 });
    expect(p.avatarUrl).toContain('25025320_s320.jpg');
    expect(p.externalUrl).toBe('http://help.instagram.com');
    expect(p.category).toBe('Digital creator');
    expect(p.isBusiness).toBe(false);
    expect(p.isVerified).toBe(true);
    expect(p.accountType).toBeNull();
  });
});

describe('about', () => {
  it('v1 About', () => {
    const about = endpoint('/v1/user/about', { record: 'about', many: false });
    const a = as(normalizeAnswer(about, loadAnswer('v1-user-about.json')) as AppRecord, 'about');
    expect(a).toMatchObject({
      username: 'instagram',
      isVerified: true,
      country: 'United States',
      joined: 'October 2010',
      formerUsernames: [],
    });
  });

  it('splits a list of former usernames and treats missing fields as empty', () => {
    const source = { family: 'v1', path: '/v1/user/about' } as const;
    const a = as(normalizeRecord('about', { username: 'lea.martin_photo', former_usernames: 'lea.m, leamartin_paris' }, source), 'about');
    expect(a.formerUsernames).toEqual(['lea.m', 'leamartin_paris']);
    expect(a.country).toBeNull();
    expect(a.joined).toBeNull();
    expect(a.isVerified).toBeNull();
  });
});
