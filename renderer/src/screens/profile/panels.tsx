// One panel per profile tab. Each panel mounts only when its tab is open, so a tab never opened
// never calls the service; react-query keeps what a tab loaded when the user switches away and back.
import { useEffect, useState } from 'react';
import type { Profile } from '../../../../shared/records';
import { ServiceError } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { ListStatus } from '../../components/ListStatus';
import { MediaImage } from '../../components/Media';
import { useEndpoint } from '../../hooks/useEndpoint';
import { navigate, type ProfileTab } from '../../state/navigation';
import { localAndUtc, timeAgo, timeLeft } from './format';
import type { JobKind } from '../../components/jobPlan';
import { SelectFrame, SelectionListBar } from '../../components/SelectionCheck';
import { entriesOf } from '../../state/selection';
import { followerCapNote, isCappedFollowers } from '../../../../shared/follower-cap';
import { answerRecords, PagedPostGrid, PagedUserList, QuietState, useAnswerList, type CollectOffer } from './lists';
import { tabCall, tabGate } from './plan';
import { plural } from '../../format';
import { SelectHighlights } from './SelectHighlights';

function who(profile: Profile): string {
  return profile.username ? `@${profile.username}` : 'this account';
}

/** Re-renders every `ms` so "time left" stays true while the tray is on screen. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

function HighlightsPanel({ profile }: { profile: Profile }) {
  const call = tabCall('highlights', profile);
  const query = useEndpoint(call.path, call.params);
  const highlights = answerRecords(query.data, 'highlight');
  const list = useAnswerList(query, highlights);
  return (
    <>
      {highlights.length > 0 && <SelectHighlights highlights={highlights} />}
      {highlights.length > 0 && (
        <ul className="highlight-tray" aria-label={`Highlights of ${who(profile)}`}>
          {highlights.map((h) => (
            <li key={h.id}>
              <button className="highlight" onClick={() => navigate({ name: 'highlight', highlightPk: h.id })} data-testid="highlight" data-pk={h.id} title={`Open the highlight “${h.title ?? 'Untitled'}”`}>
                <span className="highlight-cover">
                  <MediaImage url={h.coverUrl} alt="" />
                </span>
                <span className="highlight-title">{h.title || 'Untitled'}</span>
                {h.mediaCount !== null && (
                  <span className="faint highlight-count">
                    {h.mediaCount} {plural(h.mediaCount, 'story', 'stories')}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ListStatus list={list} empty={`${who(profile)} has no highlights`} noun={['highlight', 'highlights']} />
    </>
  );
}

function StoriesPanel({ profile }: { profile: Profile }) {
  const call = tabCall('stories', profile);
  const query = useEndpoint(call.path, call.params);
  const stories = answerRecords(query.data, 'story');
  const list = useAnswerList(query, stories);
  const now = useNow(30_000);
  const provenance = query.data?.provenance ?? null;
  const entries = provenance ? entriesOf(stories, () => provenance) : [];
  const listId = `stories:${profile.id}`;
  return (
    <>
      {entries.length > 0 && <SelectionListBar entries={entries} exportLabel={call.what} noun={['story', 'stories']} />}
      {stories.length > 0 && (
        <ul className="story-tray" aria-label={`Current stories of ${who(profile)}`}>
          {stories.map((s, i) => {
            const expiresAt = s.expiresAt ?? (s.takenAt !== null ? s.takenAt + 86_400 : null);
            return (
              <li key={s.id}>
                <SelectFrame item={entries[i] ?? null} spot={{ list: listId, index: i, entries: () => entries }} label={`Select story ${i + 1}`} shape="cell">
                  <button
                    className="story-card"
                    data-testid="story-card"
                    data-pk={s.id}
                    onClick={() => navigate({ name: 'stories', userId: profile.id, username: profile.username ?? undefined, storyPk: s.id })}
                    aria-label={`Story ${i + 1} of ${stories.length}${s.takenAt !== null ? `, posted ${timeAgo(s.takenAt, now)}` : ''}`}
                    title={s.takenAt !== null ? `Posted ${localAndUtc(s.takenAt)}` : undefined}
                  >
                    <MediaImage url={s.thumbnailUrl ?? s.images[0]?.url} alt="" />
                    {s.mediaType === 'video' && (
                      <span className="story-kind" aria-hidden>
                        ▶ {s.videoDuration ? `${Math.round(s.videoDuration)} s` : ''}
                      </span>
                    )}
                    <span className="story-times">
                      {s.takenAt !== null && <span>{timeAgo(s.takenAt, now)}</span>}
                      {expiresAt !== null && <span className="story-left">{timeLeft(expiresAt, now)}</span>}
                    </span>
                  </button>
                </SelectFrame>
              </li>
            );
          })}
        </ul>
      )}
      <ListStatus list={list} empty={`${who(profile)} has no active stories right now`} noun={['story', 'stories']} />
    </>
  );
}

/** The bulk job a tab offers: the whole list, with the count the profile shows when it has one. */
function collectOffer(profile: Profile, kind: JobKind, label: string, count: number | null): CollectOffer {
  return { draft: { kind, target: profile.id, label: who(profile), ...(count !== null ? { knownCount: count } : {}) }, label };
}

export function ProfilePanel({ profile, tab }: { profile: Profile; tab: ProfileTab }) {
  const gate = tabGate(profile, tab);
  if (gate.kind === 'private') return <ErrorView error={new ServiceError(gate.error)} />;
  if (gate.kind === 'empty') {
    return (
      <QuietState icon="∅" title={gate.message} testId="tab-empty">
        The profile says so; nothing was requested.
      </QuietState>
    );
  }
  const call = tabCall(tab, profile);
  switch (tab) {
    case 'posts':
      return (
        <PagedPostGrid call={call} label={`Posts of ${who(profile)}`} empty="No posts yet" collect={collectOffer(profile, 'posts', 'Collect all posts', profile.counts.media)} />
      );
    case 'reels':
      return (
        <PagedPostGrid
          call={call}
          label={`Reels of ${who(profile)}`}
          empty="No reels yet"
          nouns={['reel', 'reels']}
          reels
          collect={collectOffer(profile, 'reels', 'Collect all reels', null)}
        />
      );
    case 'tagged':
      return (
        <PagedPostGrid
          call={call}
          label={`Posts tagging ${who(profile)}`}
          empty={`Nobody has tagged ${who(profile)} in a public post yet`}
          collect={collectOffer(profile, 'tagged', 'Collect all tagged posts', null)}
        />
      );
    case 'highlights':
      return <HighlightsPanel profile={profile} />;
    case 'stories':
      return <StoriesPanel profile={profile} />;
    case 'followers':
      return (
        <PagedUserList
          call={call}
          label={`Followers of ${who(profile)}`}
          empty="No followers yet"
          nouns={['follower', 'followers']}
          collect={collectOffer(profile, 'followers', 'Collect all followers', profile.counts.followers)}
          endNote={(shown, total) => (isCappedFollowers(shown, total) ? followerCapNote(shown, total) : null)}
        />
      );
    case 'following':
      return (
        <PagedUserList
          call={call}
          label={`Accounts ${who(profile)} follows`}
          empty="Not following anyone yet"
          collect={collectOffer(profile, 'following', 'Collect all following', profile.counts.following)}
        />
      );
  }
}
