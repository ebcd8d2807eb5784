// The story and highlight viewer: a full-window overlay above the shell. Segmented progress, auto-advance
// (images 5 s, videos their length), pause on hold or Space, arrow keys, Esc closes, M mutes; overlays
// for mentions, links, hashtags, places and stickers; posted time and, for stories, time left.
// This file is the shell (loading, errors, empty states); the player and its parts are in viewer/.
import { useEffect, useRef, type ReactNode } from 'react';
import { appErrorOf } from '../api/bridge';
import { ErrorView } from '../components/ErrorView';
import { useRoute } from '../state/navigation';
import { useViewerFocus } from './viewer/focus';
import { closeViewer, useViewerKeys } from './viewer/keys';
import { Player } from './viewer/Player';
import { useStorySource, type StorySource, type ViewerRoute } from './viewer/useStorySource';
import '../styles/viewer.css';

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
