// Pure helpers of the hashtag, place and music pages (unit-tested in Node).
import type { Location } from '../../../../shared/records';

/** The OpenStreetMap page centred on a point, with a marker on it. */
export function osmUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}

/**
 * A hashtag as the service looks it up: without '#', Unicode-normalised (NFC, so "café" typed with a
 * combining accent is the same tag) and in lower case (the platform ignores case, and one form keeps
 * one cache entry per tag).
 */
export function canonicalTag(tag: string): string {
  return tag.trim().replace(/^#+/, '').normalize('NFC').toLowerCase();
}

/** One line of a place's address: street, zip and city, skipping what is missing. */
export function addressLine(place: Pick<Location, 'address' | 'zip' | 'city'>): string | null {
  const cityPart = [place.zip, place.city].filter((s): s is string => !!s).join(' ');
  const line = [place.address, cityPart].filter((s): s is string => !!s).join(', ');
  return line === '' ? null : line;
}

/** "48.8566° N, 2.3522° E": coordinates as people read them. */
export function formatCoordinates(lat: number, lng: number): string {
  const ns = lat >= 0 ? 'N' : 'S';
  const ew = lng >= 0 ? 'E' : 'W';
  return `${Math.abs(lat)}° ${ns}, ${Math.abs(lng)}° ${ew}`;
}
