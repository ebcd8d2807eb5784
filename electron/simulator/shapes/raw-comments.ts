// Raw comments of the /v2 family (`/v2/media/comments`, `/v2/media/comments/replies`) and the page
// envelope around them. Production gives each reply the post it answers in `media_info.media`, in the
// form of a visual-reply media (a sticker pointing back at the parent comment).
import { threadOf } from '../world/comments';
import type { WorldComment, WorldMedia } from '../world/model';
import { userOf, type ShapeContext } from './common';
import { COMMENT_EXTRA, COMMENTS_PAGE_EXTRA } from './extras-comment';
import { rawCaption, rawMedia, rawUser } from './raw';

type Json = Record<string, unknown>;

/** The post a reply belongs to, as production's `media_info.media` of a reply. */
function replyMedia(ctx: ShapeContext, m: WorldMedia, reply: WorldComment): Json {
  const media = rawMedia(ctx, m);
  const owner = userOf(ctx.world, m.ownerPk);
  const parent = reply.parentPk ? threadOf(ctx.world, m).byPk.get(reply.parentPk) : undefined;
  const author = parent ? userOf(ctx.world, parent.userPk) : owner;
  // In this form the owner's ids are strings (the user's pk stays a number), and the user dicts carry a few more profile fields.
  const asOwner = (user: unknown, pk: string | number): Json => ({
    ...(user as Json), pk, interop_messaging_user_fbid: String(owner.interopFbid), biography: owner.biography,
    can_see_quiet_post_attribution: false, views_on_grid_status: 'SHOW_VIEWS', is_facebook_onboarded_charity: false,
    merchant_checkout_style: 'none', seller_shoppable_feed_type: 'none', show_shoppable_feed: false,
  });
  const caption = media.caption as Json | null;
  return {
    ...media,
    __is_XDTMediaDict: true,
    user: asOwner(media.user, Number(owner.pk)),
    owner: asOwner(media.owner, owner.pk),
    caption: caption ? { ...caption, __typename: 'XDTCommentDict' } : null,
    enable_waist: false,
    has_more_comments: false,
    senders: [],
    video_subtitles_uri: '',
    visual_comment_reply_sticker_info: parent ? [{
      x: 0.5, y: 0.5, z: 0, width: 0.6, height: 0.2, rotation: 0, start_time_ms: 0, end_time_ms: 3000,
      is_fb_sticker: 0, is_hidden: 0, is_pinned: 0, is_sticker: 1,
      vcr_sticker: {
        can_viewer_link_back_to_original_media_from_vcr: true, start_background_color: '#FFFFFF', end_background_color: '#FFFFFF',
        text_color: '#000000', start_time_ms: 0, end_time_ms: 3000, original_comment_id: parent.pk, original_comment_text: parent.text,
        original_media_id: m.pk,
        original_comment_author: {
          __typename: 'XDTUserDict', strong_id__: author.pk, id: author.pk, pk: author.pk, username: author.username, full_name: author.fullName,
          is_private: author.isPrivate, is_verified: author.isVerified, profile_pic_id: (media.user as Json).profile_pic_id,
          profile_pic_url: (rawUser(ctx, author) as Json).profile_pic_url,
        },
      },
    }] : [],
    visual_replies_info: {
      can_viewer_link_back_to_original_media_from_vcr: true,
      comment_info: { comment_id: parent?.pk ?? reply.pk, commenter_username: author.username },
      original_media: { pk: m.pk },
    },
  };
}

/**
 * A raw comment. Top-level comments carry up to two preview replies; production writes a top-level
 * comment's author pk as a string and a reply's as a number, and gives replies the post in `media_info`.
 */
export function rawComment(ctx: ShapeContext, c: WorldComment, index: number | null = null, topForm = c.parentPk === null): Json {
  const world = ctx.world;
  const author = userOf(world, c.userPk);
  const m = world.mediaByPk.get(c.mediaPk);
  const out: Json = {
    ...COMMENT_EXTRA,
    pk: c.pk,
    strong_id__: c.pk,
    text: c.text,
    type: c.parentPk ? 2 : 0,
    user: rawUser(ctx, author, { stringIds: topForm }),
    user_id: Number(author.pk),
    media_id: BigInt(c.mediaPk),
    created_at: c.createdAt,
    created_at_utc: c.createdAt,
    created_at_for_fb_app: c.createdAt,
    comment_like_count: c.likeCount,
    like_count: c.likeCount,
    has_liked_comment: false,
    has_liked: false,
    is_created_by_media_owner: m?.ownerPk === c.userPk,
    has_translation: false,
    is_pinned: c.isPinned,
    status: 'Active',
    content_type: 'comment',
    bit_flags: 0,
    did_report_as_spam: false,
    share_enabled: false,
    is_covered: false,
    is_ranked_comment: c.parentPk === null,
    private_reply_status: 0,
    preview_child_comments: c.parentPk === null ? c.replies.slice(0, 2).map((r, i) => rawComment(ctx, r, i)) : [],
    child_comment_count: c.replies.length,
    has_more_head_child_comments: false,
    has_more_tail_child_comments: c.replies.length > 2,
    parent_comment_id: c.parentPk,
    replied_to_comment_id: c.parentPk,
    child_comment_index: index,
    media_info: m && c.parentPk !== null ? { media: replyMedia(ctx, m, c) } : null,
  };
  return out;
}

/** The v2 comments page's `response` besides `comments`. */
export function commentsEnvelope(ctx: ShapeContext, m: WorldMedia): Json {
  return {
    caption: rawCaption(ctx, m),
    ...COMMENTS_PAGE_EXTRA,
    comment_count: threadOf(ctx.world, m).total,
    can_view_more_preview_comments: false,
    caption_is_edited: false,
    comment_cover_pos: 'bottom',
    comment_filter_param: 'no_filter',
    comment_likes_enabled: true,
    display_realtime_typing_indicator: true,
    has_more_headload_comments: false,
    is_ranked: true,
    media_header_display: 'none',
    threading_enabled: true,
    status: 'ok',
  };
}
