// Posts in their three forms: v1 Media, v2/g2/gql media dicts, a2 GraphQL nodes (with carousel children).
import type {
  MediaFile,
  MediaType,
  Post,
  ProductType,
  RecordSource,
  User,
  Usertag,
} from '../../records';
import { largestFirst, mediaTypeFromCode, parseCaption, postIdentity, smallestUrl, videoDurationOf } from './media';
import { locationFrom } from './places-tags';
import { bool, firstNum, firstText, firstTime, hasKey, isDict, list, num, readKey, str, text, toNumber, type Dict } from './read';
import { userFrom, usersFrom } from './users';

// ---------------------------------------------------------------------------------------------
// Posts

/** What a carousel child takes from its parent when its own record leaves it out. */
interface PostContext {
  owner?: User | null;
  takenAt?: number | null;
  index?: number;
}

function usertagsFrom(raw: unknown, source: RecordSource): Usertag[] {
  const value = readKey(raw, 'usertags');
  // v1: [{user, x, y}]; v2: {in: [{user, position: [x, y]}]}; a2: edge_media_to_tagged_user.
  const entries = Array.isArray(value)
    ? value
    : isDict(value)
      ? list(value, 'in')
      : list(readKey(raw, 'edge_media_to_tagged_user'), 'edges').map((edge) => readKey(edge, 'node'));
  const tags: Usertag[] = [];
  for (const entry of entries) {
    const user = userFrom(readKey(entry, 'user'), source);
    if (user === null) continue;
    const position = readKey(entry, 'position');
    const [px, py] = Array.isArray(position) ? position : [];
    tags.push({ user, x: num(entry, 'x') ?? toNumber(px), y: num(entry, 'y') ?? toNumber(py) });
  }
  return tags;
}

function productTypeOf(raw: unknown, mediaType: MediaType, isChild: boolean): string {
  return text(raw, 'product_type') ?? (isChild ? 'carousel_item' : mediaType === 'carousel' ? 'carousel_container' : 'feed');
}

function fallbackMediaType(images: MediaFile[], videos: MediaFile[], children: unknown[]): MediaType {
  if (children.length > 0) return 'carousel';
  return videos.length > 0 && images.length <= 1 ? 'video' : 'image';
}

/** v1 Media (and its carousel `resources`). */
export function postFromV1(raw: unknown, source: RecordSource, context: PostContext = {}): Post | null {
  if (!isDict(raw)) return null;
  const owner = userFrom(readKey(raw, 'user'), source) ?? context.owner ?? null;
  const identity = postIdentity(raw, owner);
  if (identity === null) return null;
  const versions = list(raw, 'image_versions');
  const thumbnailUrl = text(raw, 'thumbnail_url');
  const images = largestFirst(versions.length > 0 ? versions : thumbnailUrl !== null ? [{ url: thumbnailUrl }] : []);
  const videos = largestFirst([...list(raw, 'video_versions'), { url: text(raw, 'video_url') }]);
  const resources = list(raw, 'resources');
  const mediaType = mediaTypeFromCode(num(raw, 'media_type')) ?? fallbackMediaType(images, videos, resources);
  const takenAt = firstTime(raw, 'taken_at_ts', 'taken_at') ?? context.takenAt ?? null;
  const productType = productTypeOf(raw, mediaType, context.index !== undefined);
  return {
    kind: 'post',
    ...identity,
    code: text(raw, 'code'),
    productType,
    mediaType,
    takenAt,
    owner,
    caption: parseCaption(str(raw, 'caption_text') ?? str(readKey(raw, 'caption'), 'text')),
    images,
    videos,
    videoDuration: videoDurationOf(raw, mediaType),
    thumbnailUrl: thumbnailUrl ?? smallestUrl(images),
    children: resources
      .map((child, i) => postFromV1(child, source, { owner, takenAt, index: i + 1 }))
      .filter((p): p is Post => p !== null),
    index: context.index ?? null,
    ...sharedPostFields(raw, source, productType),
    raw,
    source,
  };
}

/** The fields v1 Media and v2 media dicts name alike. */
function sharedPostFields(raw: Dict, source: RecordSource, productType: ProductType) {
  return {
    usertags: usertagsFrom(raw, source),
    coauthors: usersFrom(list(raw, 'coauthor_producers'), source),
    location: locationFrom(readKey(raw, 'location'), source),
    counts: {
      likes: num(raw, 'like_count'),
      comments: num(raw, 'comment_count'),
      plays: firstNum(raw, 'play_count', 'ig_play_count'),
      views: num(raw, 'view_count'),
      reshares: num(raw, 'reshare_count'),
    },
    commentsDisabled: bool(raw, 'comments_disabled'),
    likesHidden: bool(raw, 'like_and_view_counts_disabled'),
    isTrial: productType === 'clips' && !hasKey(raw, 'reshare_count'),
    accessibilityCaption: text(raw, 'accessibility_caption'),
    title: text(raw, 'title'),
  };
}

