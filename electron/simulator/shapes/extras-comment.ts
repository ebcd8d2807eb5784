// Fields of production's raw comments and comment pages that the world does not model and the app does
// not read (moderation flags, composer switches, sort options). The builders spread them first and their
// own fields over them, so answers have production's key paths and types (see the shape-contract test)
// with neutral values. Nothing here comes from a real answer but the names and types of its keys.

/** Raw comments: top-level, preview replies and replies. */
export const COMMENT_EXTRA = {
  comment_has_a_visual_reply_media: false, has_disliked_comment: false, inline_composer_display_condition: '',
  is_liked_by_media_owner: false, is_photo_comments_enabled_for_comment_author: false, is_text_editable: false,
  is_edited: false, meta_ai_comment_type: '', keywords_data: [], liked_by_media_coauthors: [], other_preview_users: [],
} as const;

/** The `response` of `/v2/media/comments` beyond the comments and the caption. */
export const COMMENTS_PAGE_EXTRA = {
  initiate_at_top: false, insert_new_comment_to_top: false, liked_by_media_owner_badge_enabled: false,
  pinned_comment_count: 0,
  quick_response_emojis: [{ unicode: '\u{1F602}' }, { unicode: '\u{1F62E}' }, { unicode: '\u{1F60D}' }],
  scroll_behavior: 0, disclaimer_text: '', filter_options: [], sort_options: [], preview_comments: [],
  should_render_upsell: false, foundation_improvements_enabled: false, has_more_headload_fb_comments: false,
  fb_comments: [], ai_topic_filters: [],
} as const;
