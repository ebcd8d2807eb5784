// Contract suite, envelopes and fields: every endpoint with a detailed shape in service-interface.md
// answers that envelope with those fields and types. The field lists below are copied from the
// document's tables (not from the simulator's shapes). Answers are checked as the app sees them: written
// by the shell's JSON writer and read back with parseLossless.
import { describe, expect, it } from 'vitest';
import { parseLossless } from '../../../../shared/api/json';
import { ROUTES } from '../../../../electron/simulator/routes-more';
import { shareCode } from '../../../../electron/simulator/world/ids';
import { ANCHORS, threadOf, type WorldMedia, type WorldUser } from '../../../../electron/simulator/world/world';
import {
  arr, callRoute, get, obj, onWire, shapeProblems, sharedWorld, wireText, type FieldSpec, type JsonType, type Obj,
} from './routes-support';

const world = sharedWorld();

function user(name: string): WorldUser {
  const u = world.userByName.get(name);
  if (!u) throw new Error(`no ${name}`);
  return u;
}

const big = user(ANCHORS.big);
const priv = user(ANCHORS.private);
const business = user(ANCHORS.business);
const publicPosts = world.media.filter((m) => !world.userByPk.get(m.ownerPk)?.isPrivate);
const find = (label: string, test: (m: WorldMedia) => boolean): WorldMedia => {
  const m = publicPosts.find(test);
  if (!m) throw new Error(`no public post: ${label}`);
  return m;
};
const carousel = find('carousel', (m) => m.mediaType === 8 && m.children.some((c) => c.mediaType === 2));
const video = find('video', (m) => m.kind === 'video');
const tagged = find('usertags', (m) => m.usertags.length > 0 && m.coauthors.length === 0);
const coauthored = find('coauthor', (m) => m.coauthors.length > 0);
const located = find('location', (m) => m.locationPk !== null);
const discussed = find('many comments', (m) => threadOf(world, m).top.length >= 20 && threadOf(world, m).top.some((c) => c.replies.length > 0));
const silent = find('no comments', (m) => !m.commentsDisabled && threadOf(world, m).total === 0);
const disabled = find('comments disabled', (m) => m.commentsDisabled);
const trial = find('trial reel', (m) => m.productType === 'clips' && m.isTrial);

function expectShape(record: unknown, spec: FieldSpec, label: string): void {
  expect(shapeProblems(record, spec, label)).toEqual([]);
}

// The interface writes brand-carrying names with the neutral word `platform`; the service (and the
// OpenAPI models) use the platform's name in that place.
function branded(spec: FieldSpec): FieldSpec {
  return Object.fromEntries(Object.entries(spec).map(([k, v]) => [k.replace(/platform/g, 'instagram'), v]));
}

const S: JsonType = 'string';
const I: JsonType = 'integer';
const N: JsonType = 'number';
const B: JsonType = 'boolean';
const A: JsonType = 'array';
const O: JsonType = 'object';
const NUL: JsonType = 'null';
const ANY: JsonType = 'any';

// ---- resource tables of service-interface.md -------------------------------------------------------

