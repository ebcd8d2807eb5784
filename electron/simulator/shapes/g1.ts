// /g1 follower and following lists: v1 short users, followers with a `reel` object.
import type { WorldUser } from '../world/model';
import { latestReelMedia, profilePicUrl, type ShapeContext } from './common';
import { userShort } from './v1';

type Json = Record<string, unknown>;

/**
 * A g1 user. `reel` is always present for followers (the OpenAPI model requires it) and only for
 * accounts with active stories in following lists (the interface calls it optional).
 */
export function g1User(ctx: ShapeContext, u: WorldUser, reel: 'always' | 'when-active'): Json {
  const out = userShort(ctx, u);
  const latest = latestReelMedia(ctx, u);
  if (reel === 'always' || latest > 0) {
    out.reel = {
      id: Number(u.pk),
      expiring_at: latest > 0 ? latest + 86_400 : 0,
      has_pride_media: false,
      latest_reel_media: latest,
      seen: null,
      owner: { id: Number(u.pk), profile_pic_url: profilePicUrl(ctx, u), username: u.username },
    };
  }
  return out;
}
