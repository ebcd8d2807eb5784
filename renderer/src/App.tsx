import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ExportDialog } from './components/ExportDialog';
import { SelectionTray } from './components/SelectionTray';
import { Shell } from './components/Shell';
import { createQueryClient } from './queryClient';
import { DownloadsScreen } from './screens/Downloads';
import { ExplorerScreen } from './screens/explorer/ExplorerScreen';
import { HashtagScreen } from './screens/Hashtag';
import { LibraryScreen } from './screens/Library';
import { LocationScreen } from './screens/Location';
import { MusicScreen } from './screens/Music';
import { OnboardingScreen } from './screens/Onboarding';
import { PostScreen } from './screens/Post';
import { ProfileScreen } from './screens/Profile';
import { RequestLogScreen } from './screens/RequestLog';
import { SearchScreen } from './screens/Search';
import { SettingsScreen } from './screens/Settings';
import { StoryViewerScreen } from './screens/StoryViewer';
import { StudiesScreen } from './screens/studies/StudiesScreen';
import { StudyScreen } from './screens/studies/StudyScreen';
import { useAppState, useSessionId } from './state/app';
import { useEntryId, useRoute, type Route } from './state/navigation';
import { useRestorePlace } from './state/place';
import { useTheme } from './theme';

function Screen({ route }: { route: Route }) {
  switch (route.name) {
    case 'search':
      return <SearchScreen />;
    case 'profile':
      return <ProfileScreen />;
    case 'post':
      return <PostScreen />;
    case 'hashtag':
      return <HashtagScreen />;
    case 'location':
      return <LocationScreen />;
    case 'music':
      return <MusicScreen />;
    case 'stories':
    case 'highlight':
      return <StoryViewerScreen />;
    case 'library':
      return <LibraryScreen />;
    case 'downloads':
      return <DownloadsScreen />;
    case 'log':
      return <RequestLogScreen />;
    case 'explorer':
      return <ExplorerScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'studies':
      return <StudiesScreen />;
    case 'study':
      return <StudyScreen />;
  }
}

function Body() {
  const route = useRoute();
  const entry = useEntryId();
  // One field at a time: the whole store changes after every paid call (the balance), and this renders every screen.
  const ready = useAppState((s) => s.ready);
  const loadError = useAppState((s) => s.loadError);
  const keyPresent = useAppState((s) => s.key?.present ?? false);
  const onboarded = useAppState((s) => s.settings?.onboarded ?? false);
  useTheme();
  useRestorePlace(entry);
  if (loadError) {
    return (
      <div className="state" role="alert">
        <div className="state-icon">⚠</div>
        <div>{loadError}</div>
      </div>
    );
  }
  if (!ready) {
    return (
      <div className="state">
        <div className="spinner" aria-label="Loading" />
      </div>
    );
  }
  if (!keyPresent && !onboarded) return <OnboardingScreen />;
  return (
    <Shell>
      {/* Each history entry mounts its own screen; back and forward give it its place again (state/place.ts). */}
      <Screen key={entry} route={route} />
    </Shell>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const load = useAppState((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  // A new session (mode, service address or key): the answers of the previous one are dropped.
  const session = useSessionId();
  const previous = useRef(session);
  useEffect(() => {
    if (previous.current === session) return;
    previous.current = session;
    queryClient.removeQueries({ queryKey: ['endpoint'] });
    queryClient.removeQueries({ queryKey: ['list'] });
  }, [session, queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <div data-testid="app-root" style={{ height: '100%' }}>
        <Body />
        <SelectionTray />
        <ExportDialog />
      </div>
    </QueryClientProvider>
  );
}
