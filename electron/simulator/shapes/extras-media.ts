// Fields of production's raw media dicts that the world does not model and the app does not read
// (feature switches, tracking tokens, ads and integrity flags). rawMedia spreads them first and its own
// fields over them, so answers have production's key paths and types (see the shape-contract test)
// with neutral values. Nothing here comes from a real answer but the names and types of its keys.

export const MEDIA_EXTRA = {
  disable_caption_and_comment: false, deleted_reason: 0, client_cache_key: '', integrity_review_decision: '',
  is_affiliate_commission_eligible: false, has_delayed_metadata: false, mezql_token: '', should_request_ads: false,
  has_privately_liked: false, collaborator_edit_eligibility: false, share_count_disabled: false,
  is_reshare_of_text_post_app_media_in_ig: false, is_visual_reply_commenter_notice_enabled: false,
  translated_langs_for_autodub: [], subtype_name_for_REST__: '', is_third_party_downloads_eligible: false,
  organic_tracking_token: '',
  music_metadata: {
    audio_type: null, music_canonical_id: '', pinned_media_ids: null, music_info: null, original_sound_info: null,
  },
  has_tagged_users: false, clips_tab_pinned_user_ids: [], is_open_to_public_submission: false,
  is_social_ufi_disabled: false, can_see_insights_as_brand: false,
  fundraiser_tag: {
    has_standalone_fundraiser: false,
  },
  fb_user_tags: {
    in: [],
  },
  media_overlay_info: null, is_in_profile_grid: false, profile_grid_control_enabled: false, is_artist_pick: false,
  media_notes: {
    items: [],
  },
  social_context: [], subscribe_cta_visible: false,
  creative_config: {
    capture_type: '', face_effect_id: null, failure_reason: null, attribution_user: null,
    creation_tool_info: [{
      camera_tool: 0, duration_selector_seconds: 0, speed_selector: 0, color_filters: '', appearance_effect: 0,
      timer_selector_seconds: 0, magic_cut_start_time: 0, magic_cut_end_time: 0, effect_filter_name: '',
    }],
    effect_configs: null, effect_preview: null, gen_ai_tool_info: null,
  },
  is_cutout_sticker_allowed: false, cutout_sticker_info: [], is_tagged_media_shared_to_viewer_profile_grid: false,
  should_show_author_pog_for_tagged_media_shared_to_profile_grid: false, meta_ai_suggested_prompts: [],
  gen_ai_chat_with_ai_cta_info: null, can_reply: false, floating_context_items: [],
  is_eligible_content_for_post_roll_ad: false, related_ads_pivots_media_info: '', eligible_insights_entrypoints: '',
  media_attributions_data: [], media_ui_attributions_data: [], media_ui_attributions_data_v2: [],
  creator_product_link_infos: [], is_eligible_for_poe: false, is_eligible_for_organic_eager_refresh: false,
  commerce_integrity_review_decision: '',
  prefetch_instructions: {
    should_force_new_preload_chaining: false,
  },
  boost_unavailable_identifier: null, boost_unavailable_reason: null, boost_unavailable_reason_v2: null,
  coauthor_producer_can_see_organic_insights: false, invited_coauthor_producers: [], igbio_product: null,
  ig_media_sharing_disabled: false, media_repost_count: 0, top_likers: [], hidden_likes_string_variant: 0,
  comment_inform_treatment: {
    action_type: null, should_have_inform_treatment: false, text: '', url: null,
  },
  is_photo_comments_composer_enabled_for_author: false, hide_view_all_comment_entrypoint: false, locations: [],
  shop_routing_user_id: null, featured_products: [], are_remixes_crosspostable: false,
  crosspost_metadata: {
    fb_downstream_use_xpost_metadata: {
      downstream_use_xpost_deny_reason: '',
    },
    is_feedback_aggregated: false, unified_feedback_enabled: false,
  },
  is_eligible_for_autodub: false, is_eligible_for_autodub_upsell: false, video_sticker_locales: [], is_dash_eligible: 0,
  video_codec: '',
  sharing_friction_info: {
    should_have_sharing_friction: false, bloks_app_url: null, sharing_friction_payload: null,
  },
  gen_ai_detection_method: {
    detection_method: '',
  },
  community_notes_info: {
    has_viewer_submitted_note: false, note_submission_disabled: false, enable_submission_friction: false,
    is_eligible_for_request_a_note: false,
  },
  has_high_risk_gen_ai_inform_treatment: false, enable_media_notes_production: false, filter_type: 0,
  has_views_fetching: false, is_post_live_clips_media: false, original_media_has_visual_reply_media: false,
  report_info: {
    has_viewer_submitted_report: false,
  },
  is_organic_product_tagging_eligible: false, has_shared_to_fb: 0, media_reposter_bottomsheet_enabled: false,
  can_viewer_save: false, is_comments_gif_composer_enabled: false, has_views_fetching_on_search_grid: false,
  mashup_info: {
    can_toggle_mashups_allowed: false, formatted_mashups_count: null, has_been_mashed_up: false,
    has_nonmimicable_additional_audio: false, is_creator_requesting_mashup: false, is_light_weight_check: false,
    is_light_weight_reuse_allowed_check: false, is_pivot_page_available: false, is_reuse_allowed: false, mashup_type: null,
    mashups_allowed: false, mashups_allowed_for_carousel: false, non_privacy_filtered_mashups_media_count: 0,
    privacy_filtered_mashups_media_count: null, original_media: null,
  },
  product_suggestions: [], can_view_more_preview_comments: false, preview_comments: [], fb_like_count: 0,
  fb_comment_count: 0, original_lang_for_translations: '', video_subtitles_locale: '', photo_of_you: false,
  collab_follow_button_info: {
    show_follow_button: false, is_owner_in_author_exp: false,
  },
  is_quiet_post: false, is_reuse_allowed: false, logging_info_token: '', view_state_item_type: 0,
  clips_demotion_control: {
    title: '', enable_word_wrapping: false, confirmation_icon: '', title_style: '', confirmation_title: '',
    confirmation_body: '', confirmation_title_style: '', undo_style: '', confirmation_style: '',
    followup_options: [{
      text: '', style: null, id: '', data: '', show_icon: false,
      demotion_control: {
        confirmation_style: '', confirmation_icon: '', confirmation_body: '', undo_style: '',
      },
      subtitle: null,
    }],
  },
  media_cropping_info: {
    four_by_three_crop: {
      crop_left: 0, crop_right: 0, crop_top: 0, crop_bottom: 0,
    },
  },
  is_unified_video: false, basel_encoding_timeout: 0, is_awaiting_distribution: false, inventory_source: '',
} as const;
