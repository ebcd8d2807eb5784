// The cells and rows most lists are made of: a post in a grid, an account in a list.
import { memo, useMemo } from 'react';
import type { Post, User, UserFields } from '../../../shared/records';
import { formatDate } from '../format';
import { navigate } from '../state/navigation';
import { entryWith } from '../state/selection';
import type { Provenance } from '../../../shared/ipc';
import type { AppRecord } from '../../../shared/records';
import type { SelectOptions } from './Virtual';
import { opensOnEnterOrSpace } from './activateKeys';
import { Icon, type IconName } from './Icon';
import { Avatar, MediaImage } from './Media';

/** The image to show for a post in a grid: its thumbnail, else its smallest good image, else its first child's. */
export function previewUrl(post: Post): string | null {
  const images = post.images.length > 0 ? post.images : (post.children[0]?.images ?? []);
  const fit = [...images].reverse().find((i) => (i.width ?? 0) >= 300) ?? images[0];
  return fit?.url ?? post.thumbnailUrl ?? post.children[0]?.thumbnailUrl ?? null;
}

export function postAlt(post: Post): string {
  if (post.accessibilityCaption) return post.accessibilityCaption;
  const who = post.owner?.username ? `@${post.owner.username}` : 'an account';
  const what = post.productType === 'clips' ? 'Reel' : post.mediaType === 'carousel' ? 'Carousel' : post.mediaType === 'video' ? 'Video' : 'Photo';
  return `${what} by ${who}${post.caption.text ? `: ${post.caption.text.slice(0, 80)}` : ''}`;
}

function kindIcon(post: Post): IconName | null {
  if (post.mediaType === 'carousel') return 'layers';
  if (post.productType === 'clips') return 'film';
  if (post.mediaType === 'video') return 'play';
  return null;
}

/** What a hidden mark holds: not '', for which React drops the text node (and builds it again for the next post). */
const NONE = '\u00a0';

/**
 * A post grid's selection options, the same object while the list lives: the memoised grid then does not
 * render again when only its screen's footer changes (a fetch starting).
 */
export function usePostSelect(listId: string, provenanceOf: (record: AppRecord) => Provenance | null): SelectOptions<Post> {
  return useMemo(() => ({ list: listId, entry: entryWith(provenanceOf), label: (p: Post) => `Select ${postAlt(p)}` }), [listId, provenanceOf]);
}

/** Memoised: a grid renders its cells again for every page it receives, and a post record never changes. */
export const PostCell = memo(function PostCell({ post, onOpen }: { post: Post; onOpen?: (post: Post) => void }) {
  const icon = kindIcon(post);
  const likes = post.counts.likes !== null && !post.likesHidden;
  const open = onOpen ?? ((p: Post) => navigate(p.code ? { name: 'post', code: p.code } : { name: 'post', pk: p.id }));
  return (
    <button className="grid-cell" onClick={() => open(post)} data-testid="post-cell" data-code={post.code ?? ''} title={postAlt(post)}>
      {/* Not keyed: a recycled grid cell reuses its <img> for the next post (MediaImage hides the last image while the next loads). */}
      <MediaImage url={previewUrl(post)} alt={postAlt(post)} />
      {/* The marks stay in the DOM (hidden when they do not apply): a recycled cell shows another post by
          changing them in place, not by building and dropping nodes for every post scrolled past. */}
      <span className="corner" aria-hidden hidden={!icon}>
        <Icon name={icon ?? 'play'} size={16} />
      </span>
      <span className="cell-stats" aria-hidden hidden={!likes && post.takenAt === null}>
        <span hidden={!likes}>
          <Icon name="heart" size={12} /> {likes ? compactNumber(post.counts.likes ?? 0) : NONE} <Icon name="comment" size={12} /> {likes ? compactNumber(post.counts.comments ?? 0) : NONE}
        </span>
        <span className="cell-date" hidden={post.takenAt === null}>
          {post.takenAt !== null ? formatDate(post.takenAt) : NONE}
        </span>
      </span>
    </button>
  );
});

// Built once: a NumberFormat costs far more to build than to use, and every grid cell formats two counts
// (and its date, with formatDate's formats made once too).
let compact: Intl.NumberFormat | null = null;

export function compactNumber(n: number): string {
  compact ??= new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
  return compact.format(n);
}

export function VerifiedMark({ user }: { user: Pick<UserFields, 'isVerified'> }) {
  return user.isVerified ? (
    <span className="verified" title="Verified account" aria-label="Verified">
      ✔
    </span>
  ) : null;
}

export function PrivateMark({ user }: { user: Pick<UserFields, 'isPrivate'> }) {
  return user.isPrivate ? (
    <span className="faint" title="Private account">
      <Icon name="lock" size={12} label="Private" />
    </span>
  ) : null;
}

export function UserRow({ user, detail }: { user: User | UserFields; detail?: string }) {
  const open = () => navigate(user.username ? { name: 'profile', username: user.username } : { name: 'profile', userId: user.id });
  return (
    <div className="list-row" tabIndex={0} role="button" data-testid="user-row" data-username={user.username ?? ''} onClick={open} onKeyDown={opensOnEnterOrSpace(open)}>
      <Avatar url={user.avatarUrl} name={user.username} size={40} />
      <div style={{ minWidth: 0 }}>
        <div className="row" style={{ gap: 4 }}>
          <strong>{user.username ?? user.id}</strong>
          <VerifiedMark user={user} />
          <PrivateMark user={user} />
        </div>
        <div className="muted" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {user.fullName}
          {detail ? ` · ${detail}` : ''}
        </div>
      </div>
    </div>
  );
}
