import { describe, expect, it } from 'vitest';
import { normalizeAnswer, normalizeItems, normalizeRecord } from '../../../../../shared/api/normalize';
import type { AppRecord, Comment } from '../../../../../shared/records';
import { answerText, as, endpoint, loadAnswer } from './support';

function comments(value: AppRecord | AppRecord[] | null): Comment[] {
  expect(Array.isArray(value)).toBe(true);
  return (value as AppRecord[]).map((record) => as(record, 'comment'));
}

describe('v1 comments chunk `[comments, max_id, null]`', () => {
  const chunk = endpoint('/v1/media/comments/chunk', { record: 'comment', many: true }, {
    style: 'chunk',
    cursor: { max_id: '1' },
    items: '0',
  });
  const [hearts, question] = comments(normalizeAnswer(chunk, loadAnswer('v1-media-comments-chunk.json')));

  it('reads text, author, ISO time and like count', () => {
    expect(hearts?.id).toBe('18105432715897450');
    expect(hearts?.text).toBe('❤️❤️❤️❤️');
    expect(hearts?.author?.username).toBe('bowling_1141');
    expect(hearts?.createdAt).toBe(1775175316); // 2026-04-03T00:15:16Z
    expect(hearts?.likeCount).toBe(3);
    expect(hearts?.replyCount).toBeNull();
    expect(hearts?.isPinned).toBe(false);
    expect(hearts?.postId).toBeNull();
    expect(hearts?.parentId).toBeNull();
    expect(hearts?.previewReplies).toEqual([]);
  });

  it('reads the +00:00 form and null counts', () => {
    expect(question?.id).toBe('18064213377201985');
    expect(question?.createdAt).toBe(1775203319); // 2026-04-03T08:01:59+00:00
    expect(question?.author?.id).toBe('1876543210');
    expect(question?.likeCount).toBeNull();
  });
});

describe('v2 raw comments (/v2/media/comments)', () => {
  const v2 = endpoint('/v2/media/comments', { record: 'comment', many: true }, {
    style: 'next_page_id',
    cursor: { page_id: 'next_page_id' },
    items: 'response.comments',
  });
  const [pinned, russian] = comments(normalizeAnswer(v2, loadAnswer('v2-media-comments.json')));

  it('reads comment_like_count, child_comment_count, is_pinned and the media id', () => {
    expect(pinned?.id).toBe('18105432715897451');
    expect(pinned?.postId).toBe('3776832898280228145');
    expect(pinned?.likeCount).toBe(12);
    expect(pinned?.replyCount).toBe(2);
    expect(pinned?.isPinned).toBe(true);
    expect(pinned?.createdAt).toBe(1775175316);
    expect(pinned?.author?.username).toBe('tom_dubois');
  });

  it('reads preview_child_comments as replies of this comment', () => {
    expect(pinned?.previewReplies).toHaveLength(1);
    const reply = pinned?.previewReplies[0];
    expect(reply?.id).toBe('18105432715897460');
    expect(reply?.parentId).toBe('18105432715897451');
    expect(reply?.postId).toBe('3776832898280228145');
    expect(reply?.text).toBe('@tom_dubois merci !');
    expect(reply?.author?.username).toBe('lea.martin_photo');
  });

  it('keeps bare big comment and media ids exact', () => {
    const text = answerText('v2-media-comments.json');
    expect(text).toContain('"pk": 18105432715897452,');
    expect(text).toContain('"media_id": 3776832898280228145,');
    expect(russian?.id).toBe('18105432715897452');
    expect(russian?.postId).toBe('3776832898280228145');
    expect(russian?.text).toBe('Где это? 🤔');
    expect(russian?.replyCount).toBe(0);
    expect(russian?.isPinned).toBe(false);
    expect(russian?.author?.id).toBe('3300112233');
  });
});

describe('v2 replies (/v2/media/comments/replies)', () => {
  const replies = endpoint('/v2/media/comments/replies', { record: 'comment', many: true }, {
    style: 'min_id',
    cursor: { min_id: 'next_min_id' },
    items: 'child_comments',
  });

  it('gives each reply its thread parent, not the comment it answers', () => {
    const [first, second] = comments(normalizeAnswer(replies, loadAnswer('v2-media-comments-replies.json')));
    expect(first?.parentId).toBe('18105432715897451');
    expect(second?.id).toBe('18105432715897461');
    expect(second?.parentId).toBe('18105432715897451');
    expect(second?.createdAt).toBe(1775176000);
    expect(second?.likeCount).toBe(0);
    expect(second?.author?.fullName).toBeNull();
  });

  it('maps items handed over by the pager the same way', () => {
    const answer = loadAnswer('v2-media-comments-replies.json') as { child_comments: unknown[] };
    const items = comments(normalizeItems(replies, answer.child_comments));
    expect(items.map((c) => c.id)).toEqual(['18105432715897460', '18105432715897461']);
  });
});

describe('comment edge cases', () => {
  it('copes with a comment with no text, user or time', () => {
    const c = as(normalizeRecord('comment', { pk: '18000000000000001' }, { family: 'v1' }), 'comment');
    expect(c.text).toBe('');
    expect(c.author).toBeNull();
    expect(c.createdAt).toBeNull();
    expect(normalizeRecord('comment', { text: 'no id' }, { family: 'v1' })).toBeNull();
  });
});
