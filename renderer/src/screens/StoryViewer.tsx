// The story and highlight viewer: a full-window overlay above the shell. Segmented progress, auto-advance
// (images 5 s, videos their length), pause on hold or Space, arrow keys, Esc closes, M mutes; overlays
// for mentions, links, hashtags, places and stickers; posted time and, for stories, time left.
import { useEffect, useReducer, useRef, useState, type PointerEvent, type ReactNode, type RefObject } from 'react';
import type { Profile, Story, User } from '../../../shared/records';
import { highlightUrl, storyUrl } from '../../../shared/links';
import { Avatar } from '../components/Media';
import { VerifiedMark } from '../components/Cards';
import { appErrorOf } from '../api/bridge';
import { ErrorView } from '../components/ErrorView';
import { isTyping } from '../components/KeyboardMap';
import { ExternalLink } from '../components/ExternalLink';
import { SelectPill } from '../components/SelectionCheck';
import { CostBadge } from '../components/Tabs';
import { useEndpoint } from '../hooks/useEndpoint';
import { mediaSrc, useAppState } from '../state/app';
import { navigate, useNavigation, useRoute, type Route } from '../state/navigation';
import { highlightItem } from '../state/selection';
import {
  TAP_MS, formatAgo, formatMoment, formatTimeLeft, frameImageUrl, initialViewerState, isPlaying, segmentProgress, startIndex, timingOf,
  videoUrlOf, viewerReducer, type ViewerState,
} from './viewer/logic';
import { usePauseAway, useViewerFocus } from './viewer/focus';
import { StickerPanel, TrayActions } from './viewer/TrayParts';
import { MutedIcon, PauseIcon, PlayIcon, SoundIcon } from './viewer/Icons';
import { PlacedOverlays, UnplacedOverlays, overlaysOf } from './viewer/Overlays';
import { USER_STORIES, storiesWhat, useStorySource, type StorySource, type ViewerRoute } from './viewer/useStorySource';
import '../styles/viewer.css';

/** The story each history entry was showing, so Back returns to it (route objects are kept by history). */
const positions = new WeakMap<Route, string>();

function closeViewer(): void {
  const { index, back } = useNavigation.getState();
  if (index > 0) back();
  else navigate({ name: 'search' });
}

/** Keys the viewer handles, unless the user is typing. */
function useViewerKeys(handler: (e: KeyboardEvent) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      ref.current(e);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

function useNowSec(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const t = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), 30_000);
    return () => window.clearInterval(t);
  }, []);
  return now;
}

export function StoryViewerScreen() {
  const route = useRoute() as ViewerRoute;
  const source = useStorySource(route);
  useViewerKeys((e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      closeViewer();
    }
  });
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => rootRef.current?.focus(), []);
  useViewerFocus(rootRef);

  const who = source.owner?.username ? `@${source.owner.username}` : null;
  const title = route.name === 'highlight' ? `Highlight${source.highlight?.title ? `: ${source.highlight.title}` : ''}` : who ? `Stories of ${who}` : 'Stories';

  return (
    <div className="viewer" role="dialog" aria-modal="true" aria-label={title} ref={rootRef} tabIndex={-1} data-testid="story-viewer">
      <button type="button" className="viewer-close" onClick={closeViewer} aria-label="Close the viewer (Esc)" title="Close (Esc)">
        ✕
      </button>
      <ViewerBody source={source} route={route} />
    </div>
  );
}

