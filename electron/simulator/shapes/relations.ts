// The users of `/v2/user/followers` and `/v2/user/following`, as the service's documented production
// answers write them. Followers come from the web's GraphQL list: a user dict whose private-API fields
// are null, with the GraphQL `reel` and the viewer's relations. Following comes from the private API:
// string `pk`, numeric `fbid_v2`, `is_favorite`.
import type { WorldUser } from '../world/model';
import { latestReelMedia, profilePicUrl, type ShapeContext } from './common';
import { rawUser } from './raw';

type Json = Record<string, unknown>;

export function v2Follower(ctx: ShapeContext, u: WorldUser): Json {
  const latest = latestReelMedia(ctx, u);
  const picture = profilePicUrl(ctx, u);
  return {
    pk: u.pk,
    id: u.pk,
    username: u.username,
    full_name: u.fullName,
    profile_pic_url: picture,
    profile_pic_url_hd: null,
    is_private: u.isPrivate,
    is_verified: u.isVerified,
    account_badges: null,
    fbid_v2: null,
    has_anonymous_profile_picture: null,
    latest_reel_media: latest > 0 ? latest : null,
    pk_id: null,
    profile_pic_id: null,
    strong_id__: null,
    third_party_downloads_enabled: null,
    reel: {
      id: u.pk,
      expiring_at: latest > 0 ? latest + 86_400 : 0,
      has_pride_media: false,
      latest_reel_media: latest > 0 ? latest : null,
      seen: null,
      owner: { __typename: 'GraphUser', id: u.pk, profile_pic_url: picture, username: u.username },
    },
    followed_by_viewer: false,
    follows_viewer: false,
    requested_by_viewer: false,
  };
}

export function v2Followed(ctx: ShapeContext, u: WorldUser): Json {
  return { ...rawUser(ctx, u, { stringIds: true }), is_favorite: false };
}
