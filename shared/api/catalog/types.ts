// The catalog's types: what the app knows of an endpoint (shared/api/catalog.ts builds the list).

export type Family = 'g1' | 'g2' | 'gql' | 'a2' | 'v1' | 'v2' | 'v3' | 'sys';

export type ParamType = 'string' | 'integer' | 'number' | 'boolean' | 'string[]';

/** Extra rules a parameter value must satisfy, checked in shared/api/params.ts. */
export type ParamRule =
  | 'hashtag_name' // letters/digits in any script; no leading '#', no trailing '.', no '_.'
  | 'profile_url' // https://www.instagram.com/<username>/
  | 'post_url' // /p/, /reel/, /tv/ links
  | 'story_url' // /stories/<username>/<pk>/
  | 'highlight_url' // /stories/highlights/<pk>/
  | 'share_url' // /s/<code>
  | 'platform_url' // any link on the platform's web host
  | 'media_file_url' // a CDN media file URL (cdninstagram.com, fbcdn.net)
  | 'numeric_id' // digits only, at most 20 (user, media, location, comment, track pks)
  | 'media_id' // <pk> or <pk>_<owner id>, each at most 20 digits
  | 'highlight_id' // <pk> or highlight:<pk>
  | 'username' // the platform's usernames: letters, digits, '.' and '_', at most 30
  | 'shortcode' // a post's code (base64url, at most 64 characters)
  | 'share_code' // a share link's code (/s/<code>: base64 of <type>:<pk>) or a /share/<token>
  | 'cursor'; // an opaque cursor from a previous page: printable ASCII, no control characters

export interface ParamSpec {
  name: string;
  type: ParamType;
  required: boolean;
  default?: string | number | boolean;
  rule?: ParamRule;
  /** For 'string[]' parameters: the most items allowed (`media_ids`: 10). */
  maxItems?: number;
  description?: string;
}

export type EndpointStatus =
  | { kind: 'active' }
  | { kind: 'deprecated'; replacements: string[]; note?: string }
  | { kind: 'retired'; replacements: string[]; note?: string };

/**
 * Where a value sits in an answer. Dot-separated steps: an object key, an array index, or `[]` to
 * flatten the array at that point ("response.sections[].layout_content.medias[].media"). The empty
 * string is the answer itself. A step that does not exist yields nothing (no throw).
 * Also (read by getPath in shared/api/pager.ts):
 * - `*` takes every value of an object ("response.reels.*": the one highlight under its own key);
 * - `**` searches every depth, shallowest first ("**.page_info.end_cursor");
 * - `a | b` are alternatives: the first that yields something ("media_or_ad | items.0");
 * - `a + b` joins what both reach, in order, into one list (a join may sit inside an alternative);
 * - a path starting with `@` names an item extractor of the pager (`@topsearch`), for items only.
 * Once `[]`, `*`, `**` or `+` is used the result is the list of every value reached.
 */
export type AnswerPath = string;

/** How an endpoint pages: read by shared/api/pager.ts. One descriptor per pageable endpoint. */
export interface Paging {
  /** Paging style, for documentation and tests. */
  style: 'chunk' | 'next_page_id' | 'page_token' | 'reels' | 'min_id' | 'end_cursor' | 'next_max_id' | 'stream';
  /** Request parameter -> where its next value is read from the previous answer. */
  cursor: Record<string, AnswerPath>;
  /** Where the page's items are. `@topsearch` names the stream-row extractor in the pager. */
  items: AnswerPath;
  /**
   * Without it, every parameter of `cursor` needs a value for there to be a next page. With it, only
   * this parameter decides; the others are sent when the answer has them.
   */
  endWhenEmpty?: string;
  /** A flag in the answer that, when false, ends the list whatever the cursor says (`has_more`). */
  hasMore?: AnswerPath;
}

/** The kind of record an answer (or each of its items) holds, for the normaliser. */
export type RecordKind =
  | 'user'
  | 'profile'
  | 'about'
  | 'post'
  | 'comment'
  | 'story'
  | 'highlight'
  | 'location'
  | 'hashtag'
  | 'track'
  | 'balance'
  | 'insight'
  | 'oembed'
  | 'share'
  | 'download'
  | 'guide'
  | 'usertags'
  | 'offensive'
  | 'mixed' // accounts and media interleaved (top search)
  | 'string' // a bare JSON string
  | 'raw'; // nothing the app maps

export interface AnswerSpec {
  record: RecordKind;
  /** True when the answer is (or pages through) a list of such records. */
  many: boolean;
  /** Where the record(s) sit when not paged (paged endpoints use paging.items). '' = the answer. */
  at?: AnswerPath;
}

/** Where the endpoint is named: the interface document (detailed, listed, deprecated) and/or OpenAPI. */
export type EndpointSource = 'interface' | 'interface-listed' | 'interface-deprecated' | 'openapi';

export interface Endpoint {
  path: string;
  family: Family;
  summary: string;
  params: ParamSpec[];
  /** Units billed per call. */
  cost: number;
  /** `force=true` bills one unit less (stories/highlights endpoints). */
  forceDiscount: boolean;
  status: EndpointStatus;
  /** Accepts `safe_int=true` (big integers come back as strings). */
  safeInt: boolean;
  paging: Paging | null;
  answer: AnswerSpec;
  sources: EndpointSource[];
}
