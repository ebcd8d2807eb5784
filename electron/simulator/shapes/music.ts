// Music pages of the /v2 family (`/v2/track/by/canonical/id`, `/v2/track/by/id`): the reels that use a
// track, and the track's metadata as production writes it: `media_count` is an object of counts, the
// asset carries lyrics and streaming-service fields, the consumption info names the artist's account.
import type { WorldMedia, WorldTrack } from '../world/model';
import { formatCount, profilePicId, profilePicUrl, userOf, type ShapeContext } from './common';
import { rawMedia } from './raw';
import { musicAsset } from './v1';

type Json = Record<string, unknown>;

/** The track's title as lyrics: one phrase per word pair, each word timed over the highlight. */
function lyrics(t: WorldTrack): Json {
  const words = t.title.split(/\s+/).filter((w) => w !== '');
  const start = t.highlightStartMs[0] ?? 0;
  const phrases: Json[] = [];
  for (let i = 0; i < words.length; i += 2) {
    const phrase = words.slice(i, i + 2).join(' ');
    const at = start + i * 600;
    let index = 0;
    const offsets = words.slice(i, i + 2).map((w, k) => {
      const o = { start_index: index, end_index: index + w.length, start_offset_ms: k * 600, end_offset_ms: k * 600 + 500, trailing_space: k === 0 };
      index += w.length + 1;
      return o;
    });
    phrases.push({ start_time_in_ms: at, end_time_in_ms: at + 1200, phrase, word_offsets: offsets });
  }
  return { phrases };
}

/** `music_asset_info` of a music page (the search form plus production's page fields). */
export function pageAssetInfo(ctx: ShapeContext, t: WorldTrack): Json {
  return {
    ...musicAsset(ctx, t),
    artist_id: t.canonicalId.slice(-8),
    dark_message: null,
    ig_username: '',
    is_eligible_for_audio_effects: false,
    is_eligible_for_vinyl_sticker: true,
    licensed_music_subtype: 'DEFAULT',
    lyrics: t.hasLyrics ? lyrics(t) : { phrases: [] },
    reactive_audio_download_url: null,
    sanitized_title: null,
    song_monetization_info: '',
    spotify_track_metadata: { spotify_listen_uri: '', spotify_track_id: '' },
    web_30s_preview_download_url: null,
  };
}

/** The artist's account as the music page names it: the author of the track's first reel. */
function igArtist(ctx: ShapeContext, reels: WorldMedia[]): Json | null {
  const first = reels[0];
  if (!first) return null;
  const u = userOf(ctx.world, first.ownerPk);
  return {
    pk: Number(u.pk), pk_id: u.pk, id: u.pk, strong_id__: u.pk, username: u.username, full_name: u.fullName, is_private: u.isPrivate,
    is_verified: u.isVerified, profile_pic_id: profilePicId(u), profile_pic_url: profilePicUrl(ctx, u),
  };
}

function consumptionInfo(ctx: ShapeContext, t: WorldTrack, reels: WorldMedia[]): Json {
  return {
    should_mute_audio: false,
    is_trending_in_clips: t.reels.length > 45,
    allow_media_creation_with_music: true,
    audio_asset_start_time_in_ms: t.highlightStartMs[0] ?? 0,
    audio_filter_infos: [],
    audio_muting_info: { allow_audio_editing: true, mute_audio: false, mute_reason_str: '', show_muted_audio_toast: false },
    contains_lyrics: t.hasLyrics,
    derived_content_id: null,
    display_labels: null,
    formatted_clips_media_count: formatCount(t.reels.length),
    ig_artist: igArtist(ctx, reels),
    is_bookmarked: false,
    overlap_duration_in_ms: 15_000,
    placeholder_profile_pic_url: '',
    previous_trend_rank: null,
    should_allow_music_editing: true,
    should_mute_audio_reason: '',
    should_mute_audio_reason_type: null,
    should_render_soundwave: true,
    trend_rank: null,
    user_notes: null,
    related_audios: [],
  };
}

/** One page of a music page: `items` are this page's reels, `next` the next cursor. */
export function musicPage(ctx: ShapeContext, t: WorldTrack, items: WorldMedia[], next: string | null): Json {
  const first = t.reels[0] ? ctx.world.mediaByPk.get(t.reels[0]) : undefined;
  return {
    response: {
      items: items.map((m) => ({ media: rawMedia(ctx, m) })),
      paging_info: { max_id: next, more_available: next !== null },
      media_count: { clips_count: t.reels.length, photos_count: 0 },
      formatted_media_count: `${formatCount(t.reels.length)} reels`,
      music_canonical_id: t.canonicalId,
      audio_page_reporting_id: `${t.assetId}0`,
      auto_created_reels_preview_metadata: [],
      audio_page_segments: [],
      audio_ranking_info: { best_audio_cluster_id: t.canonicalId },
      is_music_page_restricted: false,
      available_tabs: ['clips'],
      spotify_track_metadata: { spotify_listen_uri: '', spotify_track_id: '' },
      metadata: {
        music_canonical_id: t.canonicalId,
        music_info: {
          music_asset_info: pageAssetInfo(ctx, t),
          music_consumption_info: consumptionInfo(ctx, t, first ? [first] : []),
          music_canonical_id: Number(t.canonicalId),
        },
        original_sound_info: null,
        additional_audio_info: null,
        creative_config_info: null,
      },
      status_code: '200',
      status: 'ok',
    },
    next_page_id: next,
  };
}