function ViewerBody({ source, route }: { source: StorySource; route: ViewerRoute }) {
  if (source.pending) {
    return (
      <div className="viewer-state" aria-live="polite">
        <div className="spinner" aria-label="Loading stories" />
        <div>{route.name === 'highlight' ? 'Loading the highlight…' : 'Loading stories…'}</div>
      </div>
    );
  }
  if (source.error) {
    return (
      <div className="viewer-state">
        <div className="viewer-card">
          <div className="viewer-card-context">{describeRoute(route)}</div>
          <ErrorView error={source.error} onRetry={source.retry} />
          {appErrorOf(source.error).kind === 'not_found' && route.name === 'stories' && (
            <p className="muted viewer-card-note">Stories disappear 24 hours after they are posted: the link may point to one that has expired or was deleted.</p>
          )}
          <div className="viewer-card-actions">
            <button type="button" className="btn" onClick={closeViewer}>
              Close
            </button>
          </div>
        </div>
      </div>
    );
  }
  if (source.privateAccount) {
    return (
      <ViewerMessage icon="🔒" title="This account is private">
        Its stories can only be seen by approved followers, so nothing was requested and nothing was charged.
      </ViewerMessage>
    );
  }
  if (source.stories.length === 0) {
    const who = source.owner?.username ? `@${source.owner.username}` : 'This account';
    return route.name === 'highlight' ? (
      <ViewerMessage icon="∅" title="This highlight is empty">
        The service returned no stories for it.
      </ViewerMessage>
    ) : (
      <ViewerMessage icon="∅" title="No current stories">
        {who} has no story from the last 24 hours.
      </ViewerMessage>
    );
  }
  return <Player source={source} route={route} />;
}

/** What the viewer was asked to open, in words (shown above errors). */
function describeRoute(route: ViewerRoute): string {
  if (route.name === 'highlight') return `Highlight ${route.highlightPk}`;
  if (route.storyPk) return route.username ? `Story ${route.storyPk} of @${route.username}` : `Story ${route.storyPk}`;
  if (route.username) return `Current stories of @${route.username}`;
  return `Current stories of account ${route.userId ?? ''}`;
}

