// The player: one story at a time from the loaded list, with the segmented progress, auto-advance,
// pause/mute controls, overlays on the frame and the footer (position, selection, stickers, links).
import { useEffect, useReducer, useRef } from 'react';
import type { Profile, User } from '../../../../shared/records';
import { SelectPill } from '../../components/SelectionCheck';
import { useAppState } from '../../state/app';
import type { Route } from '../../state/navigation';
import { highlightItem } from '../../state/selection';
import { initialViewerState, isPlaying, startIndex, timingOf, videoUrlOf, viewerReducer, type ViewerState } from './logic';
import { closeViewer, usePlayerKeys } from './keys';
import { useHoldToPause, usePauseWhenAway, usePlaybackClock, usePreloadNext } from './playback';
import { StoryMedia } from './StoryMedia';
import { Progress, StoryHeader } from './StoryHeader';
import { LoadAllOffer, SaveStory, StickerPanel, TrayActions, WebLink } from './TrayParts';
import { MutedIcon, PauseIcon, PlayIcon, SoundIcon } from './Icons';
import { PlacedOverlays, UnplacedOverlays, overlaysOf } from './Overlays';
import { StoryStudyFindings } from './StudyFindings';
import type { StorySource, ViewerRoute } from './useStorySource';

/** The story each history entry was showing, so Back returns to it (route objects are kept by history). */
const positions = new WeakMap<Route, string>();

export function Player({ source, route }: { source: StorySource; route: ViewerRoute }) {
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

  usePauseWhenAway(dispatch);
  const videoRef = useRef<HTMLVideoElement>(null);
  const playing = isPlaying(state);
  const clock = state.timings[state.index]?.clock ?? 'timer';
  usePlaybackClock(videoRef, { playing, clock, muted: state.muted, index: state.index }, dispatch);
  usePreloadNext(stories[state.index + 1]);
  usePlayerKeys(dispatch);
  const holdToPause = useHoldToPause(dispatch);

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
        <div className="sv-frame" {...holdToPause} data-testid="story-frame" data-story-id={story.id}>
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
          {source.provenance && <SaveStory key={story.id} entry={{ record: source.highlight ? highlightItem(source.highlight, story) : story, provenance: source.provenance }} highlight={!!source.highlight} />}
          {source.provenance && stories.length > 1 && <TrayActions stories={stories} highlight={source.highlight} provenance={source.provenance} />}
          {source.kind === 'single' && <LoadAllOffer story={story} owner={owner} />}
          <WebLink route={route} story={story} owner={owner} />
        </div>
        <StickerPanel story={story} />
        <StoryStudyFindings key={story.id} storyId={story.id} dispatch={dispatch} />
        <div className="viewer-keys" aria-hidden>
          <kbd>←</kbd> <kbd>→</kbd> previous / next · <kbd>Space</kbd> or hold to pause · <kbd>M</kbd> mute · <kbd>Esc</kbd> close
        </div>
      </div>
    </>
  );
}
