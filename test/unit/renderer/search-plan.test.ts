// What each search tab calls, and how typed words become the service's `query`.
import { describe, expect, it } from 'vitest';
import { costOf, findEndpoint } from '../../../shared/api/catalog';
import { normalizeRecord } from '../../../shared/api/normalize';
import { SEARCH_TABS, searchCall, searchTabSpec, searchTerm, trackRouteId } from '../../../renderer/src/screens/search/plan';

describe('searchTerm', () => {
  it('drops the @ or # people type before names and tags', () => {
    expect(searchTerm('@anna')).toBe('anna');
    expect(searchTerm('#coffee')).toBe('coffee');
    expect(searchTerm('##coffee')).toBe('coffee');
  });

  it('trims and collapses spaces, keeping the words and their script', () => {
    expect(searchTerm('  new   york \n')).toBe('new york');
    expect(searchTerm('Café  Lumière')).toBe('Café Lumière');
    expect(searchTerm('東京')).toBe('東京');
  });

  it('leaves nothing to search for blank input or a lone symbol', () => {
    expect(searchTerm(undefined)).toBe('');
    expect(searchTerm('   ')).toBe('');
    expect(searchTerm('@')).toBe('');
    expect(searchTerm(' # ')).toBe('');
  });
});

describe('search tabs', () => {
  const paging = (tab: (typeof SEARCH_TABS)[number]['key']) => findEndpoint(searchCall(tab, 'anna').path)?.paging ?? null;

  it('call active endpoints that take the query as their one required parameter, for 1 request each', () => {
    for (const tab of SEARCH_TABS) {
      const call = searchCall(tab.key, 'anna');
      const endpoint = findEndpoint(call.path);
      expect(endpoint?.status.kind, tab.key).toBe('active');
      expect(endpoint?.params.filter((p) => p.required).map((p) => p.name), tab.key).toEqual(['query']);
      expect(call.params).toEqual({ query: 'anna' });
      expect(endpoint ? costOf(endpoint, call.params) : NaN, tab.key).toBe(1);
    }
  });

  it('page accounts with page_token and reels with reels_max_id and rank_token', () => {
    expect(Object.keys(paging('accounts')?.cursor ?? {})).toEqual(['page_token']);
    expect(Object.keys(paging('reels')?.cursor ?? {}).sort()).toEqual(['rank_token', 'reels_max_id']);
    expect(paging('top')).not.toBeNull();
  });

  it('read hashtags, places and music in one answer (the screen uses useEndpoint for them)', () => {
    expect(paging('hashtags')).toBeNull();
    expect(paging('places')).toBeNull();
    expect(paging('music')).toBeNull();
  });

  it('fall back to Top for a missing or unknown tab', () => {
    expect(searchTabSpec(undefined).key).toBe('top');
    expect(searchTabSpec('nope' as never).key).toBe('top');
  });
});

describe('trackRouteId', () => {
  // A `/v1/search/music` item with the fields of the interface's Music track table.
  const item = {
    id: '6779339151676396',
    audio_cluster_id: '6910391195965079',
    audio_asset_id: '6498128196026834',
    title: 'Neon Rain',
    subtitle: '',
    display_artist: 'Tokyo Static',
    artist_id: null,
    cover_artwork_uri: 'https://scontent.cdninstagram.com/v/t39/cover.jpg',
    cover_artwork_thumbnail_uri: 'https://scontent.cdninstagram.com/v/t39/cover_thumb.jpg',
    fast_start_progressive_download_url: 'https://scontent.cdninstagram.com/v/t39/audio.m4a',
    highlight_start_times_in_ms: [0, 3000, 11000],
    duration_in_ms: 15000,
    is_explicit: false,
    has_lyrics: false,
    allows_saving: true,
  };

  it('opens the music page by the audio cluster id (the id of /reels/audio/ links)', () => {
    const track = normalizeRecord('track', item, { family: 'v1', path: '/v1/search/music' });
    expect(track?.kind).toBe('track');
    if (track?.kind === 'track') expect(trackRouteId(track)).toBe('6910391195965079');
  });

  it('falls back to the track id when the answer has no cluster id', () => {
    const { audio_cluster_id: _dropped, ...bare } = item;
    const track = normalizeRecord('track', bare, { family: 'v1', path: '/v1/search/music' });
    if (track?.kind !== 'track') throw new Error('not a track');
    expect(trackRouteId(track)).toBe('6779339151676396');
  });
});
