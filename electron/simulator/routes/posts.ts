// Share links, posts, comments, likers and usertags.
import { entriesNotFound, commentsDisabled, invalidParam, missingParam, notFound } from '../shapes/errors';
import { gqlCommentLiker, gqlLiker, usertagsMultifetch } from '../shapes/gql';
import { rawMedia, rawUser } from '../shapes/raw';
import { commentsEnvelope, rawComment } from '../shapes/raw-comments';
import * as v1 from '../shapes/v1';
import type { RouteContext, RouteHandler, RouteOutcome } from '../types';
import { threadOf, findComment } from '../world/comments';
import { pkToShortcode, shortcodeToPk } from '../world/ids';
import { mediaById, mediaByUrl, shareTarget } from '../world/lookup';
import type { WorldComment, WorldMedia, WorldUser } from '../world/model';
import { likersOf } from '../world/world';
import { SIZE, arg, findMedia, ok, page, required, type MediaKey, users, withValue, withValueT } from './common';

// ---- share links -------------------------------------------------------------------------------------

export function shareAnswer(ctx: RouteContext, code: string | null): RouteOutcome {
  const target = code ? shareTarget(ctx.world, code) : null;
  return target ? ok({ pk: target.pk, type: target.type }) : notFound('Share');
}

export function shareCodeOfUrl(url: string): string | null {
  try {
    const parts = new URL(url).pathname.split('/').filter((s) => s !== '');
    return parts[0] === 's' && parts[1] ? parts[1] : null;
  } catch {
    return null;
  }
}

// ---- posts ----------------------------------------------------------------------------------------------

export const mediaV1 = (key: MediaKey): RouteHandler => (ctx) => withValue(findMedia(ctx, key), (m) => ok(v1.media(ctx, m)));
export const mediaV2 = (key: MediaKey): RouteHandler => (ctx) => withValue(findMedia(ctx, key), (m) => ok({ media_or_ad: rawMedia(ctx, m), status: 'ok' }));

export const codeFromPk: RouteHandler = (ctx) =>
  withValue(required(ctx, 'pk'), (pk) => (/^\d{1,20}$/.test(pk) ? ok(pkToShortcode(pk)) : invalidParam('pk', 'Media pk must be digits')));

export const pkFromCode: RouteHandler = (ctx) =>
  withValue(required(ctx, 'code'), (code) => {
    const pk = shortcodeToPk(code);
    return pk ? ok(pk) : invalidParam('code', 'Not a short code');
  });

export const pkFromUrl: RouteHandler = (ctx) =>
  withValue(required(ctx, 'url'), (url) => {
    const m = mediaByUrl(ctx.world, url);
    if (m) return ok(m.pk);
    let last: string | undefined;
    try {
      last = new URL(url).pathname.split('/').filter((s) => s !== '').pop();
    } catch {
      last = undefined;
    }
    const pk = last ? shortcodeToPk(last) : null;
    return pk ? ok(pk) : invalidParam('url', 'Not a post link');
  });

/** Comments of a post that can be read: 403 when disabled, 404 when there are none. */
export function commentThread(ctx: RouteContext, key: MediaKey): { media: WorldMedia; top: WorldComment[] } | RouteOutcome {
  return withValueT(findMedia(ctx, key), (m) => {
    if (m.commentsDisabled) return commentsDisabled();
    const thread = threadOf(ctx.world, m);
    return thread.total === 0 ? entriesNotFound() : { media: m, top: thread.top };
  });
}

export const commentsChunk: RouteHandler = (ctx) =>
  withValue(commentThread(ctx, 'id'), ({ media: m, top }) => {
    const threaded = arg(ctx, 'can_support_threading') !== 'false';
    const list = threaded ? top : top.flatMap((c) => [c, ...c.replies]).sort((a, b) => b.createdAt - a.createdAt || (a.pk < b.pk ? 1 : -1));
    return withValue(page(ctx, list, 'max_id', SIZE.comments, `comments:${m.pk}:${threaded}`), (p) =>
      ok([p.items.map((c) => v1.comment(ctx, c)), p.next, null]));
  });