function ViewerMessage({ icon, title, children }: { icon: string; title: string; children: ReactNode }) {
  return (
    <div className="viewer-state" data-testid="viewer-message">
      <div className="viewer-card">
        <div className="viewer-card-icon" aria-hidden>
          {icon}
        </div>
        <h2>{title}</h2>
        <p className="muted">{children}</p>
        <div className="viewer-card-actions">
          <button type="button" className="btn" onClick={closeViewer}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

function Player({ source, route }: { source: StorySource; route: ViewerRoute }) {
  const { stories } = source;
  const requestedPk = route.name === 'stories' ? route.storyPk : undefined;
  const requestedIndex = route.name === 'highlight' ? route.itemIndex : undefined;
  const [state, dispatch] = useReducer(viewerReducer, null, (): ViewerState => ({
    ...initialViewerState(),
    timings: stories.map(timingOf),
    index: startIndex(stories, positions.get(route) ?? requestedPk, requestedIndex),
  }));
  const story = stories[state.index] ?? stories[0];
  const simulated = useAppState((s) => s.mode?.session.simulated ?? false);
  const currentId = useRef<string | null>(story?.id ?? null);
  currentId.current = story?.id ?? null;

  // A new list (e.g. all stories after a single one): keep showing the same story where it is in it.
  const ids = stories.map((s) => s.id).join(',');
  const loadedIds = useRef(ids);
  useEffect(() => {
    if (loadedIds.current === ids) return;
    loadedIds.current = ids;
    dispatch({ type: 'load', timings: stories.map(timingOf), index: startIndex(stories, currentId.current ?? requestedPk, requestedIndex) });
  }, [ids, stories, requestedPk, requestedIndex]);

  useEffect(() => {
    if (story) positions.set(route, story.id);
  }, [route, story]);

  // Pause while the window has lost the focus (main's own question is open, another app is in front)
  // and while it is hidden.
  useEffect(() => {
    const onBlur = () => dispatch({ type: 'pause', reason: 'dialog' });
    const onFocus = () => dispatch({ type: 'resume', reason: 'dialog' });
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, []);
  usePauseAway(dispatch);
  useEffect(() => {
    const onVisibility = () => dispatch({ type: document.hidden ? 'pause' : 'resume', reason: 'hidden' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const videoRef = useRef<HTMLVideoElement>(null);
  const playing = isPlaying(state);
  const clock = state.timings[state.index]?.clock ?? 'timer';

  // The clock: images count time here; videos report their own position.
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    const t = window.setInterval(() => {
      const now = performance.now();
      if (clock === 'timer') dispatch({ type: 'tick', ms: now - last });
      else if (videoRef.current) dispatch({ type: 'progress', ms: videoRef.current.currentTime * 1000 });
      last = now;
    }, 50);
    return () => window.clearInterval(t);
  }, [playing, clock, state.index]);

  // The video follows the viewer's state; a browser that refuses sound without a gesture gets muted.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = state.muted;
    if (playing && clock === 'media') {
      video.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'NotAllowedError' && !video.muted) dispatch({ type: 'toggleMute' });
      });
    } else {
      video.pause();
    }
  }, [playing, clock, state.muted, state.index]);

  usePreloadNext(stories[state.index + 1]);

  useViewerKeys((e) => {
    const target = e.target as HTMLElement | null;
    switch (e.key) {
      case 'ArrowRight':
        e.preventDefault();
        dispatch({ type: 'next' });
        break;
      case 'ArrowLeft':
        e.preventDefault();
        dispatch({ type: 'prev' });
        break;
      case ' ':
        // A focused button answers Space itself (keyboard users pressing it).
        if (target?.tagName === 'BUTTON' || target?.tagName === 'A') return;
        e.preventDefault();
        dispatch({ type: 'togglePause' });
        break;
      case 'm':
      case 'M':
        dispatch({ type: 'toggleMute' });
        break;
    }
  });

  // Hold to pause; a short tap on the left third goes back, elsewhere forward.
  const press = useRef<number | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    press.current = performance.now();
    dispatch({ type: 'pause', reason: 'hold' });
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const started = press.current;
    press.current = null;
    dispatch({ type: 'resume', reason: 'hold' });
    if (started === null || performance.now() - started >= TAP_MS) return;
    const rect = e.currentTarget.getBoundingClientRect();
    dispatch({ type: e.clientX - rect.left < rect.width / 3 ? 'prev' : 'next' });
  };
  const onPointerCancel = () => {
    press.current = null;
    dispatch({ type: 'resume', reason: 'hold' });
  };

  if (!story) return null;
  const owner: User | Profile | null = story.owner?.username ? story.owner : (source.owner ?? story.owner);
  const isVideo = videoUrlOf(story) !== null;
  const overlays = overlaysOf(story, simulated);
  const userPaused = state.pausedBy.includes('user');
  const kindWord = route.name === 'highlight' ? 'Highlight story' : 'Story';

  return (
    <>
      <div className="viewer-stage">
        <button type="button" className="viewer-nav" onMouseDown={(e) => e.preventDefault()} onClick={() => dispatch({ type: 'prev' })} disabled={state.index === 0} aria-label="Previous story (←)" title="Previous (←)">
          ‹
        </button>
        <div className="sv-frame" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={onPointerCancel} onPointerLeave={onPointerCancel} data-testid="story-frame" data-story-id={story.id}>
          <StoryMedia key={story.id} story={story} videoRef={videoRef} dispatch={dispatch} />
          <div className="sv-top">
            <Progress state={state} count={stories.length} />
            <StoryHeader story={story} owner={owner} highlight={route.name === 'highlight'} />
            <div className="sv-controls">
              <button type="button" className="sv-icon-btn" onMouseDown={(e) => e.preventDefault()} onPointerDown={(e) => e.stopPropagation()} onPointerUp={(e) => e.stopPropagation()} onClick={() => dispatch({ type: 'togglePause' })} aria-label={userPaused ? 'Play (Space)' : 'Pause (Space)'} aria-pressed={userPaused} title={userPaused ? 'Play (Space)' : 'Pause (Space)'} data-testid="viewer-pause">
                {userPaused ? <PlayIcon /> : <PauseIcon />}
              </button>
              {isVideo && (
                <button type="button" className="sv-icon-btn" onMouseDown={(e) => e.preventDefault()} onPointerDown={(e) => e.stopPropagation()} onPointerUp={(e) => e.stopPropagation()} onClick={() => dispatch({ type: 'toggleMute' })} aria-label={state.muted ? 'Unmute (M)' : 'Mute (M)'} aria-pressed={state.muted} title={state.muted ? 'Unmute (M)' : 'Mute (M)'} data-testid="viewer-mute">
                  {state.muted ? <MutedIcon /> : <SoundIcon />}
                </button>
              )}
            </div>
          </div>
          <PlacedOverlays items={overlays} />
          {state.finished && (
            <div className="sv-end" onPointerDown={(e) => e.stopPropagation()} onPointerUp={(e) => e.stopPropagation()} data-testid="viewer-end">
              <div>{route.name === 'highlight' ? 'End of the highlight' : 'End of the stories'}</div>
              <div className="row">
                <button type="button" className="btn" onClick={() => dispatch({ type: 'restart' })}>
                  ↺ Replay
                </button>
                <button type="button" className="btn primary" onClick={closeViewer}>
                  Close
                </button>
              </div>
            </div>
          )}
        </div>
        <button type="button" className="viewer-nav" onMouseDown={(e) => e.preventDefault()} onClick={() => dispatch({ type: 'next' })} disabled={state.finished} aria-label="Next story (→)" title="Next (→)">
          ›
        </button>
      </div>
      <div className="viewer-foot">
        <div className="viewer-foot-main">
          <span className="viewer-position" aria-live="polite" aria-atomic="true">
            <span className="sr-only">{kindWord} </span>
            <span data-testid="viewer-position">
              {state.index + 1} of {stories.length}
            </span>
          </span>
          {/* Said here, not on the frame, where it would cover a sticker. */}
          {userPaused && !state.finished && (
            <span className="viewer-paused" data-testid="viewer-paused">
              Paused
            </span>
          )}
          {source.highlight?.title && <span className="viewer-title">{source.highlight.title}</span>}
          <UnplacedOverlays items={overlays} />
          <span className="spacer" />
          {source.provenance && (
            <SelectPill item={{ record: source.highlight ? highlightItem(source.highlight, story) : story, provenance: source.provenance }}>
              {source.highlight ? 'Select this highlight item' : 'Select this story'}
            </SelectPill>
          )}
          {source.provenance && stories.length > 1 && <TrayActions stories={stories} highlight={source.highlight} provenance={source.provenance} />}
          {source.kind === 'single' && <LoadAllOffer story={story} owner={owner} />}
          <WebLink route={route} story={story} owner={owner} />
        </div>
        <StickerPanel story={story} />
        <div className="viewer-keys" aria-hidden>
          <kbd>←</kbd> <kbd>→</kbd> previous / next · <kbd>Space</kbd> or hold to pause · <kbd>M</kbd> mute · <kbd>Esc</kbd> close
        </div>
      </div>
    </>
  );
}

