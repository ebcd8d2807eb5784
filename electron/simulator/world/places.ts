// Places, hashtags and music tracks: the entities posts point to.
import { AUDIO_ASSET } from '../types';
import type { OpeningHours, WorldHashtag, WorldLocation, WorldTrack, WorldUser } from './model';
import { round6 } from './people';
import type { Rng } from './random';
import { CITIES, HASHTAGS, PLACES, STREETS, TRACKS, fold } from './text';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const NO_HOURS = new Set(['Park', 'Neighborhood', 'Landmark & Historical Place']);

function openingHours(rng: Rng): OpeningHours {
  const open = rng.pick(['07:00', '08:00', '09:00', '10:00']);
  const close = rng.pick(['17:00', '18:00', '19:00', '22:00']);
  const closedDay = rng.chance(0.6) ? rng.int(0, 6) : -1;
  return {
    schedule: DAYS.map((day, i) => (i === closedDay ? { day, open: null, close: null } : { day, open, close })),
  };
}

function uniqueNumber(rng: Rng, taken: Set<number>, minDigits: number, maxDigits: number): number {
  for (;;) {
    const n = Number(rng.digits(rng.int(minDigits, maxDigits)));
    if (!taken.has(n)) {
      taken.add(n);
      return n;
    }
  }
}

/** Every city's places, then one place per business account (its own address). */
export function buildLocations(rng: Rng, users: WorldUser[]): WorldLocation[] {
  const taken = new Set<number>();
  const locations: WorldLocation[] = [];
  const make = (name: string, category: string, cityName: string, near?: { lat: number; lng: number; street: string; zip: string }): WorldLocation => {
    const city = CITIES.find((c) => c.name === cityName) ?? CITIES[0];
    if (!city) throw new Error('no cities');
    const commercial = !NO_HOURS.has(category);
    const loc: WorldLocation = {
      pk: uniqueNumber(rng, taken, 9, 15),
      name,
      category,
      address: near?.street ?? (commercial || rng.chance(0.5) ? `${rng.int(1, 200)} ${rng.pick(STREETS[city.locale])}` : ''),
      city: city.name,
      zip: near?.zip ?? (city.zipBase > 0 ? String(city.zipBase + rng.int(0, 60)) : ''),
      lat: near?.lat ?? round6(city.lat + rng.float(-0.05, 0.05)),
      lng: near?.lng ?? round6(city.lng + rng.float(-0.05, 0.05)),
      phone: commercial ? `${city.phonePrefix} ${rng.digits(4)} ${rng.digits(4)}` : '',
      website: commercial ? `https://${fold(name) || 'place'}.example` : '',
      hours: commercial ? openingHours(rng) : null,
      externalId: rng.digits(15),
      recent: [],
      top: [],
    };
    locations.push(loc);
    return loc;
  };
  for (const city of CITIES) for (const [name, category] of PLACES[city.name] ?? []) make(name, category, city.name);
  for (const u of users) {
    if (!u.contact) continue;
    const existing = locations.find((l) => l.name === u.fullName && l.city === u.homeCity);
    const loc = existing ?? make(u.fullName, u.category, u.homeCity, { lat: u.contact.lat, lng: u.contact.lng, street: u.contact.street, zip: u.contact.zip });
    if (existing) {
      // The anchor café already has a place: make the profile agree with it.
      u.contact.street = existing.address || u.contact.street;
      u.contact.zip = existing.zip;
      u.contact.lat = existing.lat;
      u.contact.lng = existing.lng;
    }
    u.contact.locationPk = String(loc.pk);
  }
  return locations;
}

export function buildHashtags(rng: Rng): WorldHashtag[] {
  return HASHTAGS.map((h) => ({ id: `178415${rng.digits(11)}`, name: h.name, recent: [], top: [], clips: [] }));
}

export function buildTracks(rng: Rng): WorldTrack[] {
  const durationMs = AUDIO_ASSET.durationSec * 1000;
  return TRACKS.map((t) => ({
    id: rng.digits(16),
    canonicalId: rng.digits(rng.int(15, 16)),
    assetId: rng.digits(16),
    title: t.title,
    artist: t.artist,
    isExplicit: t.explicit,
    hasLyrics: t.lyrics,
    highlightStartMs: [0, rng.int(2, 6) * 1000, rng.int(7, 12) * 1000].filter((ms) => ms < durationMs),
    reels: [],
  }));
}
