import { describe, expect, it } from 'vitest';
import { normalizeAnswer, normalizeRecord } from '../../../../../shared/api/normalize';
import type { AppRecord } from '../../../../../shared/records';
import { answerText, as, endpoint, loadAnswer } from './support';

function list<K extends AppRecord['kind']>(value: AppRecord | AppRecord[] | null, kind: K): Extract<AppRecord, { kind: K }>[] {
  expect(Array.isArray(value)).toBe(true);
  return (value as AppRecord[]).map((record) => as(record, kind));
}

describe('locations', () => {
  it('v1 Location with opening hours', () => {
    const byId = endpoint('/v1/location/by/id', { record: 'location', many: false });
    const l = as(normalizeAnswer(byId, loadAnswer('v1-location-by-id.json')) as AppRecord, 'location');
    expect(l.id).toBe('213385402');
    expect(l.name).toBe('Café de Flore');
    expect(l.address).toBe('172 Boulevard Saint-Germain');
    expect(l.city).toBe('Paris, France');
    expect(l.zip).toBe('75006');
    expect([l.lat, l.lng]).toEqual([48.85406, 2.33258]);
    expect(l.category).toBe('Café');
    expect(l.phone).toBe('+33145485526');
    expect(l.website).toBe('http://cafedeflore.fr/');
    expect(l.externalId).toBe('108073085880728');
    expect(l.hours).toEqual({ isOpen: true, status: 'Open now', today: '7:30 AM - 1:30 AM', schedule: ['Mon-Sun: 7:30 AM - 1:30 AM'] });
  });

  it('v2 fbsearch places: `items[].location` with facebook_places_id', () => {
    const places = endpoint('/v2/fbsearch/places', { record: 'location', many: true, at: 'items[].location' });
    const [nyc, resort] = list(normalizeAnswer(places, loadAnswer('v2-fbsearch-places.json')), 'location');
    expect(nyc?.id).toBe('212988663');
    expect(nyc?.name).toBe('New York, New York');
    expect(nyc?.externalId).toBe('108424279189115');
    expect([nyc?.lat, nyc?.lng]).toEqual([40.6643, -73.9385]);
    expect(nyc?.address).toBeNull();
    expect(nyc?.hours).toBeNull();
    expect(resort?.id).toBe('1027365012');
    expect(resort?.address).toBe('110-00 Rockaway Blvd');
    expect(resort?.city).toBe('Queens, New York');
    expect([resort?.lat, resort?.lng]).toEqual([null, null]);
  });

  it('takes the place name from the search item title when the location has none', () => {
    const item = { location: { pk: 212988663, lat: 40.6643, lng: -73.9385 }, title: 'New York, New York', subtitle: '3.1mi' };
    const l = as(normalizeRecord('location', item, { family: 'v2' }), 'location');
    expect(l.id).toBe('212988663');
    expect(l.name).toBe('New York, New York');
  });
});

describe('hashtags', () => {
  it('v1 hashtag in a non-Latin script', () => {
    const byName = endpoint('/v1/hashtag/by/name', { record: 'hashtag', many: false });
    const h = as(normalizeAnswer(byName, loadAnswer('v1-hashtag-by-name.json')) as AppRecord, 'hashtag');
    expect(h.id).toBe('17843853742043071');
    expect(h.name).toBe('東京');
    expect(h.mediaCount).toBe(31258796);
    expect(h.avatarUrl).toContain('tokyo_150.jpg');
    expect(h.formattedMediaCount).toBeNull();
  });

  it('v2 hashtag with its extra fields', () => {
    const byName = endpoint('/v2/hashtag/by/name', { record: 'hashtag', many: false });
    const h = as(normalizeAnswer(byName, loadAnswer('v2-hashtag-by-name.json')) as AppRecord, 'hashtag');
    expect(h).toMatchObject({ id: '17841562870113513', name: 'python', mediaCount: 6917175, formattedMediaCount: '6.9M', isTrending: true, avatarUrl: null });
  });

  it('v2 hashtag search: a bare 17-digit id stays exact', () => {
    expect(answerText('v2-search-hashtags.json')).toContain('"id": 17841538786105345,');
    const search = endpoint('/v2/search/hashtags', { record: 'hashtag', many: true }, {
      style: 'page_token',
      cursor: { page_token: 'page_token' },
      items: 'results',
    });
    const [python, moscow] = list(normalizeAnswer(search, loadAnswer('v2-search-hashtags.json')), 'hashtag');
    expect(python?.id).toBe('17841538786105345');
    expect(python?.formattedMediaCount).toBe('1.1M');
    expect(moscow?.name).toBe('москва');
    expect(moscow?.mediaCount).toBe(98765432);
  });

  it('unwraps `{position, hashtag}` items and drops a leading #', () => {
    const h = as(normalizeRecord('hashtag', { position: 0, hashtag: { id: '17841563269154036', name: '#café', media_count: 120 } }, { family: 'v1' }), 'hashtag');
    expect(h.name).toBe('café');
    expect(h.id).toBe('17841563269154036');
    expect(normalizeRecord('hashtag', { id: '1', media_count: 3 }, { family: 'v1' })).toBeNull();
  });
});

describe('tracks', () => {
  it('v1 music search results', () => {
    const search = endpoint('/v1/search/music', { record: 'track', many: true });
    const [piaf, yoasobi] = list(normalizeAnswer(search, loadAnswer('v1-search-music.json')), 'track');
    expect(piaf).toMatchObject({
      id: '564058920086577',
      canonicalId: '2042131906010437',
      title: 'Sous le ciel de Paris',
      artist: 'Édith Piaf',
      durationMs: 172000,
      isExplicit: false,
    });
    expect(piaf?.coverUrl).toContain('piaf_cover.jpg');
    expect(piaf?.audioUrl).toContain('piaf_fast.m4a'); // the fast-start file when there is one
    expect(yoasobi?.title).toBe('夜に駆ける');
    expect(yoasobi?.audioUrl).toContain('yoru_prog.m4a');
    expect(yoasobi?.isExplicit).toBe(true);
  });

  it('v2 track answer: the track is in `response.metadata.music_info.music_asset_info`', () => {
    const t = as(normalizeRecord('track', loadAnswer('v2-track-by-canonical-id.json'), { family: 'v2' }), 'track');
    expect(t.id).toBe('564058920086577');
    expect(t.canonicalId).toBe('2042131906010437');
    expect(t.artist).toBe('Édith Piaf');
    expect(t.durationMs).toBe(172000);
  });

  it('v2 track answer for an original sound', () => {
    const t = as(normalizeRecord('track', loadAnswer('v2-track-original-sound.json'), { family: 'v2' }), 'track');
    expect(t.id).toBe('1200012345678901');
    expect(t.canonicalId).toBe('18290011223344556');
    expect(t.title).toBe('Original audio');
    expect(t.artist).toBe('lea.martin_photo');
    expect(t.durationMs).toBe(14766);
    expect(t.audioUrl).toContain('orig_prog.m4a');
  });

  it('v2 music search items `{track, metadata}` and answers with no track at all', () => {
    const item = { track: { id: '564058920086577', title: 'Sous le ciel de Paris', display_artist: 'Édith Piaf', duration_in_ms: 172000 }, metadata: {} };
    expect(as(normalizeRecord('track', item, { family: 'v2' }), 'track').artist).toBe('Édith Piaf');
    expect(normalizeRecord('track', { response: { items: [] }, next_page_id: null }, { family: 'v2' })).toBeNull();
  });
});
