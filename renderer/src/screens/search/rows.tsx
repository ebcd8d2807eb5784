// Result rows for search: posts (in the Top stream), hashtags, places and tracks. Accounts use the
// shared UserRow. Every row is one focusable control that opens its page with a click, Enter or Space.
import type { ReactNode } from 'react';
import type { Hashtag, Location, Post, Track } from '../../../../shared/records';
import { compactNumber, postAlt, previewUrl } from '../../components/Cards';
import { opensOnEnterOrSpace } from '../../components/activateKeys';
import { MediaImage } from '../../components/Media';
import { navigate } from '../../state/navigation';
import { duration, exactCount, localAndUtc, timeAgo } from '../profile/format';
import { Icon } from '../../components/Icon';
import { trackRouteId } from './plan';

function RowButton({ onOpen, children, label, testId, data }: { onOpen: (() => void) | null; children: ReactNode; label: string; testId: string; data?: Record<string, string> }) {
  const attributes = Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    <div
      className={`list-row result-row ${onOpen ? '' : 'disabled'}`}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-disabled={onOpen ? undefined : true}
      onClick={onOpen ?? undefined}
      onKeyDown={opensOnEnterOrSpace(onOpen)}
      data-testid={testId}
      {...attributes}
    >
      {children}
    </div>
  );
}

function kindOf(post: Post): string {
  if (post.productType === 'clips') return 'Reel';
  if (post.productType === 'igtv') return 'IGTV video';
  if (post.mediaType === 'carousel') return 'Carousel';
  return post.mediaType === 'video' ? 'Video' : 'Photo';
}

export function PostRow({ post, now }: { post: Post; now: number }) {
  const open = () => navigate(post.code ? { name: 'post', code: post.code } : { name: 'post', pk: post.id });
  const owner = post.owner?.username ? `@${post.owner.username}` : null;
  return (
    <RowButton onOpen={open} label={`${kindOf(post)}${owner ? ` by ${owner}` : ''}: open the post`} testId="post-row" data={{ code: post.code ?? '' }}>
      <span className="result-thumb">
        <MediaImage url={previewUrl(post)} alt={postAlt(post)} />
      </span>
      <span className="result-text">
        <span className="result-title">
          <span className="badge">{kindOf(post)}</span>
          {owner && <strong>{owner}</strong>}
          {post.takenAt !== null && (
            <span className="faint" title={localAndUtc(post.takenAt)}>
              · {timeAgo(post.takenAt, now)}
            </span>
          )}
        </span>
        <span className="result-caption muted">{post.caption.text || post.title || 'No caption'}</span>
      </span>
      {post.counts.likes !== null && !post.likesHidden && (
        <span className="result-meta faint" aria-label={`${post.counts.likes} likes, ${post.counts.comments ?? 0} comments`}>
          ♥ {compactNumber(post.counts.likes)} <Icon name="comment" size={12} /> {compactNumber(post.counts.comments ?? 0)}
        </span>
      )}
    </RowButton>
  );
}

export function HashtagRow({ tag }: { tag: Hashtag }) {
  const count = tag.mediaCount !== null ? `${exactCount(tag.mediaCount)} posts` : tag.formattedMediaCount;
  return (
    <RowButton onOpen={() => navigate({ name: 'hashtag', tag: tag.name })} label={`#${tag.name}: open the hashtag`} testId="hashtag-row" data={{ name: tag.name }}>
      <span className="result-icon" aria-hidden>
        #
      </span>
      <span className="result-text">
        <strong className="result-title">#{tag.name}</strong>
        {count && <span className="muted">{count}</span>}
      </span>
    </RowButton>
  );
}

export function PlaceRow({ place }: { place: Location }) {
  const where = [place.address, place.city].filter(Boolean).join(', ');
  const open = place.id ? () => navigate({ name: 'location', id: place.id ?? '' }) : null;
  return (
    <RowButton onOpen={open} label={`${place.name ?? 'Place'}: open the place`} testId="place-row" data={{ id: place.id ?? '' }}>
      <span className="result-icon" aria-hidden>
        <Icon name="pin" size={18} />
      </span>
      <span className="result-text">
        <strong className="result-title">{place.name ?? 'Unnamed place'}</strong>
        <span className="muted">{[place.category, where].filter(Boolean).join(' · ') || 'No address'}</span>
      </span>
    </RowButton>
  );
}

export function TrackRow({ track }: { track: Track }) {
  return (
    <RowButton onOpen={() => navigate({ name: 'music', id: trackRouteId(track) })} label={`${track.title ?? 'Track'} by ${track.artist ?? 'unknown artist'}: open the track`} testId="track-row" data={{ id: trackRouteId(track) }}>
      <span className="result-cover">
        <MediaImage url={track.coverUrl} alt="" />
      </span>
      <span className="result-text">
        <span className="result-title">
          <strong>{track.title ?? 'Untitled'}</strong>
          {track.isExplicit && (
            <span className="badge" title="Explicit">
              E
            </span>
          )}
        </span>
        <span className="muted">
          {track.artist ?? 'Unknown artist'}
          {track.durationMs !== null && ` · ${duration(track.durationMs)}`}
        </span>
      </span>
    </RowButton>
  );
}
