// Helpers of the hashtag, place and music pages, and the insight rows of the post view.
import { describe, expect, it } from 'vitest';
import { parseLossless } from '../../../shared/api/json';
import { addressLine, canonicalTag, formatCoordinates, osmUrl } from '../../../renderer/src/screens/places/format';
import { insightRows } from '../../../renderer/src/screens/post/insight';

describe('osmUrl', () => {
  it('builds the OpenStreetMap link with a marker, as the app promises', () => {
    expect(osmUrl(48.8566, 2.3522)).toBe('https://www.openstreetmap.org/?mlat=48.8566&mlon=2.3522#map=16/48.8566/2.3522');
    expect(osmUrl(-33.8568, 151.2153)).toBe('https://www.openstreetmap.org/?mlat=-33.8568&mlon=151.2153#map=16/-33.8568/151.2153');
  });
});

describe('canonicalTag', () => {
  it('drops the #, folds case and keeps non-Latin scripts', () => {
    expect(canonicalTag('#Sunset')).toBe('sunset');
    expect(canonicalTag('東京')).toBe('東京');
    expect(canonicalTag('#Москва')).toBe('москва');
  });

  it('makes a decomposed accent the same tag as the composed one', () => {
    const decomposed = 'cafe\u0301';
    expect(canonicalTag(decomposed)).toBe('café');
    expect(canonicalTag(decomposed)).toBe(canonicalTag('Café'));
  });
});

describe('addressLine and formatCoordinates', () => {
  it('joins street, zip and city, skipping what is missing', () => {
    expect(addressLine({ address: '12 Rue de Rivoli', zip: '75004', city: 'Paris' })).toBe('12 Rue de Rivoli, 75004 Paris');
    expect(addressLine({ address: null, zip: null, city: 'Paris' })).toBe('Paris');
    expect(addressLine({ address: null, zip: null, city: null })).toBeNull();
  });

  it('writes hemispheres instead of signs', () => {
    expect(formatCoordinates(40.681991, -74.026331)).toBe('40.681991° N, 74.026331° W');
    expect(formatCoordinates(-33.8568, 151.2153)).toBe('33.8568° S, 151.2153° E');
  });
});

describe('insightRows', () => {
  // A `/v1/media/insight` answer with the fields service-interface.md lists, as the production service
  // names them (brand names where the interface writes "platform").
  const answer = parseLossless(`{
    "id": "SW5zdGFncmFtTWVkaWFJbnNpZ2h0czozNzc2ODMyODk4MjgwMjI4MTQ1",
    "creation_time": 1775048403,
    "has_product_tags": false,
    "instagram_media_id": 3776832898280228145,
    "instagram_media_owner_id": "25025320",
    "inline_insights_node": {
      "state": "AVAILABLE",
      "metrics": { "impression_count": 10139, "reach_count": 7242, "owner_account_follows_count": 55, "share_count": { "tray": { "value": 35 } } }
    },
    "instagram_media_type": "CAROUSEL_ALBUM",
    "image": { "height": 1350, "width": 1080 },
    "comment_count": 3,
    "like_count": 1108,
    "save_count": null,
    "shopping_outbound_click_count": 0,
    "shopping_product_click_count": null
  }`);

  it('labels the metrics the answer has, in a fixed order, and leaves out the null ones', () => {
    expect(insightRows(answer)).toEqual([
      { label: 'Media type', value: 'carousel album' },
      { label: 'Created', value: '2026-04-01 13:00:03 UTC' },
      { label: 'Likes', value: (1108).toLocaleString() },
      { label: 'Comments', value: '3' },
      { label: 'Shares', value: '35' },
      { label: 'Accounts reached', value: (7242).toLocaleString() },
      { label: 'Impressions', value: (10139).toLocaleString() },
      { label: 'Follows from this post', value: '55' },
      { label: 'Outbound clicks', value: '0' },
    ]);
  });

  it('reads the interface\'s neutral names too', () => {
    const rows = insightRows({ platform_media_type: 'VIDEO', like_count: 12 });
    expect(rows).toEqual([
      { label: 'Media type', value: 'video' },
      { label: 'Likes', value: '12' },
    ]);
  });

  it('shows nothing for an answer without figures', () => {
    expect(insightRows(null)).toEqual([]);
    expect(insightRows({ state: 'UNAVAILABLE' })).toEqual([]);
  });
});
