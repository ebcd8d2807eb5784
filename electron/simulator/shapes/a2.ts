// /a2/user: the public web profile form `{graphql: {user: {..., edge_owner_to_timeline_media}}}`.
import { mediaPaths } from '../types';
import { commentCountOf } from '../world/comments';
import type { WorldMedia, WorldUser } from '../world/model';
import { picturesOf, profilePicUrl, userOf, videoFile, type ShapeContext } from './common';
import { encodeCursor } from './paging';

type Json = Record<string, unknown>;

const TYPENAME: Record<WorldMedia['mediaType'], string> = { 1: 'GraphImage', 2: 'GraphVideo', 8: 'GraphSidecar' };

function node(ctx: ShapeContext, m: WorldMedia): Json {
  const owner = userOf(ctx.world, m.ownerPk);
  const first = m.children[0];
  const pictures = picturesOf(ctx, first ? first.pk : m.pk, first ?? m);
  const display = pictures[0];
  const video = m.video ? videoFile(ctx, m.pk, m.video) : null;
  const out: Json = {
    __typename: TYPENAME[m.mediaType],
    id: m.pk,
    shortcode: m.code,
    display_url: display?.url ?? '',
    thumbnail_url: pictures.find((p) => p.width <= 640)?.url ?? display?.url ?? '',
    dimensions: { height: m.height, width: m.width },
    is_video: m.mediaType === 2,
    video_url: video?.url ?? null,
    product_type: m.productType,
    title: m.title,
    video_duration: video?.durationSec ?? null,
    video_view_count: m.mediaType === 2 ? m.playCount : null,
    taken_at_timestamp: m.takenAt,
    accessibility_caption: m.accessibilityCaption,
    owner: { id: owner.pk, username: owner.username },
    edge_media_to_caption: { edges: m.caption ? [{ node: { text: m.caption } }] : [] },
    edge_media_to_comment: { count: commentCountOf(ctx.world, m) },
    edge_liked_by: { count: m.likeCount },
    edge_media_preview_like: { count: m.likeCount },
    comments_disabled: m.commentsDisabled,
  };
  if (m.children.length > 0) {
    out.edge_sidecar_to_children = {
      edges: m.children.map((c) => {
        const pics = picturesOf(ctx, c.pk, c);
        return {
          node: {
            __typename: c.mediaType === 2 ? 'GraphVideo' : 'GraphImage',
            id: c.pk,
            display_url: pics[0]?.url ?? '',
            dimensions: { height: c.height, width: c.width },
            is_video: c.mediaType === 2,
            video_url: c.video ? videoFile(ctx, c.pk, c.video).url : null,
          },
        };
      }),
    };
  }
  return out;
}

/** The profile with its first 12 posts (none for private accounts, as on the web). */
export function a2User(ctx: ShapeContext, u: WorldUser): Json {
  const posts = u.isPrivate ? [] : u.posts.slice(0, 12).flatMap((pk) => {
    const m = ctx.world.mediaByPk.get(pk);
    return m ? [{ node: node(ctx, m) }] : [];
  });
  const hasMore = !u.isPrivate && u.posts.length > 12;
  return {
    graphql: {
      user: {
        id: u.pk,
        username: u.username,
        full_name: u.fullName,
        biography: u.biography,
        external_url: u.externalUrl || null,
        is_private: u.isPrivate,
        is_verified: u.isVerified,
        is_business_account: u.accountType === 2,
        is_professional_account: u.accountType !== 1,
        category_name: u.category || null,
        profile_pic_url: profilePicUrl(ctx, u),
        profile_pic_url_hd: ctx.mediaUrl(mediaPaths.image(u.anonymousPic ? 'anonymous-profile' : `profile-${u.pk}`, 320, 320)),
        edge_followed_by: { count: u.followers.length },
        edge_follow: { count: u.following.length },
        highlight_reel_count: u.highlights.length,
        edge_owner_to_timeline_media: {
          count: u.posts.length,
          // The web form's cursor: the same opaque cursor the posts lists use after their first 12.
          page_info: { has_next_page: hasMore, end_cursor: hasMore ? encodeCursor(`posts:${u.pk}`, 12) : null },
          edges: posts,
        },
      },
    },
  };
}