const USER_SHORT: FieldSpec = {
  pk: [S, I], id: S, username: [S, NUL], full_name: S, profile_pic_url: [S, NUL], profile_pic_url_hd: [S, NUL], is_private: [B, NUL], is_verified: [B, NUL],
};
const REEL: FieldSpec = { id: I, expiring_at: I, has_pride_media: B, latest_reel_media: I, owner: O };
const REEL_OWNER: FieldSpec = { id: I, profile_pic_url: S, username: S };
const USER_FULL: FieldSpec = branded({
  ...USER_SHORT,
  media_count: I, follower_count: I, following_count: I, biography: S, external_url: S, account_type: I, is_business: B,
  public_email: S, contact_phone_number: S, public_phone_country_code: S, public_phone_number: S, business_contact_method: S,
  business_category_name: [S, NUL], category_name: [S, NUL], category: S, address_street: S, city_name: S, zip: S, city_id: S,
  latitude: [N, NUL], longitude: [N, NUL], platform_location_id: S, interop_messaging_user_fbid: I,
});
const ABOUT: FieldSpec = { username: S, is_verified: B, country: S, date: S, former_usernames: S };
const MEDIA: FieldSpec = {
  pk: S, id: S, code: S, taken_at: S, taken_at_ts: I, media_type: I, product_type: S, thumbnail_url: [S, NUL], location: [O, NUL], user: O,
  comment_count: I, like_count: I, play_count: I, view_count: I, comments_disabled: B, has_liked: B, like_and_view_counts_disabled: B,
  is_paid_partnership: B, caption_text: S, accessibility_caption: [S, NUL], usertags: A, sponsor_tags: A, video_url: [S, NUL],
  video_duration: N, title: S, resources: A, image_versions: A, video_versions: A, coauthor_producers: A,
};
const IMAGE_VERSION: FieldSpec = { estimated_scans_sizes: A, height: I, width: I, scans_profile: [S, NUL], url: S, is_spatial_image: B };
const VIDEO_VERSION: FieldSpec = { bandwidth: I, height: I, width: I, id: S, type: I, url: S, url_expiration_timestamp_us: ANY, fallback: ANY };
const CAROUSEL_ITEM: FieldSpec = {
  pk: ANY, id: ANY, video_url: ANY, thumbnail_url: ANY, media_type: ANY, product_type: ANY, image_versions: A, video_versions: A, preview: ANY,
  carousel_parent_id: ANY, commerciality_status: S, taken_at: I,
};
const COAUTHOR: FieldSpec = {
  strong_id__: ANY, pk: ANY, pk_id: ANY, id: ANY, username: ANY, full_name: ANY, is_private: ANY, is_verified: ANY, profile_pic_id: ANY, profile_pic_url: ANY,
};
const COMMENT: FieldSpec = { pk: S, text: S, user: O, created_at_utc: S, content_type: S, status: S, has_liked: B, like_count: I };
const HIGHLIGHT: FieldSpec = {
  pk: S, id: S, latest_reel_media: I, cover_media: O, user: O, title: S, created_at: S, is_pinned_highlight: B, media_count: I, media_ids: A, items: A,
};
const COVER_MEDIA: FieldSpec = { cropped_image_version: O, crop_rect: [A, NUL], media_id: ANY, full_image_version: ANY, upload_id: ANY };
const STORY: FieldSpec = {
  pk: ANY, id: ANY, code: ANY, taken_at: S, media_type: ANY, product_type: S, thumbnail_url: ANY, user: O, video_url: ANY, video_duration: ANY,
  sponsor_tags: A, mentions: A, links: A, hashtags: A, locations: A, stickers: A, medias: A,
};
const STORY_MENTION: FieldSpec = { user: O, x: N, y: N, width: N, height: N };
const LOCATION: FieldSpec = {
  pk: I, name: S, phone: S, website: S, category: S, address: S, city: S, hours: O, zip: [S, NUL], lng: [N, NUL], lat: [N, NUL], external_id: S, external_id_source: [S, NUL],
};
const HOURS: FieldSpec = { status: ANY, current_status: ANY, hours_today: ANY, schedule: A, is_open: B };
const HASHTAG_V1: FieldSpec = { id: S, name: S, media_count: I, allow_following: B, profile_pic_url: [S, NUL] };
const HASHTAG_V2: FieldSpec = {
  ...HASHTAG_V1, allow_muting_story: B, subtitle: [S, NUL], follow_button_text: [S, NUL], show_follow_drop_down: B, formatted_media_count: S,
  is_trending: B, hide_use_hashtag_button: B, status: S,
};
const TRACK: FieldSpec = {
  id: S, audio_cluster_id: S, audio_asset_id: S, title: S, subtitle: S, display_artist: S, artist_id: ANY, cover_artwork_uri: S,
  cover_artwork_thumbnail_uri: S, fast_start_progressive_download_url: S, reactive_audio_download_url: ANY, dark_message: ANY,
  territory_validity_periods: ANY, highlight_start_times_in_ms: A, duration_in_ms: I, is_explicit: B, has_lyrics: B, allows_saving: B,
};
const INSIGHT: FieldSpec = branded({
  id: ANY, creation_time: I, has_product_tags: B, platform_media_id: ANY, platform_media_owner_id: ANY, platform_actor: O, inline_insights_node: ANY,
  display_url: ANY, platform_media_type: S, image: O, comment_count: ANY, like_count: ANY, save_count: ANY, ad_media: ANY,
  organic_platform_media_id: ANY, shopping_outbound_click_count: ANY, shopping_product_click_count: ANY, shopping_product_insights: O,
});
const OEMBED: FieldSpec = {
  title: ANY, author_name: ANY, author_url: ANY, author_id: ANY, media_id: ANY, provider_name: ANY, provider_url: ANY, type: ANY, width: I, height: ANY, html: S,
};
const RAW_USER: FieldSpec = {
  __typename: ANY, strong_id__: ANY, id: ANY, pk: ANY, fbid_v2: ANY, username: ANY, full_name: ANY, is_private: ANY, is_verified: ANY,
  profile_pic_id: ANY, profile_pic_url: ANY, has_anonymous_profile_picture: ANY, account_badges: ANY, social_context: ANY,
};
const RAW_USER_FULL: FieldSpec = {
  ...RAW_USER, biography: ANY, bio_links: ANY, media_count: ANY, follower_count: ANY, following_count: ANY, account_type: ANY, is_business: ANY,
  external_url: ANY, hd_profile_pic_url_info: ANY,
};
const RAW_MEDIA: FieldSpec = {
  id: S, pk: ANY, code: S, media_type: I, product_type: S, taken_at: I, image_versions2: O, caption: [O, NUL], like_count: I, comment_count: I,
  user: O, owner: O, coauthor_producers: A, usertags: ANY, location: ANY, thumbnail_url: ANY, video_url: ANY, image_versions: A, taken_at_ts: I, sponsor_tags: A,
};
const RAW_VIDEO: FieldSpec = { play_count: I, ig_play_count: I, video_versions: A };
const RAW_COMMENT: FieldSpec = {
  pk: ANY, text: S, type: ANY, user: O, user_id: ANY, media_id: ANY, created_at: ANY, created_at_utc: ANY, comment_like_count: I, has_liked_comment: B,
  is_pinned: B, status: ANY, content_type: ANY, preview_child_comments: A, parent_comment_id: ANY, replied_to_comment_id: ANY, child_comment_index: ANY,
  media_info: ANY,
};

/** `[items, cursor]`: the chunk form of service-interface.md. */
function chunk(body: unknown, label: string): { items: unknown[]; cursor: unknown } {
  const parts = arr(body, label);
  expect(parts.length).toBe(2);
  const cursor = parts[1];
  expect(cursor === null || typeof cursor === 'string').toBe(true);
  return { items: arr(parts[0], `${label}[0]`), cursor };
}

function eachShape(items: unknown[], spec: FieldSpec, label: string): void {
  expect(items.length).toBeGreaterThan(0);
  expect(items.flatMap((item, i) => shapeProblems(item, spec, `${label}[${i}]`))).toEqual([]);
}

// ---- /v1 users ------------------------------------------------------------------------------------------

