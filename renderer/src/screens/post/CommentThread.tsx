// The comment thread under a post: `/v2/media/comments` paged with page_id as the user scrolls, each
// comment with its author, text, time and likes, "View N replies" that pages `/v2/media/comments/replies`
// (min_id) on demand, and the comment's likers on request. Comments turned off and threads with no
// comments are states of their own, not errors; turned-off comments spend no request at all.
import { useMemo, useState, type ReactNode } from 'react';
import type { Comment, Post, User } from '../../../../shared/records';
import { appErrorOf } from '../../api/bridge';
import { VerifiedMark } from '../../components/Cards';
import { ErrorView } from '../../components/ErrorView';
import { ListStatus } from '../../components/ListStatus';
import { SelectFrame, SelectionListBar } from '../../components/SelectionCheck';
import { Avatar } from '../../components/Media';
import { RichText } from '../../components/RichText';
import { callCost } from '../../components/Tabs';
import { VirtualList } from '../../components/Virtual';
import { useEndpointList } from '../../hooks/useEndpointList';
import { navigate } from '../../state/navigation';
import { usePlaceState } from '../../state/place';
import { entriesOf, entryWith } from '../../state/selection';
import { formatUtc, isNoEntries, requestsLabel, shortAge } from './format';
import { Icon, type IconName } from '../../components/Icon';
import { plural } from '../../format';

const COMMENTS = '/v2/media/comments';
const REPLIES = '/v2/media/comments/replies';
const COMMENT_LIKERS = '/gql/comment/likers/chunk';

function openUser(user: User | null): void {
  if (!user) return;
  navigate(user.username ? { name: 'profile', username: user.username } : { name: 'profile', userId: user.id });
}

/** "2 requests" beside a button that spends: every paid action says what it costs. */
export function CostHint({ path }: { path: string }) {
  const cost = callCost(path);
  return (
    <span className="cost-hint" aria-label={`costs ${requestsLabel(cost)}`}>
      {cost} requests
    </span>
  );
}

function Age({ at }: { at: number | null }) {
  if (at === null) return null;
  return (
    <time className="faint" dateTime={new Date(at * 1000).toISOString()} title={formatUtc(at)}>
      {shortAge(at, Date.now())}
    </time>
  );
}

function ThreadState({ icon, title, detail, testId, children }: { icon: IconName; title: string; detail?: string; testId: string; children?: ReactNode }) {
  return (
    <div className="state thread-state" data-testid={testId}>
      <div className="state-icon">
        <Icon name={icon} size={30} />
      </div>
      <strong>{title}</strong>
      {detail && <div className="muted">{detail}</div>}
      {children}
    </div>
  );
}

function CommentLikers({ comment }: { comment: Comment }) {
  const list = useEndpointList<User>(COMMENT_LIKERS, { comment_id: comment.id });
  const users = list.items.filter((u) => u.kind === 'user');
  const none = list.isError && users.length === 0 && isNoEntries(appErrorOf(list.error));
  return (
    <div className="comment-likers" data-testid="comment-likers" aria-label="Accounts that liked this comment">
      {list.isPending && !list.isError && <div className="spinner" aria-label="Loading likers" />}
      {none && <span className="muted">No one liked this comment.</span>}
      {list.isError && !none && <ErrorView error={list.error} onRetry={() => void list.refetch()} compact />}
      {users.map((u) => (
        <button key={u.id} className="liker-chip" onClick={() => openUser(u)} data-testid="comment-liker" title={u.fullName ?? undefined}>
          <Avatar url={u.avatarUrl} name={u.username} size={20} />
          {u.username ?? u.id}
        </button>
      ))}
      {list.hasNextPage && !list.isFetchingNextPage && (
        <button className="btn small ghost" onClick={list.loadMore}>
          More <CostHint path={COMMENT_LIKERS} />
        </button>
      )}
      {list.isFetchingNextPage && <div className="spinner" aria-label="Loading more likers" />}
    </div>
  );
}

