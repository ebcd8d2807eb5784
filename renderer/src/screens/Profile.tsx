// A profile: header (who, counts, biography, contacts, About on request) and tabs for posts, reels,
// tagged posts, highlights, stories, followers and following. Only the open tab calls the service.
import { useMutation } from '@tanstack/react-query';
import type { Profile } from '../../../shared/records';
import { ErrorView } from '../components/ErrorView';
import { Tabs, type TabSpec } from '../components/Tabs';
import { useEndpoint } from '../hooks/useEndpoint';
import { useNavigation, useRoute, type ProfileTab, type Route } from '../state/navigation';
import { ProfileHeader, ProfileHeaderSkeleton } from './profile/Header';
import { QuietState } from './profile/lists';
import { ProfilePanel } from './profile/panels';
import { isProfileTab, PROFILE_TABS, profileCall, tabCall, type Call } from './profile/plan';
import '../styles/profile.css';

type ProfileRoute = Extract<Route, { name: 'profile' }>;

/** Runs an explicit refresh as a mutation, keeping its progress and error for the button that started it. */
function useRefresh(refresh: () => Promise<void>) {
  const mutation = useMutation({ mutationFn: refresh });
  return { run: () => mutation.mutate(), busy: mutation.isPending, error: mutation.error };
}

function ProfilePage({ route, call }: { route: ProfileRoute; call: Call }) {
  const replace = useNavigation((s) => s.replace);
  const query = useEndpoint(call.path, call.params);
  const refresh = useRefresh(query.refresh);
  const tab: ProfileTab = isProfileTab(route.tab) ? route.tab : 'posts';
  const records = query.data?.records;
  const profile = records && !Array.isArray(records) && records.kind === 'profile' ? (records as Profile) : null;

  if (query.isPending) {
    return (
      <div className="page profile-page">
        <ProfileHeaderSkeleton />
      </div>
    );
  }
  if (query.isError || !profile) {
    return (
      <div className="page profile-page">
        {query.isError ? (
          <ErrorView error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <QuietState icon="?" title="No profile in the answer">
            The service answered without a profile for {call.params.username ? `@${call.params.username}` : `account ${call.params.id}`}.
          </QuietState>
        )}
      </div>
    );
  }

  const open = (next: ProfileTab) => replace({ ...route, tab: next });
  const tabs: TabSpec<ProfileTab>[] = PROFILE_TABS.map((t) => {
    const spec: TabSpec<ProfileTab> = { key: t.key, label: t.label, call: tabCall(t.key, profile) };
    if (t.count) spec.count = profile.counts[t.count];
    return spec;
  });
  const label = PROFILE_TABS.find((t) => t.key === tab)?.label ?? tab;
  return (
    <div className="page profile-page" data-testid="profile" data-user-id={profile.id}>
      <ProfileHeader profile={profile} onTab={open} refresh={refresh} />
      <Tabs tabs={tabs} active={tab} onChange={open} label={`Content of ${profile.username ? `@${profile.username}` : 'this account'}`} />
      <section className="profile-panel" role="tabpanel" aria-label={label} data-testid="profile-panel" data-tab={tab}>
        {/* Keyed by tab and account: each tab's panel mounts (and fetches) only when opened. */}
        <ProfilePanel key={`${profile.id}:${tab}`} profile={profile} tab={tab} />
      </section>
    </div>
  );
}

export function ProfileScreen() {
  const route = useRoute();
  if (route.name !== 'profile') return null;
  const call = profileCall(route);
  if (!call) {
    return (
      <div className="page">
        <QuietState icon="?" title="Which account?">
          Open a profile from search, a link or an @handle in the bar above.
        </QuietState>
      </div>
    );
  }
  return <ProfilePage route={route} call={call} />;
}
