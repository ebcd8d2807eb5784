// The top of the frame: the segmented progress (one segment per story) and the header with the owner,
// when the story was posted and, for current stories, the time it has left (updated every 30 s).
import { useEffect, useState } from 'react';
import type { Profile, Story, User } from '../../../../shared/records';
import { Avatar } from '../../components/Media';
import { VerifiedMark } from '../../components/Cards';
import { navigate } from '../../state/navigation';
import { formatAgo, formatMoment, formatTimeLeft, segmentProgress, type ViewerState } from './logic';

export function Progress({ state, count }: { state: ViewerState; count: number }) {
  const segments = Array.from({ length: count }, (_, i) => i);
  return (
    <div className="sv-progress" aria-hidden data-testid="story-progress">
      {segments.map((i) => (
        <div key={i} className="sv-segment" data-testid="story-segment">
          <div className="sv-segment-fill" style={{ transform: `scaleX(${segmentProgress(state, i)})` }} />
        </div>
      ))}
    </div>
  );
}

function useNowSec(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const t = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), 30_000);
    return () => window.clearInterval(t);
  }, []);
  return now;
}

export function StoryHeader({ story, owner, highlight }: { story: Story; owner: User | Profile | null; highlight: boolean }) {
  const now = useNowSec();
  const posted = story.takenAt !== null ? formatMoment(story.takenAt) : null;
  const openOwner = () => {
    if (owner?.username) navigate({ name: 'profile', username: owner.username });
    else if (owner?.id) navigate({ name: 'profile', userId: owner.id });
  };
  return (
    <div className="sv-header">
      <Avatar url={owner?.avatarUrl} name={owner?.username} size={32} />
      <div className="sv-header-text">
        <div className="row" style={{ gap: 4 }}>
          <button type="button" className="sv-owner" onPointerDown={(e) => e.stopPropagation()} onPointerUp={(e) => e.stopPropagation()} onClick={openOwner} disabled={!owner} title="Open the profile" data-testid="viewer-owner">
            {owner?.username ?? owner?.fullName ?? 'Unknown account'}
          </button>
          {owner && <VerifiedMark user={owner} />}
        </div>
        <div className="sv-times">
          {story.takenAt !== null && posted && (
            <time dateTime={new Date(story.takenAt * 1000).toISOString()} title={`Posted ${posted.local} (${posted.utc})`} data-testid="viewer-posted">
              {formatAgo(story.takenAt, now)}
            </time>
          )}
          {!highlight && story.expiresAt !== null && (
            <span title={`Expires ${formatMoment(story.expiresAt).local}`} data-testid="viewer-time-left">
              {' · '}
              {formatTimeLeft(story.expiresAt, now)}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
