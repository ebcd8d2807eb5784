// Fields production's raw records carry that the world does not model and the app does not read
// (flags, tracking tokens, feature switches). Each record builder spreads these first and its own
// fields over them, so answers have production's key paths and types (see the shape-contract test)
// with neutral values: false, 0, '', null or empty lists. Nothing here comes from a real answer but
// the names and types of its keys.

/** Raw user dicts in lists and nested in media, comments and search results. */
export const USER_EXTRA = {
  is_creator_agent_enabled: false, is_screenshot_blocking_enabled: false,
  feed_post_reshare_disabled: false, eligible_for_text_app_activation_badge: false, account_type: 0,
  fan_club_info: {
    autosave_to_exclusive_highlight: false, connected_member_count: 0, fan_club_id: '', fan_club_name: '',
    has_created_ssc: null, has_enough_subscribers_for_ssc: null, is_fan_club_gifting_eligible: false,
    is_fan_club_referral_eligible: false, is_free_trial_eligible: false, largest_public_bc_id: null, subscriber_count: 0,
    should_show_playlists_in_profile_tab: false,
    fan_consideration_page_revamp_eligiblity: {
      should_show_social_context: false, should_show_content_preview: false,
    },
  },
  is_favorite: false, is_ring_creator: false, show_ring_award: false, show_account_transparency_details: false,
  transparency_product_enabled: false, user_activation_info: {}, profile_pic_url_hd: null, is_embeds_disabled: false,
  interop_messaging_user_fbid: 0, is_mentionable: false, should_show_category: false, show_ig_app_switcher_badge: false,
  show_text_post_app_badge: false, unseen_count: 0, search_social_context_snippet_type: '',
} as const;

