// 4CAT import: posts as NDJSON in Zeeschuimer's item format, the format 4CAT's "Import scraped
// Instagram data" reads (its importer unwraps `data` and maps it with the Instagram data source's
// map_item, "item list" branch: the private API's media dict). `data` is the service's raw record (the
// same family of dict) with every field that mapper reads set from Feedlens' normalised record, so a
// post maps to the values of Feedlens' own 4CAT-column CSV (docs/analysis.md lists the fields).
import { pkToShortcode } from '../../shared/links';
import type { Provenance } from '../../shared/ipc';
import type { MediaFile, Post, User } from '../../shared/records';
import { collectedFrom } from './collected';
import { FOURCAT_VIEWS } from './views';

export interface ZeeschuimerItem {
  id: number;
  item_id: string;
  nav_index: string;
  timestamp_collected: number;
  last_updated: number;
  source_platform: 'instagram.com';
  source_platform_url: string;
  source_url: string;
  user_agent: string;
  data: Record<string, unknown>;
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

const MEDIA_TYPE = { image: 1, video: 2, carousel: 8 } as const;

function candidates(files: readonly MediaFile[]): Dict[] {
  return files.map((f) => ({ url: f.url, width: f.width, height: f.height }));
}

function userDict(u: User, raw: unknown): Dict {
  return {
    ...(isDict(raw) ? raw : {}),
    pk: u.id,
    id: u.id,
    username: u.username,
    full_name: u.fullName ?? '',
    is_verified: u.isVerified === true,
    is_private: u.isPrivate === true,
    profile_pic_url: u.avatarUrl,
  };
}

/** A media dict's own media fields (a carousel item, or a post that is not a carousel). */
function mediaFields(p: Post, raw: unknown): Dict {
  const out: Dict = { ...(isDict(raw) ? raw : {}), pk: p.id, id: p.mediaId, media_type: MEDIA_TYPE[p.mediaType] };
  const images = p.images.length > 0 ? p.images : p.thumbnailUrl ? [{ url: p.thumbnailUrl, width: null, height: null }] : [];
  if (images.length > 0) out.image_versions2 = { ...(isDict(out.image_versions2) ? out.image_versions2 : {}), candidates: candidates(images) };
  if (p.videos.length > 0) out.video_versions = candidates(p.videos);
  return out;
}

/** The itemlist-format dict 4CAT maps, from the raw record and the normalised one. */
export function fourCatData(p: Post, raw: unknown, view: keyof typeof FOURCAT_VIEWS): Dict {
  const r: Dict = isDict(raw) ? raw : {};
  const data = mediaFields(p, r);
  // A GraphQL record's __typename would send 4CAT down another branch: the dict is in item-list form.
  if (data.__typename !== 'XDTMediaDict') delete data.__typename;
  const code = p.code ?? (() => {
    try {
      return pkToShortcode(p.id);
    } catch {
      return null;
    }
  })();
  data.code = code;
  data.taken_at = p.takenAt;
  data.product_type = p.productType;
  data.caption = p.caption.text !== '' ? { ...(isDict(r.caption) ? r.caption : {}), text: p.caption.text } : null;
  if (p.owner) {
    data.user = userDict(p.owner, r.user);
    if (isDict(r.owner)) data.owner = userDict(p.owner, r.owner);
  }
  if (p.mediaType === 'carousel') {
    const rawChildren = Array.isArray(r.carousel_media) ? r.carousel_media : [];
    data.carousel_media = p.children.map((c, i) => mediaFields(c, rawChildren[i]));
    data.carousel_media_count = p.children.length;
  }
  data.like_count = p.counts.likes;
  data.comment_count = p.counts.comments;
  const plays = p.counts.plays ?? p.counts.views;
  if (plays !== null) data.play_count = plays;
  else delete data.play_count;
  if (data.view_count !== undefined && data.view_count !== null && plays !== null) data.view_count = plays;
  data.like_and_view_counts_disabled = p.likesHidden === true;
  // Tags of the carousel's items too, as Feedlens' CSV counts them (4CAT reads the post's list only).
  const seen = new Set<string>();
  const tags = [...p.usertags, ...p.children.flatMap((c) => c.usertags)].filter((t) => {
    const key = (t.user.username ?? t.user.id).toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  data.usertags = { in: tags.map((t) => ({ user: userDict(t.user, null), position: [t.x ?? 0, t.y ?? 0] })) };
  data.coauthor_producers = p.coauthors.map((c) => userDict(c, null));
  data.location = p.location ? { ...(isDict(r.location) ? r.location : {}), pk: p.location.id, name: p.location.name, lat: p.location.lat, lng: p.location.lng, city: p.location.city } : null;
  data._zs_instagram_view = FOURCAT_VIEWS[view] ?? view;
  data._zs_partial = false;
  return data;
}

export interface ItemContext {
  index: number;
  provenance: Provenance;
  /** When Feedlens collected it (epoch ms). */
  collectedAt: number;
  lastSeen: number;
  userAgent: string;
  pseudonymised: boolean;
}

export function zeeschuimerItem(p: Post, raw: unknown, c: ItemContext): ZeeschuimerItem {
  const from = collectedFrom(c.provenance, c.pseudonymised, undefined, p.owner, ...p.coauthors);
  const data = fourCatData(p, raw, from.view);
  return {
    id: c.index,
    item_id: p.mediaId,
    nav_index: '',
    timestamp_collected: c.collectedAt,
    last_updated: c.lastSeen,
    source_platform: 'instagram.com',
    source_platform_url: from.url,
    source_url: c.provenance.path,
    user_agent: c.userAgent,
    data,
  };
}