function Replies({ mediaId, comment }: { mediaId: string; comment: Comment }) {
  const list = useEndpointList<Comment>(REPLIES, { media_id: mediaId, comment_id: comment.id });
  const replies = useMemo(() => list.items.filter((c) => c.kind === 'comment'), [list.items]);
  const entries = useMemo(() => replies.map(entryWith(list.provenanceOf)), [replies, list.provenanceOf]);
  const left = Math.max(0, (comment.replyCount ?? 0) - replies.length);
  return (
    <div className="replies" data-testid="replies">
      {replies.map((reply, i) => (
        <SelectFrame key={reply.id} item={entries[i] ?? null} spot={{ list: list.listId, index: i, entries: () => entries }} label={`Select the reply by ${reply.author?.username ?? 'unknown account'}`} shape="row">
          <CommentBody comment={reply} testId="reply" />
        </SelectFrame>
      ))}
      {list.isPending && !list.isError && <div className="spinner" aria-label="Loading replies" />}
      {list.isError && <ErrorView error={list.error} onRetry={() => void (replies.length > 0 ? list.loadMore() : list.refetch())} compact />}
      {list.hasNextPage && !list.isFetchingNextPage && (
        <button className="link-btn" onClick={list.loadMore} data-testid="more-replies">
          View more replies{left > 0 ? ` (${left.toLocaleString()})` : ''} <CostHint path={REPLIES} />
        </button>
      )}
      {list.isFetchingNextPage && <div className="spinner" aria-label="Loading more replies" />}
    </div>
  );
}

function CommentBody({ comment, testId, children }: { comment: Comment; testId: string; children?: ReactNode }) {
  const author = comment.author;
  return (
    <div className="comment" data-testid={testId} data-comment-id={comment.id}>
      <button className="comment-avatar" onClick={() => openUser(author)} tabIndex={-1} aria-hidden>
        <Avatar url={author?.avatarUrl} name={author?.username} size={testId === 'reply' ? 24 : 32} />
      </button>
      <div className="comment-main">
        <div className="comment-head">
          <button className="link-btn strong" onClick={() => openUser(author)}>
            {author?.username ?? 'unknown account'}
          </button>
          {author && <VerifiedMark user={author} />}
          <Age at={comment.createdAt} />
          {comment.isPinned && <span className="badge">Pinned</span>}
          {testId === 'reply' && (comment.likeCount ?? 0) > 0 && (
            <span className="faint" title={`${comment.likeCount} likes`}>
              ♥ {comment.likeCount?.toLocaleString()}
            </span>
          )}
        </div>
        <div className="comment-text">
          <RichText text={comment.text} />
        </div>
        {children}
      </div>
    </div>
  );
}

interface RowProps {
  comment: Comment;
  mediaId: string;
  likersOffered: boolean;
  repliesOpen: boolean;
  likersOpen: boolean;
  onToggleReplies(): void;
  onToggleLikers(): void;
}

function CommentRow({ comment, mediaId, likersOffered, repliesOpen, likersOpen, onToggleReplies, onToggleLikers }: RowProps) {
  const likes = comment.likeCount ?? 0;
  const replies = comment.replyCount ?? 0;
  return (
    <article className="comment-row" tabIndex={0} aria-label={`Comment by ${comment.author?.username ?? 'unknown account'}`}>
      <CommentBody comment={comment} testId="comment">
        <div className="comment-actions">
          {likes > 0 && likersOffered ? (
            <button className="link-btn" onClick={onToggleLikers} aria-expanded={likersOpen} title="Show who liked this comment" data-testid="comment-likes">
              ♥ {likes.toLocaleString()} {plural(likes, 'like', 'likes')} {!likersOpen && <CostHint path={COMMENT_LIKERS} />}
            </button>
          ) : (
            <span className="faint">
              ♥ {likes.toLocaleString()} {plural(likes, 'like', 'likes')}
            </span>
          )}
          {replies > 0 && (
            <button className="link-btn" onClick={onToggleReplies} aria-expanded={repliesOpen} data-testid="toggle-replies">
              {repliesOpen ? 'Hide replies' : `View ${replies.toLocaleString()} ${plural(replies, 'reply', 'replies')}`}
              {!repliesOpen && <CostHint path={REPLIES} />}
            </button>
          )}
        </div>
        {likersOpen && <CommentLikers comment={comment} />}
        {repliesOpen && <Replies mediaId={mediaId} comment={comment} />}
      </CommentBody>
    </article>
  );
}

