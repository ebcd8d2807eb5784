// Locations (places) and hashtags.
import type {
  Hashtag,
  Location,
  OpeningHours,
  RecordSource,
} from '../../records';
import { bool, coordinates, firstNum, firstText, hasKey, idOf, isDict, list, num, readKey, str, text } from './read';

// ---------------------------------------------------------------------------------------------
// Locations

function hoursFrom(raw: unknown): OpeningHours | null {
  if (!isDict(raw) || Object.keys(raw).length === 0) return null;
  const schedule = list(raw, 'schedule')
    .map((entry) => {
      if (typeof entry === 'string') return entry;
      if (!isDict(entry)) return null;
      const hours = readKey(entry, 'hours');
      const times = Array.isArray(hours) ? hours.filter((h) => typeof h === 'string').join(', ') : (str(entry, 'hours') ?? '');
      const day = str(entry, 'day') ?? '';
      return day !== '' && times !== '' ? `${day}: ${times}` : day || times || null;
    })
    .filter((line): line is string => line !== null && line !== '');
  return {
    isOpen: bool(raw, 'is_open'),
    status: firstText(raw, 'current_status', 'status'),
    today: text(raw, 'hours_today'),
    schedule,
  };
}

/** v1 Location, v2 location dicts (fbsearch places, media locations) and a2 `{id, name}` places. */
export function locationFrom(raw: unknown, source: RecordSource): Location | null {
  if (!isDict(raw)) return null;
  const id = idOf(raw, 'pk', 'id', 'location_id');
  const name = firstText(raw, 'name', 'short_name', 'title');
  if (id === null && name === null) return null;
  const place = coordinates(firstNum(raw, 'lat', 'latitude'), firstNum(raw, 'lng', 'longitude'));
  return {
    kind: 'location',
    id,
    name,
    address: firstText(raw, 'address', 'address_street'),
    city: text(raw, 'city'),
    zip: text(raw, 'zip'),
    lat: place?.lat ?? null,
    lng: place?.lng ?? null,
    category: text(raw, 'category'),
    phone: text(raw, 'phone'),
    website: text(raw, 'website'),
    hours: hoursFrom(readKey(raw, 'hours')),
    externalId: idOf(raw, 'external_id', 'facebook_places_id'),
    raw,
    source,
  };
}

/** A v2 fbsearch place item `{location, title, subtitle}`: the title names the place when needed. */
export function locationFromSearchItem(raw: unknown, source: RecordSource): Location | null {
  const inner = readKey(raw, 'location');
  if (!isDict(inner)) return locationFrom(raw, source);
  const location = locationFrom(inner, source);
  if (location !== null && location.name === null) location.name = text(raw, 'title');
  return location;
}

// ---------------------------------------------------------------------------------------------
// Hashtags

/** v1 and v2 hashtag records (search results too); `{hashtag: {...}}` items are unwrapped. */
export function hashtagFrom(raw: unknown, source: RecordSource): Hashtag | null {
  if (!isDict(raw)) return null;
  const inner = readKey(raw, 'hashtag');
  if (!hasKey(raw, 'name') && isDict(inner)) return hashtagFrom(inner, source);
  const name = text(raw, 'name')?.replace(/^#/, '') ?? null;
  if (name === null || name === '') return null;
  return {
    kind: 'hashtag',
    id: idOf(raw, 'id', 'pk'),
    name,
    mediaCount: num(raw, 'media_count'),
    avatarUrl: text(raw, 'profile_pic_url'),
    formattedMediaCount: text(raw, 'formatted_media_count'),
    isTrending: bool(raw, 'is_trending'),
    raw,
    source,
  };
}
