// /g2 records: GraphQL-shaped, some keys carry a type prefix ("1llatest_reel_media", "1ltaken_at",
// "1fvideo_duration"); a media's users have `id` but no `pk` (service-facts.md, "Raw record oddities"),
// the follower lists' users `pk` as a string (the service's documented answers).
import type { WorldMedia, WorldUser } from '../world/model';
import { latestReelMedia, profilePicId, profilePicUrl, type ShapeContext } from './common';
import { fulfilled } from './gql';
import { rawMedia } from './raw';

type Json = Record<string, unknown>;

export function g2User(ctx: ShapeContext, u: WorldUser): Json {
  return {
    __typename: 'XDTUserDict',
    strong_id__: u.pk,
    id: u.pk,
    username: u.username,
    full_name: u.fullName,
    is_private: u.isPrivate,
    is_verified: u.isVerified,
    profile_pic_url: profilePicUrl(ctx, u),
    has_anonymous_profile_picture: u.anonymousPic,
    '1llatest_reel_media': latestReelMedia(ctx, u),
    is_unpublished: false,
  };
}

/** A media dict's keys with the type prefixes GraphQL gives some ("1ltaken_at", "1fvideo_duration"). */
export function withTypePrefixes(media: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(media)) {
    if (key === 'taken_at') out['1ltaken_at'] = value;
    else if (key === 'video_duration') out['1fvideo_duration'] = value;
    else out[key] = value;
  }
  return out;
}

/** A user of g2's follower lists: the fulfilled XDTUserDict, with `pk` and `fbid_v2` as strings. */
export function g2ListUser(ctx: ShapeContext, u: WorldUser): Json {
  const { is_unpublished: _unpublished, ...user } = g2User(ctx, u);
  return {
    ...user,
    [fulfilled('XDTUserDict')]: true,
    pk: u.pk,
    fbid_v2: u.fbid,
    allowed_commenter_type: null,
    interop_messaging_user_fbid: null,
    liked_clips_count: null,
    account_badges: [],
    social_context: null,
    profile_pic_id: u.anonymousPic ? null : profilePicId(u),
    reel_auto_archive: null,
    all_media_count: null,
  };
}

/** A media dict with g2's prefixed keys and g2 users for owner and user. */
export function g2Media(ctx: ShapeContext, m: WorldMedia): Json {
  const out = withTypePrefixes(rawMedia(ctx, m));
  const owner = ctx.world.userByPk.get(m.ownerPk);
  if (owner) {
    const user = g2User(ctx, owner);
    out.user = user;
    out.owner = user;
  }
  return out;
}