function Progress({ state, count }: { state: ViewerState; count: number }) {
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

function StoryHeader({ story, owner, highlight }: { story: Story; owner: User | Profile | null; highlight: boolean }) {
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

type Dispatch = (action: Parameters<typeof viewerReducer>[1]) => void;

/** The picture or the video, full frame. Tells the viewer when it is ready so its time starts then. */
function StoryMedia({ story, videoRef, dispatch }: { story: Story; videoRef: RefObject<HTMLVideoElement | null>; dispatch: Dispatch }) {
  const [failed, setFailed] = useState(false);
  const image = mediaSrc(frameImageUrl(story));
  const video = mediaSrc(videoUrlOf(story));
  const ready = () => dispatch({ type: 'resume', reason: 'loading' });
  const alt = story.owner?.username ? `Story by @${story.owner.username}` : 'Story';
  useEffect(() => {
    if (!image && !video) dispatch({ type: 'resume', reason: 'loading' });
  }, [image, video, dispatch]);

  if (video && !failed) {
    return (
      <video
        ref={videoRef}
        className="sv-media"
        src={video}
        poster={image}
        preload="auto"
        playsInline
        aria-label={`${alt} (video)`}
        onLoadedMetadata={(e) => dispatch({ type: 'duration', ms: e.currentTarget.duration * 1000 })}
        onCanPlay={ready}
        onEnded={() => dispatch({ type: 'ended' })}
        onError={() => {
          setFailed(true);
          dispatch({ type: 'fallback' });
        }}
        data-testid="story-video"
      />
    );
  }
  if (!image) {
    return <div className="sv-media sv-missing">No picture for this story</div>;
  }
  return (
    <>
      <img className="sv-media" src={image} alt={alt} draggable={false} onLoad={ready} onError={() => { setFailed(true); ready(); }} data-testid="story-image" />
      {failed && video === undefined && <div className="sv-missing-note">The picture could not be loaded</div>}
      {failed && video !== undefined && <div className="sv-missing-note">The video could not be played; showing its picture</div>}
    </>
  );
}

/** Fetches the next item's media ahead of time, so moving on shows it at once. */
function usePreloadNext(next: Story | undefined): void {
  const keep = useRef<HTMLImageElement | HTMLVideoElement | null>(null);
  const image = next ? mediaSrc(frameImageUrl(next)) : undefined;
  const video = next ? mediaSrc(videoUrlOf(next)) : undefined;
  useEffect(() => {
    if (video) {
      const v = document.createElement('video');
      v.preload = 'auto';
      v.muted = true;
      v.src = video;
      keep.current = v;
    } else if (image) {
      const img = new Image();
      img.src = image;
      keep.current = img;
    }
    return () => {
      keep.current = null;
    };
  }, [image, video]);
}

/** A single story (from a link): offer the owner's other current stories, with their cost. */
function LoadAllOffer({ story, owner }: { story: Story; owner: User | Profile | null }) {
  const ownerId = owner?.id ?? story.owner?.id ?? '';
  const [wanted, setWanted] = useState(false);
  const all = useEndpoint(USER_STORIES, { user_id: ownerId }, { enabled: wanted && ownerId !== '', what: storiesWhat(owner, ownerId) });
  const replace = useNavigation((s) => s.replace);
  useEffect(() => {
    // Once they are here (or were already cached), show them all, starting at this story.
    if (all.isSuccess) replace({ name: 'stories', userId: ownerId, storyPk: story.id });
  }, [all.isSuccess, ownerId, story.id, replace]);
  if (!ownerId) return null;
  const who = owner?.username ? `@${owner.username}` : 'this account';
  return (
    <span className="row">
      {all.isError && (
        <span className="viewer-inline-error" role="status">
          {appErrorOf(all.error).message}
        </span>
      )}
      <button
        type="button"
        className="btn small"
        onClick={() => (all.isError ? void all.refetch() : setWanted(true))}
        disabled={wanted && all.isFetching}
        data-testid="viewer-load-all"
        title={`Loads every current story of ${who} (one call, billed as shown; you will be asked first).`}
      >
        {wanted && all.isFetching ? 'Loading…' : `All current stories of ${who}`}
        <CostBadge path={USER_STORIES} params={{ user_id: ownerId }} />
      </button>
    </span>
  );
}

/** The story's or highlight's page on the platform, opened in the browser. */
function WebLink({ route, story, owner }: { route: ViewerRoute; story: Story; owner: User | Profile | null }) {
  const href = route.name === 'highlight' ? highlightUrl(route.highlightPk) : owner?.username ? storyUrl(owner.username, story.id) : null;
  return href ? <ExternalLink href={href}>Open on the web ↗</ExternalLink> : null;
}