/** The service says whether comment likes are on (`comment_likes_enabled`); assume they are when it does not say. */
function likersOfferedIn(raw: unknown): boolean {
  const response = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).response : undefined;
  const flag = typeof response === 'object' && response !== null ? (response as Record<string, unknown>).comment_likes_enabled : undefined;
  return flag !== false;
}

function toggle(set: Set<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

function Thread({ post }: { post: Post }) {
  // A post that says it has no comments is not asked again unless the user wants to check.
  const [checkAnyway, setCheckAnyway] = useState(false);
  const knownEmpty = post.counts.comments === 0 && !checkAnyway;
  const list = useEndpointList<Comment>(COMMENTS, { id: post.id }, { enabled: !knownEmpty });
  // Kept here, not in the rows: virtualised rows unmount when scrolled away and must come back as they were.
  const [openReplies, setOpenReplies] = usePlaceState<Set<string>>('openReplies', new Set());
  const [openLikers, setOpenLikers] = usePlaceState<Set<string>>('openLikers', new Set());

  if (knownEmpty) {
    return (
      <ThreadState icon="comment" title="No comments yet" detail="The post reports no comments, so none were requested." testId="comments-empty">
        <button className="btn small" onClick={() => setCheckAnyway(true)}>
          Check with the service <CostHint path={COMMENTS} />
        </button>
      </ThreadState>
    );
  }
  const error = list.isError && list.items.length === 0 ? appErrorOf(list.error) : null;
  if (error?.kind === 'comments_disabled') {
    return <ThreadState icon="comment-off" title="Comments are turned off" detail="The author turned off comments on this post." testId="comments-disabled" />;
  }
  if (error && isNoEntries(error)) {
    return <ThreadState icon="comment" title="No comments yet" detail="Nobody has commented on this post." testId="comments-empty" />;
  }
  const comments = list.items.filter((c) => c.kind === 'comment');
  const likersOffered = likersOfferedIn(list.data?.pages[0]?.raw);
  const label = post.code ? `post ${post.code}` : `post ${post.id}`;
  return (
    <div className="thread" data-testid="comment-thread">
      {comments.length > 0 && (
        <SelectionListBar
          entries={entriesOf(comments, list.provenanceOf)}
          exportLabel={`Comments of ${label}`}
          exportName={{ target: post.code ?? post.id, list: 'comments' }}
          noun={['comment', 'comments']}
          more={list.hasNextPage}
          total={post.counts.comments}
          collect={{ draft: { kind: 'comments', target: post.id, label, ...(post.counts.comments !== null ? { knownCount: post.counts.comments } : {}) }, label: 'Collect all comments' }}
        />
      )}
      {comments.length > 0 && (
        <VirtualList
          select={{ list: list.listId, entry: entryWith(list.provenanceOf), label: (c) => `Select the comment by ${c.author?.username ?? 'unknown account'}` }}
          items={comments}
          itemKey={(c) => c.id}
          estimate={76}
          onNearEnd={list.onListEnd}
          label="Comments"
          renderRow={(c) => (
            <CommentRow
              comment={c}
              mediaId={post.id}
              likersOffered={likersOffered}
              repliesOpen={openReplies.has(c.id)}
              likersOpen={openLikers.has(c.id)}
              onToggleReplies={() => setOpenReplies((s) => toggle(s, c.id))}
              onToggleLikers={() => setOpenLikers((s) => toggle(s, c.id))}
            />
          )}
        />
      )}
      <ListStatus list={list} empty="No comments yet." noun={["comment", "comments"]} />
    </div>
  );
}

export function CommentThread({ post }: { post: Post }) {
  if (post.commentsDisabled) {
    return (
      <ThreadState
        icon="comment-off"
        title="Comments are turned off"
        detail="The author turned off comments on this post, so Feedlens does not ask for them."
        testId="comments-disabled"
      />
    );
  }
  return <Thread post={post} />;
}
