// Everything about a post beside its media: owner and coauthors, kind, caption with linked hashtags and
// mentions, place, people tagged, time posted (local, exact UTC on hover), counts and the on-request
// actions (insight, embed code, open on the web).
import type { Post, User } from '../../../../shared/records';
import { postUrl } from '../../../../shared/links';
import { PrivateMark, VerifiedMark } from '../../components/Cards';
import { ExternalLink } from '../../components/ExternalLink';
import { Avatar } from '../../components/Media';
import { RichText } from '../../components/RichText';
import { navigate } from '../../state/navigation';
import { CostHint } from './CommentThread';
import { Icon } from '../../components/Icon';
import { formatDuration, formatLocal, formatUtc, postKindLabel, postLinkKind } from './format';
import { AddToStudyButton } from '../studies/AddToStudy';

function openUser(user: User): void {
  navigate(user.username ? { name: 'profile', username: user.username } : { name: 'profile', userId: user.id });
}

function UserLink({ user, testId }: { user: User; testId?: string }) {
  return (
    <button className="link-btn strong" onClick={() => openUser(user)} data-testid={testId} title={user.fullName ?? undefined}>
      {user.username ?? user.id}
    </button>
  );
}

export function PostTime({ at }: { at: number }) {
  return (
    <time dateTime={new Date(at * 1000).toISOString()} title={formatUtc(at)} data-testid="post-time">
      {formatLocal(at)}
    </time>
  );
}

function Count({ label, value, testId }: { label: string; value: number | null; testId: string }) {
  if (value === null) return null;
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value.toLocaleString()}</dd>
    </div>
  );
}

export function PostHeader({ post }: { post: Post }) {
  const owner = post.owner;
  const kind = postKindLabel(post);
  return (
    <header className="post-owner">
      {owner && (
        <button className="avatar-btn" onClick={() => openUser(owner)} tabIndex={-1} aria-hidden>
          <Avatar url={owner.avatarUrl} name={owner.username} size={44} />
        </button>
      )}
      <div className="post-owner-names">
        <div className="row" style={{ gap: 4 }}>
          {owner ? <UserLink user={owner} testId="post-owner" /> : <span className="muted">Unknown account</span>}
          {owner && <VerifiedMark user={owner} />}
          {owner && <PrivateMark user={owner} />}
        </div>
        <div className="muted post-owner-sub">
          {owner?.fullName && <span>{owner.fullName}</span>}
          {post.coauthors.length > 0 && owner?.fullName && ' · '}
          {post.coauthors.length > 0 && (
            <span data-testid="post-coauthors">
              with{' '}
              {post.coauthors.map((u, i) => (
                <span key={u.id}>
                  {i > 0 && ', '}
                  <UserLink user={u} />
                </span>
              ))}
            </span>
          )}
        </div>
      </div>
      <AddToStudyButton entry={post.mediaId || post.id} kind="post" label={post.code ? `post ${post.code}` : 'this post'} />
      <span className="badge post-kind" data-testid="post-kind">
        {kind}
        {post.mediaType === 'carousel' && post.children.length > 0 ? ` · ${post.children.length}` : ''}
        {post.videoDuration !== null ? ` · ${formatDuration(post.videoDuration)}` : ''}
      </span>
    </header>
  );
}

export function PostDetails({ post, onInsight, onEmbed }: { post: Post; onInsight(): void; onEmbed: (() => void) | null }) {
  const tagged = post.usertags.length > 0 ? post.usertags : (post.children.find((c) => c.usertags.length > 0)?.usertags ?? []);
  const place = post.location;
  return (
    <div className="post-details">
      {post.title && post.title !== post.caption.text && <h2 className="post-title">{post.title}</h2>}
      <div className="post-caption" data-testid="post-caption">
        {post.caption.text ? <RichText text={post.caption.text} /> : <span className="faint">No caption</span>}
      </div>
      {post.isTrial && <div className="faint">Trial reel: shown to people who do not follow the account.</div>}

      <div className="post-meta">
        {post.takenAt !== null && (
          <div className="meta-line">
            <Icon name="clock" /> <PostTime at={post.takenAt} />
          </div>
        )}
        {place && (
          <div className="meta-line">
            <Icon name="pin" />
            {place.id ? (
              <button className="link-btn" onClick={() => navigate({ name: 'location', id: place.id as string })} data-testid="post-location">
                {place.name ?? 'A place'}
              </button>
            ) : (
              <span>{place.name}</span>
            )}
            {place.city && place.city !== place.name && <span className="muted"> · {place.city}</span>}
          </div>
        )}
        {tagged.length > 0 && (
          <div className="meta-line" data-testid="post-tagged">
            <Icon name="user" />
            <span>
              Tagged:{' '}
              {tagged.map((t, i) => (
                <span key={`${t.user.id}:${i}`}>
                  {i > 0 && ', '}
                  <UserLink user={t.user} />
                </span>
              ))}
            </span>
          </div>
        )}
      </div>

      <dl className="post-counts">
        {post.likesHidden ? (
          <div data-testid="count-likes">
            <dt>Likes</dt>
            <dd className="faint" title="The author hides like and view counts">Hidden</dd>
          </div>
        ) : (
          <Count label="Likes" value={post.counts.likes} testId="count-likes" />
        )}
        {post.commentsDisabled ? (
          <div data-testid="count-comments">
            <dt>Comments</dt>
            <dd className="faint" title="The author turned off comments">Off</dd>
          </div>
        ) : (
          <Count label="Comments" value={post.counts.comments} testId="count-comments" />
        )}
        {post.mediaType === 'video' && !post.likesHidden && <Count label="Plays" value={post.counts.plays || post.counts.views} testId="count-plays" />}
        <Count label="Reshares" value={post.counts.reshares} testId="count-reshares" />
      </dl>

      <div className="post-actions">
        {post.code && (
          <ExternalLink href={postUrl(post.code, postLinkKind(post))} title="Open this post on the platform's web site in your browser">
            <span className="btn small">Open on the web ↗</span>
          </ExternalLink>
        )}
        <button className="btn small" onClick={onInsight} data-testid="open-insight" title="Reach, impressions and saves as the service reports them">
          Insight <CostHint path="/v1/media/insight" />
        </button>
        {onEmbed && (
          <button className="btn small" onClick={onEmbed} data-testid="open-embed" title="The platform's embed HTML, as text to copy">
            Embed code <CostHint path="/v1/media/oembed" />
          </button>
        )}
      </div>
    </div>
  );
}