describe('/v1 users', () => {
  it('answers the full user record by username, id and profile link', () => {
    for (const [path, params] of [
      ['/v1/user/by/username', { username: big.username }],
      ['/v1/user/by/id', { id: big.pk }],
      ['/v1/user/by/url', { url: `https://www.instagram.com/${big.username}/` }],
    ] as const) {
      const u = obj(get(path, params));
      expectShape(u, USER_FULL, path);
      expect(u.pk).toBe(Number(big.pk)); // integer in the full record
      expect(u.id).toBe(big.pk);
      expect(u.follower_count).toBe(big.followers.length);
      expect(u.following_count).toBe(big.following.length);
      expect(u.media_count).toBe(big.posts.length);
    }
  });

  it('shows public contact fields of business accounts', () => {
    const u = obj(get('/v1/user/by/username', { username: business.username }));
    expect(u.account_type).toBe(2);
    expect(u.is_business).toBe(true);
    expect(u.public_email).toBe(business.contact?.email);
    expect(u.contact_phone_number).toBe(business.contact?.phone);
    expect(u.address_street).not.toBe('');
    expect(typeof u.latitude).toBe('number');
  });

  it('answers about', () => {
    const about = obj(get('/v1/user/about', { id: big.pk }));
    expectShape(about, ABOUT, 'about');
    expect(about.date).toMatch(/^[A-Z][a-z]+ \d{4}$/);
  });

  it('answers v1 chunks of users, posts, reels and tagged posts', () => {
    eachShape(chunk(get('/v1/user/followers/chunk', { user_id: big.pk }), 'followers').items, USER_SHORT, 'follower');
    eachShape(chunk(get('/v1/user/following/chunk', { user_id: big.pk }), 'following').items, USER_SHORT, 'following');
    eachShape(chunk(get('/v1/user/medias/chunk', { user_id: big.pk }), 'medias').items, MEDIA, 'media');
    const clips = chunk(get('/v1/user/clips/chunk', { user_id: big.pk }), 'clips').items;
    eachShape(clips, MEDIA, 'clip');
    for (const c of clips) expect(obj(c).product_type).toBe('clips');
    const taggedUser = tagged.usertags[0]?.userPk as string;
    eachShape(chunk(get('/v1/user/tag/medias/chunk', { user_id: taggedUser }), 'tagged').items, MEDIA, 'tagged');
  });

  it('marks trial reels by leaving out reshare_count', () => {
    const owner = world.userByPk.get(trial.ownerPk) as WorldUser;
    const seen = new Map<string, Obj>();
    let cursor: string | null = null;
    do {
      const page = chunk(get('/v1/user/clips/chunk', { user_id: owner.pk, end_cursor: cursor ?? undefined }), 'clips');
      for (const item of page.items) seen.set(String(obj(item).pk), obj(item));
      cursor = page.cursor as string | null;
    } while (cursor);
    expect('reshare_count' in (seen.get(trial.pk) as Obj)).toBe(false);
    const regular = owner.clips.map((pk) => world.mediaByPk.get(pk)).find((m) => m && !m.isTrial);
    if (regular) expect(typeof (seen.get(regular.pk) as Obj).reshare_count).toBe('number');
  });
});

// ---- /v1 media ---------------------------------------------------------------------------------------------

