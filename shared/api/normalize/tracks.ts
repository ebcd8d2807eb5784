// Music tracks and original sounds.
import type {
  RecordSource,
  Track,
} from '../../records';
import { bool, dig, firstText, hasKey, idOf, isDict, num, readKey, text } from './read';

// ---------------------------------------------------------------------------------------------
// Tracks

/** v1 music track (`/v1/search/music` items); the same names appear in v2 `music_asset_info`. */
export function trackFromV1(raw: unknown, source: RecordSource): Track | null {
  if (!isDict(raw)) return null;
  const id = idOf(raw, 'id', 'audio_asset_id', 'audio_id');
  if (id === null) return null;
  return {
    kind: 'track',
    id,
    canonicalId: idOf(raw, 'audio_cluster_id', 'audio_canonical_id'),
    title: firstText(raw, 'title', 'sanitized_title'),
    artist: text(raw, 'display_artist'),
    coverUrl: firstText(raw, 'cover_artwork_uri', 'cover_artwork_thumbnail_uri'),
    audioUrl: firstText(raw, 'fast_start_progressive_download_url', 'progressive_download_url'),
    durationMs: num(raw, 'duration_in_ms'),
    isExplicit: bool(raw, 'is_explicit'),
    raw,
    source,
  };
}

/** An original sound (a reel's own audio) as a track. */
function trackFromOriginalSound(raw: unknown, source: RecordSource): Track | null {
  if (!isDict(raw)) return null;
  const id = idOf(raw, 'audio_asset_id', 'id');
  if (id === null) return null;
  const artist = readKey(raw, 'ig_artist');
  return {
    kind: 'track',
    id,
    canonicalId: idOf(raw, 'audio_canonical_id', 'audio_cluster_id'),
    title: firstText(raw, 'original_audio_title', 'title'),
    artist: firstText(artist, 'username', 'full_name'),
    coverUrl: text(artist, 'profile_pic_url'),
    audioUrl: text(raw, 'progressive_download_url'),
    durationMs: num(raw, 'duration_in_ms'),
    isExplicit: bool(raw, 'is_explicit'),
    raw,
    source,
  };
}

/**
 * A v2 track answer or item. Looks for the track where the raw answers put it: `metadata.music_info.
 * music_asset_info` or `metadata.original_sound_info` (also under `response`), `track` (v2 search
 * items), or a bare `music_asset_info` / track record.
 */
export function trackFromV2(raw: unknown, source: RecordSource): Track | null {
  for (const root of [raw, readKey(raw, 'response')]) {
    const metadata = readKey(root, 'metadata');
    const music = dig(metadata, 'music_info', 'music_asset_info');
    if (isDict(music)) return trackFromV1(music, source);
    const original = readKey(metadata, 'original_sound_info');
    if (isDict(original)) return trackFromOriginalSound(original, source);
  }
  const nested = readKey(raw, 'track') ?? readKey(raw, 'music_asset_info');
  if (isDict(nested)) return trackFromV1(nested, source);
  const original = readKey(raw, 'original_sound_info');
  if (isDict(original)) return trackFromOriginalSound(original, source);
  return hasKey(raw, 'original_audio_title') ? trackFromOriginalSound(raw, source) : trackFromV1(raw, source);
}
