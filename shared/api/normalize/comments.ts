// Comments (v1, v2 raw, gql) with their preview replies.
import type {
  Comment,
  RecordSource,
} from '../../records';
import { bool, firstNum, firstTime, idOf, isDict, list, num, readKey, str } from './read';
import { userFrom } from './users';

// ---------------------------------------------------------------------------------------------
// Comments

/**
 * v1 Comment, v2 raw comment and gql comment dicts: same names except the like count
 * (`like_count` / `comment_like_count`) and the time (ISO `created_at_utc` / epoch `created_at`).
 */
export function commentFrom(
  raw: unknown,
  source: RecordSource,
  context: { postId?: string | null; parentId?: string | null } = {},
): Comment | null {
  if (!isDict(raw)) return null;
  const id = idOf(raw, 'pk', 'id');
  if (id === null) return null;
  const postId = idOf(raw, 'media_id') ?? context.postId ?? null;
  return {
    kind: 'comment',
    id,
    postId,
    parentId: idOf(raw, 'parent_comment_id') ?? context.parentId ?? null,
    text: str(raw, 'text') ?? '',
    author: userFrom(readKey(raw, 'user'), source),
    createdAt: firstTime(raw, 'created_at_utc', 'created_at'),
    likeCount: firstNum(raw, 'comment_like_count', 'like_count'),
    replyCount: num(raw, 'child_comment_count'),
    isPinned: bool(raw, 'is_pinned') === true,
    previewReplies: list(raw, 'preview_child_comments')
      .map((reply) => commentFrom(reply, source, { postId, parentId: id }))
      .filter((c): c is Comment => c !== null),
    raw,
    source,
  };
}