/** v2 / g2 / gql media dict (and its `carousel_media`). */
export function postFromV2(raw: unknown, source: RecordSource, context: PostContext = {}): Post | null {
  if (!isDict(raw)) return null;
  const owner = userFrom(readKey(raw, 'user'), source) ?? userFrom(readKey(raw, 'owner'), source) ?? context.owner ?? null;
  const identity = postIdentity(raw, owner);
  if (identity === null) return null;
  const candidates = list(readKey(raw, 'image_versions2'), 'candidates');
  const images = largestFirst(candidates.length > 0 ? candidates : list(raw, 'image_versions'));
  const videos = largestFirst([...list(raw, 'video_versions'), { url: text(raw, 'video_url') }]);
  const carousel = list(raw, 'carousel_media');
  const mediaType = mediaTypeFromCode(num(raw, 'media_type')) ?? fallbackMediaType(images, videos, carousel);
  const takenAt = firstTime(raw, 'taken_at', 'taken_at_ts') ?? context.takenAt ?? null;
  const productType = productTypeOf(raw, mediaType, context.index !== undefined);
  const caption = readKey(raw, 'caption');
  return {
    kind: 'post',
    ...identity,
    code: text(raw, 'code'),
    productType,
    mediaType,
    takenAt,
    owner,
    caption: parseCaption(typeof caption === 'string' ? caption : (str(caption, 'text') ?? str(raw, 'caption_text'))),
    images,
    videos,
    videoDuration: videoDurationOf(raw, mediaType),
    thumbnailUrl: text(raw, 'thumbnail_url') ?? smallestUrl(images),
    children: carousel
      .map((child, i) => postFromV2(child, source, { owner, takenAt, index: i + 1 }))
      .filter((p): p is Post => p !== null),
    index: context.index ?? null,
    ...sharedPostFields(raw, source, productType),
    raw,
    source,
  };
}

const GRAPH_TYPES: Record<string, MediaType> = {
  GraphImage: 'image',
  GraphVideo: 'video',
  GraphSidecar: 'carousel',
  XDTGraphImage: 'image',
  XDTGraphVideo: 'video',
  XDTGraphSidecar: 'carousel',
};

/** a2 GraphQL timeline node (and its `edge_sidecar_to_children`). */
export function postFromGraph(raw: unknown, source: RecordSource, context: PostContext = {}): Post | null {
  if (!isDict(raw)) return null;
  const owner = userFrom(readKey(raw, 'owner'), source) ?? context.owner ?? null;
  const identity = postIdentity(raw, owner);
  if (identity === null) return null;
  const dimensions = readKey(raw, 'dimensions');
  const sized = (url: string | null): MediaFile[] =>
    url === null ? [] : [{ url, width: num(dimensions, 'width'), height: num(dimensions, 'height') }];
  const resources = list(raw, 'display_resources');
  const images = resources.length > 0 ? largestFirst(resources) : sized(text(raw, 'display_url'));
  const videos = sized(text(raw, 'video_url'));
  const children = list(readKey(raw, 'edge_sidecar_to_children'), 'edges');
  const typename = str(raw, '__typename') ?? '';
  const mediaType =
    GRAPH_TYPES[typename] ??
    (children.length > 0 ? 'carousel' : bool(raw, 'is_video') === true || videos.length > 0 ? 'video' : 'image');
  const takenAt = firstTime(raw, 'taken_at_timestamp', 'taken_at') ?? context.takenAt ?? null;
  const captionEdge = list(readKey(raw, 'edge_media_to_caption'), 'edges')[0];
  return {
    kind: 'post',
    ...identity,
    code: firstText(raw, 'shortcode', 'code'),
    productType: productTypeOf(raw, mediaType, context.index !== undefined),
    mediaType,
    takenAt,
    owner,
    caption: parseCaption(str(readKey(captionEdge, 'node'), 'text') ?? str(raw, 'caption')),
    images,
    videos,
    videoDuration: videoDurationOf(raw, mediaType),
    thumbnailUrl: firstText(raw, 'thumbnail_src', 'thumbnail_url') ?? smallestUrl(images),
    children: children
      .map((edge, i) => postFromGraph(readKey(edge, 'node'), source, { owner, takenAt, index: i + 1 }))
      .filter((p): p is Post => p !== null),
    index: context.index ?? null,
    usertags: usertagsFrom(raw, source),
    coauthors: usersFrom(list(raw, 'coauthor_producers'), source),
    location: locationFrom(readKey(raw, 'location'), source),
    counts: {
      likes: num(readKey(raw, 'edge_liked_by'), 'count') ?? num(readKey(raw, 'edge_media_preview_like'), 'count'),
      comments:
        num(readKey(raw, 'edge_media_to_comment'), 'count') ?? num(readKey(raw, 'edge_media_preview_comment'), 'count'),
      plays: num(raw, 'video_play_count'),
      views: num(raw, 'video_view_count'),
      reshares: null,
    },
    commentsDisabled: bool(raw, 'comments_disabled'),
    likesHidden: bool(raw, 'like_and_view_counts_disabled'),
    // GraphQL nodes never carry reshare_count, so its absence says nothing here.
    isTrial: false,
    accessibilityCaption: text(raw, 'accessibility_caption'),
    title: text(raw, 'title'),
    raw,
    source,
  };
}

/** The timeline posts an a2 user answer carries along (`edge_owner_to_timeline_media.edges[].node`). */
export function timelineFromGraph(raw: unknown, source: RecordSource): Post[] {
  const user = isDict(raw) && isDict(raw['graphql']) ? raw['graphql']['user'] : raw;
  const owner = userFrom(user, source);
  return list(readKey(user, 'edge_owner_to_timeline_media'), 'edges')
    .map((edge) => postFromGraph(readKey(edge, 'node'), source, { owner }))
    .filter((p): p is Post => p !== null);
}