export const commentsV2: RouteHandler = (ctx) =>
  withValue(commentThread(ctx, 'id'), ({ media: m, top }) =>
    withValue(page(ctx, top, 'page_id', SIZE.comments, `comments-v2:${m.pk}`), (p) => ok({
      response: {
        comments: p.items.map((c) => rawComment(ctx, c)),
        ...commentsEnvelope(ctx, m),
        has_more_comments: p.next !== null,
        next_max_id: p.next,
        next_min_id: p.next,
      },
      next_page_id: p.next,
    })));

export const replies: RouteHandler = (ctx) =>
  withValue(findMedia(ctx, 'media_id'), (m) => withValue(required(ctx, 'comment_id'), (commentId) => {
    const parent = threadOf(ctx.world, m).byPk.get(commentId);
    if (!parent || parent.parentPk !== null) return entriesNotFound();
    return withValue(page(ctx, parent.replies, 'min_id', SIZE.replies, `replies:${parent.pk}`), (p) => ok({
      parent_comment: rawComment(ctx, parent, null, false),
      child_comment_count: parent.replies.length,
      child_comments: p.items.map((c, i) => rawComment(ctx, c, p.offset + i)),
      has_more_head_child_comments: p.next !== null,
      has_more_tail_child_comments: false,
      is_ranked_replies: false,
      liked_by_media_owner_badge_enabled: false,
      next_min_id: p.next,
      num_head_child_comments: Math.max(0, parent.replies.length - p.offset - p.items.length),
      status: 'ok',
    }));
  }));

export const commentLikers: RouteHandler = (ctx) =>
  withValue(required(ctx, 'comment_id'), (commentId) => {
    const c = findComment(ctx.world, commentId);
    if (!c) return entriesNotFound();
    const likers = likersOf(ctx.world, c.likerOffset, c.likeCount);
    return withValue(page(ctx, likers, 'end_cursor', SIZE.commentLikers, `comment-likers:${c.pk}`), (p) =>
      ok([users(ctx.world, p.items).map((u) => gqlCommentLiker(ctx, u)), p.next]));
  });

export function likers(ctx: RouteContext, m: WorldMedia): WorldUser[] {
  return users(ctx.world, likersOf(ctx.world, m.likerOffset, m.likeCount));
}

export const likersV1: RouteHandler = (ctx) => withValue(findMedia(ctx, 'id'), (m) => ok(likers(ctx, m).map((u) => v1.userShort(ctx, u))));
export const likersGql: RouteHandler = (ctx) => withValue(findMedia(ctx, 'media_id'), (m) => ok(likers(ctx, m).map((u) => gqlLiker(ctx, u))));
export const likersV2: RouteHandler = (ctx) =>
  withValue(findMedia(ctx, 'id'), (m) => ok({ users: likers(ctx, m).map((u) => ({ ...rawUser(ctx, u), is_new: false })), user_count: m.likeCount, status: 'ok' }));

export const usertags: RouteHandler = (ctx) => {
  const ids = ctx.query.getAll('media_ids').flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
  if (ids.length === 0) return missingParam('media_ids');
  if (ids.length > 10) return invalidParam('media_ids', 'At most 10 media ids');
  const found = ids.flatMap((id) => {
    const m = mediaById(ctx.world, id);
    return m && !ctx.world.userByPk.get(m.ownerPk)?.isPrivate ? [m] : [];
  });
  return ok(usertagsMultifetch(ctx, found));
};

const OFFENSIVE = /\b(idiot|stupid|loser|hate you|ugly)\b/i;

function languageOf(text: string): string {
  if (/\p{Script=Cyrillic}/u.test(text)) return 'ru';
  if (/\p{Script=Arabic}/u.test(text)) return 'ar';
  if (/\p{Script=Hangul}/u.test(text)) return 'ko';
  if (/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(text)) return 'ja';
  return 'en';
}

export const offensive: RouteHandler = (ctx) =>
  withValue(findMedia(ctx, 'media_id'), () => withValue(required(ctx, 'comment'), (text) =>
    ok({ response: { is_offensive: OFFENSIVE.test(text), text_language: languageOf(text), status: 'ok' }, next_page_id: null })));