describe('/v1 media', () => {
  it('answers the Media object by code, id and link, with `<pk>_<owner>` ids', () => {
    for (const [path, params] of [
      ['/v1/media/by/code', { code: carousel.code }],
      ['/v1/media/by/id', { id: carousel.pk }],
      ['/v1/media/by/id', { id: `${carousel.pk}_${carousel.ownerPk}` }],
      ['/v1/media/by/url', { url: `https://www.instagram.com/p/${carousel.code}/?igshid=abc` }],
    ] as const) {
      const m = obj(get(path, params));
      expectShape(m, MEDIA, path);
      expect(m.pk).toBe(carousel.pk);
      expect(m.id).toBe(`${carousel.pk}_${carousel.ownerPk}`);
      expect(m.code).toBe(carousel.code);
      expect(m.taken_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(Date.parse(m.taken_at as string) / 1000).toBe(m.taken_at_ts);
      expectShape(m.user, USER_SHORT, 'media.user');
    }
  });

  it('fills carousel resources, image and video versions', () => {
    const m = obj(get('/v1/media/by/code', { code: carousel.code }));
    expect(m.media_type).toBe(8);
    const resources = arr(m.resources);
    expect(resources.length).toBe(carousel.children.length);
    eachShape(resources, CAROUSEL_ITEM, 'resource');
    for (const r of resources) {
      expect(obj(r).carousel_parent_id).toBe(m.id);
      eachShape(arr(obj(r).image_versions), IMAGE_VERSION, 'resource image');
    }
    const withVideo = resources.map((r) => obj(r)).filter((r) => r.media_type === 2);
    expect(withVideo.length).toBeGreaterThan(0);
    for (const r of withVideo) eachShape(arr(r.video_versions), VIDEO_VERSION, 'resource video');
    const v = obj(get('/v1/media/by/code', { code: video.code }));
    eachShape(arr(v.video_versions), VIDEO_VERSION, 'video');
    expect(v.video_duration).toBeGreaterThan(0);
    expect(v.video_url).toBe(obj(arr(v.video_versions)[0]).url);
  });

  it('carries usertags (x, y in 0..1), coauthors and locations', () => {
    const t = obj(get('/v1/media/by/code', { code: tagged.code }));
    const tags = arr(t.usertags);
    expect(tags.length).toBe(tagged.usertags.length);
    for (const tag of tags) {
      expectShape(tag, { user: O, x: N, y: N }, 'usertag');
      expect(Number(obj(tag).x)).toBeGreaterThanOrEqual(0);
      expect(Number(obj(tag).y)).toBeLessThanOrEqual(1);
    }
    eachShape(arr(obj(get('/v1/media/by/code', { code: coauthored.code })).coauthor_producers), COAUTHOR, 'coauthor');
    const located1 = obj(get('/v1/media/by/code', { code: located.code }));
    expectShape(located1.location, LOCATION, 'media.location');
  });

  it('answers bare JSON strings for code <-> pk', () => {
    expect(wireText(callRoute('/v1/media/code/from/pk', { pk: carousel.pk }))).toBe(`"${carousel.code}"`);
    expect(wireText(callRoute('/v1/media/pk/from/code', { code: carousel.code }))).toBe(`"${carousel.pk}"`);
    expect(wireText(callRoute('/v1/media/pk/from/url', { url: `https://www.instagram.com/reel/${carousel.code}/` }))).toBe(`"${carousel.pk}"`);
    expect(onWire(callRoute('/v1/media/code/from/pk', { pk: '2110901750722920960' }))).toBe('B1LbfVPlwIA');
  });

  it('answers the three-element comments chunk, likers, insight, oembed and the author', () => {
    const parts = arr(get('/v1/media/comments/chunk', { id: discussed.pk }));
    expect(parts.length).toBe(3);
    expect(parts[2]).toBeNull();
    expect(typeof parts[1]).toBe('string');
    eachShape(arr(parts[0]), COMMENT, 'comment');
    for (const c of arr(parts[0])) {
      expect(obj(c).created_at_utc).toMatch(/Z$/);
      expectShape(obj(c).user, USER_SHORT, 'comment.user');
    }
    const likers = arr(get('/v1/media/likers', { id: carousel.pk }));
    expect(likers.length).toBe(carousel.likeCount);
    eachShape(likers, USER_SHORT, 'liker');
    expectShape(get('/v1/media/insight', { media_id: carousel.pk }), INSIGHT, 'insight');
    const oembed = obj(get('/v1/media/oembed', { url: `https://www.instagram.com/p/${carousel.code}/` }));
    expectShape(oembed, OEMBED, 'oembed');
    expect(oembed.html).toContain(carousel.code);
    expectShape(get('/v1/media/user', { media_id: carousel.pk }), USER_SHORT, 'media user');
  });
});

// ---- /v1 highlights and stories -------------------------------------------------------------------------------

describe('/v1 highlights and stories', () => {
  it('lists highlights with empty media_ids and items, and fills them by link', () => {
    for (const [path, params] of [
      ['/v1/user/highlights', { user_id: big.pk }],
      ['/v1/user/highlights/by/username', { username: big.username }],
    ] as const) {
      const list = arr(get(path, params));
      expect(list.length).toBe(big.highlights.length);
      eachShape(list, HIGHLIGHT, path);
      for (const h of list) {
        expect(obj(h).media_ids).toEqual([]);
        expect(obj(h).items).toEqual([]);
        expect(obj(h).id).toBe(`highlight:${String(obj(h).pk)}`);
        expectShape(obj(h).cover_media, COVER_MEDIA, 'cover_media');
        expectShape(obj(obj(h).cover_media).cropped_image_version, { width: I, height: I, url: S, scans_profile: ANY }, 'cropped');
      }
    }
    const hl = world.highlightByPk.get(big.highlights[0] as string);
    const full = obj(get('/v1/highlight/by/url', { url: `https://www.instagram.com/stories/highlights/${hl?.pk}/` }));
    expectShape(full, HIGHLIGHT, 'highlight');
    expect(full.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(full.media_ids).toEqual(hl?.items); // exact digits after the lossless round trip
    const items = arr(full.items);
    expect(items.length).toBe(hl?.items.length);
    eachShape(items, STORY, 'highlight item');
    // In stories nested in a highlight, username, picture and verified flag may be null.
    expect(obj(obj(items[0]).user).username).toBeNull();
  });

  it('lists active stories and answers one story by id and link', () => {
    const stories = arr(get('/v1/user/stories', { user_id: big.pk }));
    expect(stories.length).toBe(big.stories.length);
    eachShape(stories, STORY, 'story');
    expect(arr(get('/v1/user/stories/by/username', { username: big.username, amount: 2 })).length).toBe(2);
    const withMention = world.stories.find((s) => s.mentions.length > 0 && s.ageSec !== null && !world.userByPk.get(s.ownerPk)?.isPrivate);
    const owner = world.userByPk.get(withMention?.ownerPk ?? '');
    const s = obj(get('/v1/story/by/url', { url: `https://www.instagram.com/stories/${owner?.username}/${withMention?.pk}/` }));
    expectShape(s, STORY, 'story by url');
    expect(s.product_type).toBe('story');
    eachShape(arr(s.mentions), STORY_MENTION, 'mention');
    expect(obj(get('/v1/story/by/id', { id: withMention?.pk })).pk).toBe(withMention?.pk);
  });

  it('answers story download data for the three download endpoints', () => {
    const s = world.stories.find((x) => x.mediaType === 2 && x.ageSec !== null && !world.userByPk.get(x.ownerPk)?.isPrivate);
    const owner = world.userByPk.get(s?.ownerPk ?? '');
    const a = obj(get('/v1/story/download', { id: s?.pk }));
    expect(a.url).toMatch(/\.mp4$/);
    const b = obj(get('/v1/story/download/by/story/url', { url: `https://www.instagram.com/stories/${owner?.username}/${s?.pk}/` }));
    expect(b).toEqual(a);
    const story = obj(get('/v1/story/by/id', { id: s?.pk }));
    expect(obj(get('/v1/story/download/by/url', { url: story.video_url as string }))).toEqual(a);
  });
});

// ---- /v1 places, hashtags, search, share ------------------------------------------------------------------

describe('/v1 places, hashtags, search and share', () => {
  it('answers places and their posts', () => {
    const place = world.locationByPk.get(located.locationPk as number);
    const l = obj(get('/v1/location/by/id', { id: String(place?.pk) }));
    expectShape(l, LOCATION, 'location');
    const withHours = world.locations.find((x) => x.hours !== null);
    expectShape(obj(get('/v1/location/by/id', { id: String(withHours?.pk) })).hours, HOURS, 'hours');
    eachShape(arr(get('/v1/location/medias/recent', { location_pk: String(place?.pk) })), MEDIA, 'place post');
    eachShape(chunk(get('/v1/location/medias/recent/chunk', { location_pk: String(place?.pk) }), 'place chunk').items, MEDIA, 'place post');
    eachShape(arr(get('/v1/fbsearch/places', { query: 'café' })), LOCATION, 'place search');
  });

  it('answers hashtags (v1 and v2) and their posts', () => {
    const h = obj(get('/v1/hashtag/by/name', { name: 'москва' }));
    expectShape(h, HASHTAG_V1, 'hashtag');
    expect(h.media_count).toBe(world.hashtagByName.get('москва')?.recent.length);
    expectShape(get('/v2/hashtag/by/name', { name: '東京' }), HASHTAG_V2, 'hashtag v2');
    eachShape(chunk(get('/v1/hashtag/medias/top/chunk', { name: 'travel' }), 'top').items, MEDIA, 'top post');
    const clips = chunk(get('/v1/hashtag/medias/clips/chunk', { name: 'travel' }), 'clips').items;
    eachShape(clips, MEDIA, 'clip');
    for (const c of clips) expect(obj(c).product_type).toBe('clips');
  });

  it('answers searches for users (integer pk), hashtags and music', () => {
    const users = arr(get('/v1/search/users', { query: big.username }));
    eachShape(users, USER_SHORT, 'search user');
    expect(obj(users[0]).pk).toBe(Number(big.pk));
    const tags = arr(get('/v1/search/hashtags', { query: 'caf' }));
    eachShape(tags, HASHTAG_V1, 'search hashtag');
    expect(tags.map((t) => obj(t).name)).toContain('café');
    eachShape(arr(get('/v1/fbsearch/topsearch/hashtags', { query: '카' })), HASHTAG_V1, 'topsearch hashtag');
    const track = world.tracks[0];
    eachShape(arr(get('/v1/search/music', { query: track?.artist.split(' ')[0] ?? '' })), TRACK, 'track');
  });

  it('resolves share codes and links to {pk, type}, and reel share links to a pk string', () => {
    const hl = world.highlightByPk.get(big.highlights[1] as string);
    const code = shareCode('highlight', hl?.pk ?? '');
    expect(get('/v1/share/by/code', { code })).toEqual({ pk: hl?.pk, type: 'highlight' });
    expect(get('/v1/share/by/url', { url: `https://www.instagram.com/s/${code}?story_media_id=1` })).toEqual({ pk: hl?.pk, type: 'highlight' });
    const reel = publicPosts.find((m) => m.productType === 'clips' && m.shareToken);
    expect(wireText(callRoute('/v1/share/reel/by/url', { url: `https://www.instagram.com/share/reel/${reel?.shareToken}/` }))).toBe(`"${reel?.pk}"`);
  });
});

// ---- /g1, /g2, /gql, /a2 ----------------------------------------------------------------------------------

describe('/g1 and /g2', () => {
  it('answers g1 follower chunks with a reel object', () => {
    const { items } = chunk(get('/g1/user/followers', { user_id: big.pk }), 'g1');
    eachShape(items, USER_SHORT, 'g1 user');
    for (const u of items) {
      expectShape(obj(u).reel, REEL, 'reel');
      expectShape(obj(obj(u).reel).owner, REEL_OWNER, 'reel.owner');
    }
    eachShape(chunk(get('/g1/user/following', { user_id: big.pk }), 'g1 following').items, USER_SHORT, 'g1 following');
  });

  it('answers g2 followers, following and medias envelopes; list users\' ids are strings, owners have id and no pk; keys carry type prefixes', () => {
    const followers = obj(get('/g2/user/followers', { user_id: big.pk }));
    expectShape(followers, { response: O, next_page_id: [S, NUL] }, 'g2 followers');
    expectShape(followers.response, { users: A, next_max_id: [S, NUL], should_limit_list_of_followers: B }, 'g2 followers.response');
    for (const u of arr(obj(followers.response).users)) {
      expect(obj(u)).toMatchObject({ pk: obj(u).id, fbid_v2: expect.stringMatching(/^\d+$/), 'is_fulfilled__(name:"XDTUserDict")': true });
      expect(typeof obj(u).id).toBe('string');
      expect(typeof obj(u)['1llatest_reel_media']).toBe('number');
    }
    const following = obj(get('/g2/user/following', { user_id: big.pk }));
    expectShape(following.response, { users: A, next_max_id: [S, NUL], has_more: B }, 'g2 following.response');
    const medias = obj(get('/g2/user/medias', { user_id: big.pk }));
    expectShape(medias, { response: O, next_page_id: S }, 'g2 medias');
    expectShape(medias.response, {
      items: A, more_available: B, next_max_id: S, num_results: I, auto_load_more_enabled: B, profile_grid_items_cursor: S,
      pinned_profile_grid_items_ids: S, 'is_fulfilled__(name:"XDTProfileFeedDict")': B,
    }, 'g2 medias.response');
    const items = arr(obj(medias.response).items);
    expect(obj(medias.response).num_results).toBe(items.length);
    for (const m of items) {
      expect('pk' in obj(obj(m).owner)).toBe(false);
      expect(typeof obj(m)['1ltaken_at']).toBe('number');
      expect('taken_at' in obj(m)).toBe(false);
    }
    expect(items.some((m) => typeof obj(m)['1fvideo_duration'] === 'number')).toBe(true);
  });
});

describe('/gql', () => {
  it('answers media likers as one list of users', () => {
    const likers = arr(get('/gql/media/likers', { media_id: carousel.pk }));
    expect(likers.length).toBe(carousel.likeCount);
    eachShape(likers, { pk: ANY, __typename: S, username: S, full_name: S, profile_pic_url: S, is_verified: B, social_context: ANY, supervision_info: ANY, id: ANY }, 'gql liker');
  });

  it('answers the usertags multifetch for up to 10 media ids', () => {
    const key = '1$multifetch__XDTMediaDict(ids:$media_ids)';
    const body = obj(get('/gql/media/usertags', { media_ids: [tagged.pk, carousel.pk] }));
    expectShape(body, { data: O, extensions: O }, 'usertags');
    expectShape(body.data, { __typename: ANY, strong_id__: ANY, [key]: A }, 'usertags.data');
    const nodes = arr(obj(body.data)[key]);
    expect(nodes.length).toBe(2);
    for (const n of nodes) expectShape(obj(n).node, { __typename: ANY, strong_id__: ANY, id: ANY, usertags: O }, 'node');
    expect(arr(obj(obj(obj(nodes[0]).node).usertags).in).length).toBe(tagged.usertags.length);
    expectShape(body.extensions, { server_metadata: O, is_final: B }, 'extensions');
    expectShape(obj(body.extensions).server_metadata, { request_start_time_ms: ANY, time_at_flush_ms: ANY }, 'server_metadata');
    expect(callRoute('/gql/media/usertags', { media_ids: publicPosts.slice(0, 11).map((m) => m.pk) }).status).toBe(422);
  });

  // The interface document's row list (data, extensions, path, label, status), as production writes it
  // (recorded answer): only the first row has status and server_metadata; later rows patch a place
  // named by `path`; the result units come as one nested array of rows.
  it('streams top search rows with accounts, media, a nested array and a unit that is neither', () => {
    const body = obj(get('/gql/topsearch', { query: 'anna' }));
    const rows = arr(body.stream_rows);
    expect(rows.some((r) => Array.isArray(r))).toBe(true);
    const flat = rows.flatMap((r) => (Array.isArray(r) ? r : [r]));
    flat.forEach((row, i) => {
      expectShape(row, i === 0 ? { data: O, extensions: O, status: S } : { data: ANY, extensions: O, path: A, label: S }, `row ${i}`);
      expectShape(obj(row).extensions, i === 0 ? { is_final: B, server_metadata: O } : { is_final: B }, `row ${i}.extensions`);
    });
    expect(obj(obj(flat[flat.length - 1]).extensions).is_final).toBe(true);
    // Units are edge nodes with a unit_type; accounts and posts sit in their units' items.
    const nodes = flat.flatMap((r) => {
      const data = obj(r).data as Obj | null;
      if (!data) return [];
      const edges = Object.values(data).flatMap((v) => (v && typeof v === 'object' && Array.isArray((v as Obj).edges) ? ((v as Obj).edges as unknown[]) : []));
      return [...edges.map((e) => obj(obj(e).node)), ...(data.node ? [obj(data.node)] : [])];
    });
    const unitTypes = nodes.map((n) => n.unit_type);
    expect(unitTypes).toEqual(expect.arrayContaining(['META_AI_HCM', 'HEADER', 'ACCOUNTS_HCM', 'MEDIA_GRID']));
    const items = nodes.flatMap((n) => (Array.isArray(n.items) ? n.items.map((x) => obj(x)) : []));
    expect([...new Set(items.map((x) => x.__typename))].sort()).toEqual(['XDTMediaDict', 'XDTUserDict']);
    for (const u of items.filter((x) => x.__typename === 'XDTUserDict')) expectShape(u, { id: S, strong_id__: S, fbid_v2: S, username: S, full_name: S, profile_pic_url: S }, 'account');
  });
});

describe('/a2 and /v2 users', () => {
  it('answers the a2 graphql user with timeline edges', () => {
    const body = obj(get('/a2/user', { username: big.username }));
    const u = obj(obj(body.graphql).user);
    expectShape(u, { id: S, biography: S, full_name: S, edge_followed_by: O, edge_follow: O, profile_pic_url: S, profile_pic_url_hd: S, edge_owner_to_timeline_media: O }, 'a2 user');
    expect(obj(u.edge_followed_by).count).toBe(big.followers.length);
    const timeline = obj(u.edge_owner_to_timeline_media);
    expect(timeline.count).toBe(big.posts.length);
    const nodes = arr(timeline.edges).map((e) => obj(obj(e).node));
    eachShape(nodes, {
      id: S, shortcode: S, display_url: S, thumbnail_url: S, video_url: [S, NUL], __typename: S, product_type: S, title: S, video_duration: ANY,
      video_view_count: ANY, edge_media_to_caption: O, edge_media_to_comment: O, edge_liked_by: O, edge_media_preview_like: O,
    }, 'a2 node');
    for (const n of nodes) {
      expect(['GraphImage', 'GraphVideo', 'GraphSidecar']).toContain(n.__typename);
      if (n.__typename === 'GraphSidecar') expect(arr(obj(n.edge_sidecar_to_children).edges).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('wraps v2 users as {user, status} with the raw user dict', () => {
    for (const [path, params] of [['/v2/user/by/id', { id: big.pk }], ['/v2/user/by/username', { username: big.username }]] as const) {
      const body = obj(get(path, params));
      expect(body.status).toBe('ok');
      expectShape(body.user, RAW_USER_FULL, path);
      expect(obj(body.user).follower_count).toBe(big.followers.length);
    }
  });
});

// ---- /v2 media, comments, search, highlight, track ------------------------------------------------------------

describe('/v2', () => {
  it('answers raw media dicts (media_or_ad, clips, tag medias) with v1 compatibility fields', () => {
    const m = obj(obj(get('/v2/media/info/by/code', { code: video.code })).media_or_ad);
    expectShape(m, { ...RAW_MEDIA, ...RAW_VIDEO }, 'media_or_ad');
    expectShape(m.image_versions2, { candidates: A, additional_candidates: O, scrubber_spritesheet_info_candidates: O }, 'image_versions2');
    expectShape(m.user, RAW_USER, 'media.user');
    expect(m.id).toBe(`${video.pk}_${video.ownerPk}`);
    const c = obj(obj(get('/v2/media/info/by/id', { id: carousel.pk })).media_or_ad);
    expect(arr(c.carousel_media).length).toBe(carousel.children.length);
    const t = obj(obj(get('/v2/media/info/by/url', { url: `https://www.instagram.com/p/${tagged.code}/` })).media_or_ad);
    for (const tag of arr(obj(t.usertags).in)) expectShape(tag, { user: O, position: A }, 'usertags.in');
    const clips = obj(get('/v2/user/clips', { user_id: big.pk }));
    expectShape(clips, { response: O, next_page_id: [S, NUL] }, 'v2 clips');
    for (const item of arr(obj(clips.response).items)) expectShape(obj(item).media, RAW_MEDIA, 'clips item');
  });

  it('answers v2 comments and replies', () => {
    const body = obj(get('/v2/media/comments', { id: discussed.pk }));
    expectShape(body, { response: O, next_page_id: [S, NUL] }, 'v2 comments');
    expectShape(body.response, {
      comments: A, caption: ANY, comment_count: I, can_view_more_preview_comments: ANY, caption_is_edited: ANY, comment_cover_pos: ANY,
      comment_filter_param: ANY, comment_likes_enabled: ANY,
    }, 'v2 comments.response');
    expect(obj(body.response).comment_count).toBe(threadOf(world, discussed).total);
    eachShape(arr(obj(body.response).comments), RAW_COMMENT, 'raw comment');
    const parent = threadOf(world, discussed).top.find((c) => c.replies.length > 0);
    const replies = obj(get('/v2/media/comments/replies', { media_id: discussed.pk, comment_id: parent?.pk }));
    expectShape(replies, { child_comment_count: I, child_comments: A }, 'replies');
    expect(replies.child_comment_count).toBe(parent?.replies.length);
    arr(replies.child_comments).forEach((r, i) => {
      expectShape(r, RAW_COMMENT, 'reply');
      expect(obj(r).parent_comment_id).toBe(parent?.pk);
      expect(obj(r).replied_to_comment_id).toBe(parent?.pk);
      expect(obj(r).child_comment_index).toBe(i);
    });
  });

  it('answers the offensive-comment check', () => {
    const body = obj(get('/v2/media/comment/offensive', { media_id: carousel.pk, comment: 'You are an idiot' }));
    expect(body.next_page_id).toBeNull();
    expectShape(body.response, { is_offensive: B, text_language: S, status: S }, 'offensive');
    expect(obj(body.response).is_offensive).toBe(true);
    expect(obj(obj(get('/v2/media/comment/offensive', { media_id: carousel.pk, comment: 'Очень красиво' })).response).text_language).toBe('ru');
  });

  it('answers hashtag recent posts in sections', () => {
    const body = obj(get('/v2/hashtag/medias/recent', { name: 'travel' }));
    expectShape(body, { response: O, next_page_id: [S, NUL] }, 'recent');
    const sections = arr(obj(body.response).sections);
    eachShape(sections, { layout_type: ANY, feed_type: ANY, explore_item_info: O, layout_content: O }, 'section');
    for (const s of sections) {
      expectShape(obj(s).explore_item_info, { num_columns: ANY, total_num_columns: ANY, aspect_ratio: ANY, autoplay: ANY }, 'explore_item_info');
      const content = obj(obj(s).layout_content);
      // Production's one_by_two rows hold one reel and two posts beside it; media_grid rows hold three posts.
      const medias = String(obj(s).layout_type).startsWith('one_by_two')
        ? [...arr(obj(obj(content.one_by_two_item).clips).items), ...arr(content.fill_items)]
        : arr(content.medias);
      expect(medias.length).toBeGreaterThan(0);
      for (const m of medias) expectShape(obj(m).media, RAW_MEDIA, 'section media');
    }
    const layouts = sections.map((s) => String(obj(s).layout_type));
    expect(layouts).toContain('media_grid');
    expect(layouts.some((l) => l === 'one_by_two_left' || l === 'one_by_two_right')).toBe(true);
  });

  it('answers account, place and reel searches', () => {
    const accounts = obj(get('/v2/fbsearch/accounts', { query: 'a' }));
    expectShape(accounts, { num_results: I, users: A, has_more: B, rank_token: S, clear_client_cache: B, page_token: [S, NUL], status: S }, 'accounts');
    eachShape(arr(accounts.users), { ...RAW_USER, search_social_context: ANY }, 'account');
    const places = obj(get('/v2/fbsearch/places', { query: 'Paris' }));
    expectShape(places, { items: A, has_more: B, rank_token: S, status: S }, 'places');
    for (const item of arr(places.items)) {
      expectShape(item, { location: O, title: S, subtitle: S }, 'place item');
      expectShape(obj(item).location, { pk: ANY, facebook_places_id: ANY, external_source: ANY, name: S, address: ANY, city: ANY, has_viewer_saved: ANY, short_name: ANY, lng: N, lat: N }, 'place');
    }
    const reels = obj(get('/v2/fbsearch/reels', { query: 'travel' }));
    const modules = arr(reels.reels_serp_modules);
    eachShape(modules, { module_type: S, clips: A }, 'reels module');
    for (const c of arr(obj(modules[0]).clips)) expect(obj(obj(c).media).product_type).toBe('clips');
  });

  it('answers a highlight under its "highlight:<id>" key with its items', () => {
    const hl = world.highlightByPk.get(big.highlights[0] as string);
    const body = obj(get('/v2/highlight/by/id', { id: hl?.pk }));
    const response = obj(body.response);
    expect(response.status).toBe('ok');
    const raw = obj(obj(response.reels)[`highlight:${hl?.pk}`]);
    expectShape(raw, { reel_type: S, items: A, title: S, created_at: I, media_count: I, media_ids: A, cover_media: O, user: O, pk: ANY }, 'raw highlight');
    expect(raw.media_ids).toEqual(hl?.items);
    expect(arr(raw.items).length).toBe(hl?.items.length);
  });

  it('answers reels using a track', () => {
    const track = world.tracks.find((t) => t.reels.length > 0);
    const body = obj(get('/v2/track/by/canonical/id', { canonical_id: track?.canonicalId }));
    expectShape(body, { response: O, next_page_id: [S, NUL] }, 'track');
    for (const item of arr(obj(body.response).items)) {
      const m = obj(obj(item).media);
      expect(m.product_type).toBe('clips');
      expect(obj(obj(obj(m.clips_metadata).music_info).music_asset_info).audio_cluster_id).toBe(track?.canonicalId);
    }
  });

  it('answers stories as {reel: {items, user}}', () => {
    const body = obj(get('/v2/user/stories', { user_id: big.pk }));
    const reel = obj(body.reel);
    expect(arr(reel.items).length).toBe(big.stories.length);
    expectShape(reel.user, RAW_USER, 'reel.user');
    for (const item of arr(reel.items)) expect(obj(item).expiring_at).toBe(Number(obj(item).taken_at) + 86_400);
  });
});

// ---- big integers, errors, coverage ------------------------------------------------------------------------

describe('big integers in the raw text', () => {
  it('writes 19-digit pks and highlight media_ids as exact integer literals, strings with safe_int', () => {
    const outcome = callRoute('/v2/media/info/by/code', { code: carousel.code });
    const text = wireText(outcome);
    expect(text).toContain(`"pk":${carousel.pk},`);
    expect(obj(obj(parseLossless(text)).media_or_ad).pk).toBe(carousel.pk);
    expect(wireText(outcome, true)).toContain(`"pk":"${carousel.pk}"`);
    const hl = world.highlightByPk.get(big.highlights[0] as string);
    const hlText = wireText(callRoute('/v1/highlight/by/url', { url: `https://www.instagram.com/stories/highlights/${hl?.pk}/` }));
    expect(hlText).toContain(`"media_ids":[${hl?.items.join(',')}]`);
    // v1 writes media pks as strings, as the interface says.
    expect(wireText(callRoute('/v1/media/by/code', { code: carousel.code }))).toContain(`"pk":"${carousel.pk}"`);
  });
});

describe('errors', () => {
  it('answers the production bodies for unknown users and posts, missing comments and private accounts', () => {
    expect(callRoute('/v1/user/by/username', { username: 'nobody.here.at.all' })).toEqual({ status: 404, body: { detail: 'User not found', exc_type: 'UserNotFound' } });
    expect(callRoute('/v1/media/by/code', { code: 'AAAAAAAAAAA' })).toEqual({ status: 404, body: { detail: 'Media is unavailable', exc_type: 'MediaUnavailable' } });
    expect(callRoute('/v1/media/comments/chunk', { id: silent.pk })).toEqual({ status: 404, body: { detail: 'Entries not found', exc_type: 'NotFoundError' } });
    expect(callRoute('/v2/media/comments', { id: disabled.pk })).toEqual({ status: 403, body: { detail: 'Comments disabled by author', exc_type: 'CommentsDisabled' } });
    const privateBody = { status: 403, body: { detail: 'Account is private', exc_type: 'PrivateAccount' } };
    expect(callRoute('/v1/user/medias/chunk', { user_id: priv.pk })).toEqual(privateBody);
    expect(callRoute('/v1/user/stories', { user_id: priv.pk })).toEqual(privateBody);
    expect(callRoute('/v1/user/highlights', { user_id: priv.pk })).toEqual(privateBody);
    const privatePost = world.mediaByPk.get(priv.posts[0] as string);
    expect(callRoute('/v1/media/by/code', { code: privatePost?.code }).status).toBe(404);
  });

  it('lets force read a private account\'s stories and highlights', () => {
    expect(arr(get('/v1/user/stories', { user_id: priv.pk, force: 'true' })).length).toBe(priv.stories.length);
    expect(arr(get('/v1/user/highlights', { user_id: priv.pk }, { force: true })).length).toBe(priv.highlights.length);
    const reel = obj(obj(get('/v2/user/stories', { user_id: priv.pk, force: 'true' })).reel);
    expect(arr(reel.items).length).toBe(priv.stories.length);
  });

  it('answers 422 for a missing parameter and a cursor from elsewhere', () => {
    expect(callRoute('/v1/user/by/username', {})).toEqual({ status: 422, body: { detail: [{ loc: ['query', 'username'], msg: 'Field required', type: 'missing' }] } });
    const outcome = callRoute('/v1/user/followers/chunk', { user_id: big.pk, max_id: 'bm90LWEtY3Vyc29y' });
    expect(outcome.status).toBe(422);
    expect(obj(arr(obj(outcome.body).detail)[0]).loc).toEqual(['query', 'max_id']);
  });
});

describe('coverage of the interface', () => {
  it('simulates every endpoint with a detailed shape in service-interface.md', () => {
    const detailed = [
      '/g1/user/followers', '/g1/user/following', '/g2/user/followers', '/g2/user/following', '/g2/user/medias',
      '/gql/comment/likers/chunk', '/gql/media/likers', '/gql/media/usertags', '/gql/topsearch',
      '/a2/user', '/v2/user/by/id', '/v2/user/clips',
      '/v1/user/about', '/v1/user/by/id', '/v1/user/by/url', '/v1/user/by/username', '/v1/user/clips/chunk', '/v1/user/followers/chunk', '/v1/user/tag/medias/chunk',
      '/v1/media/by/code', '/v1/media/by/id', '/v1/media/by/url', '/v1/media/code/from/pk', '/v1/media/comments/chunk', '/v1/media/insight', '/v1/media/likers', '/v1/media/oembed',
      '/v1/highlight/by/url', '/v1/user/highlights', '/v1/user/highlights/by/username', '/v1/story/by/id', '/v1/story/by/url', '/v1/story/download',
      '/v1/story/download/by/story/url', '/v1/story/download/by/url', '/v1/user/stories', '/v1/user/stories/by/username',
      '/v1/location/by/id', '/v1/location/medias/recent', '/v1/location/medias/recent/chunk', '/v1/hashtag/by/name', '/v1/hashtag/medias/clips/chunk', '/v1/hashtag/medias/top/chunk',
      '/v1/fbsearch/places', '/v1/fbsearch/topsearch/hashtags', '/v1/search/hashtags', '/v1/search/music', '/v1/search/users', '/v1/share/by/code', '/v1/share/by/url', '/v1/share/reel/by/url',
      '/v2/media/comment/offensive', '/v2/media/comments', '/v2/media/comments/replies',
      '/v2/hashtag/by/name', '/v2/hashtag/medias/recent', '/v2/fbsearch/accounts', '/v2/fbsearch/places', '/v2/fbsearch/reels', '/v2/highlight/by/id', '/v2/track/by/canonical/id',
    ];
    expect(detailed.filter((path) => !(path in ROUTES))).toEqual([]);
  });
});