/** The full raw user of `/v2/user/by/*` beyond the list fields. */
export const USER_FULL_EXTRA = {
  eligible_for_text_app_activation_badge: false, show_shoppable_feed: false, seller_shoppable_feed_type: '',
  is_profile_picture_expansion_enabled: false, show_schools_badge: null, text_post_app_badge_label: '',
  text_post_new_post_count: 0, text_post_app_joiner_number: 0, text_post_app_joiner_number_label: '',
  recon_features: {
    enable_recon_cta: false,
  },
  trial_clips_rate_limiting: {
    warning_title: '', at_limit_title: '', warning_body: '', at_limit_body: '', count: 0,
  },
  is_prime_onboarding_account: false, is_onboarding_account: false, show_ring_award: false, ring_creator_metadata: {},
  is_ring_creator: false, birthday_today_visibility_for_viewer: '', feed_post_reshare_disabled: false,
  has_ever_selected_topics: false, has_nme_badge: false, show_fb_link_on_profile: false,
  show_fb_page_link_on_profile: false, can_hide_category: false, can_hide_public_contacts: false,
  primary_profile_link_type: 0, is_recon_ad_cta_on_profile_eligible_with_viewer: false, current_catalog_id: null,
  mini_shop_seller_onboarding_status: null, ads_incentive_expiration_date: null, ads_page_id: null, ads_page_name: null,
  account_category: '', can_add_fb_group_link_on_profile: false, can_use_affiliate_partnership_messaging_as_creator: false,
  can_use_affiliate_partnership_messaging_as_brand: false, has_gen_ai_personas_for_profile_banner: false, has_guides: false,
  highlight_reshare_disabled: false, include_direct_blacklist_status: false, is_direct_roll_call_enabled: false,
  is_eligible_for_meta_verified_links_in_reels: false, is_eligible_for_post_boost_mv_upsell: false,
  is_meta_verified_related_accounts_display_enabled: false, is_new_to_instagram: false,
  is_profile_broadcast_sharing_enabled: false, is_secondary_account_creation: false, profile_type: 0,
  is_coppa_enforced: false, is_auto_confirm_enabled_for_all_reciprocal_follow_requests: false, views_on_grid_status: '',
  is_bestie: false, latest_besties_reel_media: 0, is_creator_agent_enabled: false,
  fan_club_info: {
    autosave_to_exclusive_highlight: null, connected_member_count: null, fan_club_id: null, fan_club_name: null,
    has_created_ssc: null, has_enough_subscribers_for_ssc: null, is_fan_club_gifting_eligible: null,
    is_fan_club_referral_eligible: null, is_free_trial_eligible: null, largest_public_bc_id: null, subscriber_count: null,
    should_show_playlists_in_profile_tab: null, fan_consideration_page_revamp_eligiblity: null,
  },
  is_active_on_text_post_app: false, is_cannes: false, is_facebook_onboarded_charity: false, is_favorite: false,
  merchant_checkout_style: '', show_account_transparency_details: false, transparency_product_enabled: false,
  text_app_last_visited_time: null, is_eligible_for_slide: false, live_subscription_status: '', category_id: '',
  direct_messaging: '', page_id: null, should_show_category: false, should_show_public_contacts: false,
  has_music_on_profile: false, has_views_fetching: false, is_category_tappable: false,
  is_eligible_for_creator_product_links: false, is_eligible_for_lead_center: false,
  is_eligible_for_schools_search_upsell: false, is_eligible_for_smb_support_flow: false, lead_details_app_id: '',
  num_of_admined_pages: null, page_name: '', professional_conversion_suggested_account_type: 0, profile_context: '',
  smb_support_partner: null, show_all_highlights_as_selected_in_management_screen: false, trial_clips_enabled: false,
  enable_add_school_in_edit_profile: false, shopping_post_onboard_nux_type: null, fb_page_call_to_action_id: '',
  is_profile_audio_call_enabled: false, displayed_action_button_partner: null, smb_delivery_partner: null,
  smb_support_delivery_partner: null, displayed_action_button_type: null,
  active_standalone_fundraisers: {
    total_count: 0, fundraisers: [],
  },
  additional_business_addresses: [], allow_manage_memorialization: false, auto_expand_chaining: false,
  avatar_status: {
    has_avatar: false,
  },
  broadcast_chat_preference_status: {
    json_response: '', is_broadcast_chat_creator: false, notification_setting_type: 0,
  },
  can_use_branded_content_discovery_as_brand: false, can_use_branded_content_discovery_as_creator: false,
  can_use_paid_partnership_messaging_as_creator: false, chaining_upsell_cards: [],
  charity_profile_fundraiser_info: {
    pk: 0, has_active_fundraiser: false, is_facebook_onboarded_charity: false,
    consumption_sheet_config: {
      can_viewer_donate: false, currency: null, donation_disabled_message: null, donation_url: null,
      has_viewer_donated: null, privacy_disclaimer: null, profile_fundraiser_id: null, you_donated_message: null,
      donation_amount_config: {
        default_selected_donation_value: null, donation_amount_selector_values: [], maximum_donation_amount: null,
        minimum_donation_amount: null, prefill_amount: null, user_currency: null,
      },
    },
  },
  creator_shopping_info: {
    linked_merchant_accounts: [],
  },
  follow_friction_type: 0, has_active_charity_business_profile_fundraiser: false, has_chaining: false,
  has_collab_collections: false, has_exclusive_feed_content: false, instagram_pk: '', is_profile_search_enabled: false,
  is_eligible_for_diverse_owned_business_info: false, is_eligible_for_meta_verified_links_in_post: false,
  is_eligible_for_meta_verified_enhanced_link_sheet: false,
  is_eligible_for_meta_verified_enhanced_link_sheet_consumption: false,
  is_eligible_for_meta_verified_multiple_addresses_creation: false,
  is_eligible_for_meta_verified_multiple_addresses_consumption: false,
  is_eligible_for_meta_verified_related_accounts: false, meta_verified_related_accounts_count: 0,
  is_eligible_to_display_diverse_owned_business_info: false, is_eligible_to_host_profile_reels_ads: false,
  is_favorite_for_clips: false, is_favorite_for_highlights: false, is_in_canada: false, is_interest_account: false,
  is_potential_business: false, is_regulated_news_in_viewer_location: false, is_remix_setting_enabled_for_posts: false,
  is_remix_setting_enabled_for_reels: false, is_regulated_c18: false,
  profile_overlay_info: {
    overlay_format: '', bloks_payload: null,
  },
  is_stories_teaser_muted: false, is_supervision_features_enabled: false, is_whatsapp_linked: false,
  nametag: {
    available_theme_colors: [-1, -16777216], background_image_url: '', emoji: '', emoji_color: 0, gradient: 0,
    is_background_image_blurred: false, mode: 0, selected_theme_color: 0, selfie_sticker: 0, selfie_url: '',
    theme_color: {
      available_theme_colors: [{
        display_label: '', int_value: 0,
      }],
      selected_theme_color: {
        display_label: '', int_value: 0,
      },
    },
  },
  not_meta_verified_friction_info: {
    label_friction_content: '', is_eligible_for_label_friction: false,
  },
  open_external_url_with_in_app_browser: false,
  pinned_channels_info: {
    has_public_channels: false, pinned_channels_list: [],
  },
  profile_context_facepile_users: [], profile_context_links_with_user_ids: [], profile_pic_genai_tool_info: [],
  relevant_news_regulation_locations: [], remove_message_entrypoint: false, request_contact_enabled: false,
  show_blue_badge_on_main_profile: false, show_ig_app_switcher_badge: false, disable_profile_shop_cta: false,
  show_text_post_app_badge: false, show_text_post_app_switcher_badge: false, spam_follower_setting_enabled: false,
  total_ar_effects: 0, upcoming_events: [], whatsapp_number: '',
  recs_from_friends: {
    enable_recs_from_friends: false, recs_from_friends_entry_point_type: '',
  },
  adjusted_banners_order: [], has_visible_media_notes: false, is_open_to_collab: false, is_daily_limit_blocking: false,
  threads_profile_glyph_url: '', is_oregon_custom_gender_consented: false, profile_reels_sorting_eligibility: '',
  nonpro_can_maybe_see_profile_hypercard: false, should_show_tagged_tab: false, posts_subscription_status: '',
  reels_subscription_status: '', stories_subscription_status: '', is_profile_wa_calling_enabled: false,
  wa_calling_option_for_wa_linked: 0, wa_calling_option_for_legacy_num: 0,
  is_eligible_for_meta_verified_ig_self_profile_not_verified_badge: false, has_private_collections: false,
  is_guardian_r_account_cannes_pair: false, can_see_support_inbox: null, has_fan_club_subscriptions: false,
  show_wa_link_on_profile: false,
  meta_verified_benefits_info: {
    active_meta_verified_benefits: [], is_eligible_for_meta_verified_content_protection: false,
    is_eligible_for_ig_meta_verified_label: false,
  },
  existing_user_age_collection_enabled: false, has_public_tab_threads: false, is_eligible_for_meta_verified_label: false,
  is_favorite_for_stories: false, is_parenting_account: false, show_post_insights_entry_point: false,
  short_drama_creator: null, short_drama_series_playlist_id: null, short_drama_series_episode_count: null,
  short_drama_series_seed_media_id: null, short_drama_series_title: null, short_drama_role: '',
  short_drama_series_profiles: [], short_drama_producer_account: null, moonshot_joiner_number: null,
  is_creator_marketplace_badge_visible: false, creator_marketplace_accounts_reached_metric: null,
  school_affiliated_account_viewer_status: null, qa_freeform_banner: null,
  qa_freeform_banner_available_prompts: [{
    prompt: '', display_text: '',
  }],
  qa_freeform_banner_transparency: '', can_message_pinned_carrera_interest_owner: false,
} as const;
