// The profile's header: who the account is, its counts, biography, links and public contacts, and
// "About this account" fetched only when asked (it costs a request).
import { useState } from 'react';
import type { About, Profile } from '../../../../shared/records';
import { profileUrl } from '../../../../shared/links';
import { compactNumber, VerifiedMark } from '../../components/Cards';
import { ErrorView } from '../../components/ErrorView';
import { ExternalLink, openExternal } from '../../components/ExternalLink';
import { Avatar } from '../../components/Media';
import { RichText } from '../../components/RichText';
import { useEndpoint } from '../../hooks/useEndpoint';
import { useAppState } from '../../state/app';
import type { ProfileTab } from '../../state/navigation';
import { categoryLine, contactLines, exactCount } from './format';
import { Icon } from '../../components/Icon';
import { aboutCall } from './plan';
import { AddToStudyButton } from '../studies/AddToStudy';

const CONTACT_ICONS = { email: 'mail', phone: 'phone', address: 'pin' } as const;

function Count({ n, label, testId, onOpen }: { n: number | null; label: string; testId: string; onOpen: () => void }) {
  if (n === null) return null;
  return (
    <button className="profile-count" onClick={onOpen} title={`${exactCount(n)} ${label}`} data-testid={testId} data-count={n}>
      <strong>{compactNumber(n)}</strong> <span className="muted">{label}</span>
    </button>
  );
}

function AboutAccount({ profile }: { profile: Profile }) {
  const call = aboutCall(profile);
  const [asked, setAsked] = useState(false);
  const query = useEndpoint(call.path, call.params, { enabled: asked });
  if (!query.data && !query.isError && !asked) {
    return (
      <button className="btn small" onClick={() => setAsked(true)} data-testid="about-open" title="Country, creation date and former usernames. Spends 1 request.">
        <Icon name="info" /> About this account <span className="faint">· 1 request</span>
      </button>
    );
  }
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} compact />;
  const about = query.data?.records && !Array.isArray(query.data.records) && query.data.records.kind === 'about' ? (query.data.records as About) : null;
  if (!about) {
    return (
      <div className="row muted" aria-live="polite">
        <span className="spinner" aria-hidden /> Loading “About this account”…
      </div>
    );
  }
  return (
    <section className="about-card" aria-label="About this account" data-testid="about">
      <h3>About this account</h3>
      <dl>
        <dt>Country</dt>
        <dd data-testid="about-country">{about.country ?? '—'}</dd>
        <dt>Joined</dt>
        <dd data-testid="about-joined">{about.joined ?? '—'}</dd>
        <dt>Former usernames</dt>
        <dd data-testid="about-former">{about.formerUsernames.length > 0 ? about.formerUsernames.map((u) => `@${u}`).join(', ') : 'None'}</dd>
      </dl>
    </section>
  );
}

export function ProfileHeader({ profile, onTab, refresh }: { profile: Profile; onTab: (tab: ProfileTab) => void; refresh: { run(): void; busy: boolean; error: unknown } }) {
  const category = categoryLine(profile);
  const contacts = contactLines(profile);
  const simulated = useAppState((s) => s.mode?.session.simulated ?? false);
  const links = profile.bioLinks.length > 0 ? profile.bioLinks : profile.externalUrl ? [profile.externalUrl] : [];
  return (
    <header className="profile-header" data-testid="profile-header">
      <div className="profile-avatar">
        <Avatar url={profile.avatarUrl} name={profile.username} size={116} />
      </div>
      <div className="profile-main">
        <div className="profile-title">
          <h1 data-testid="profile-username">{profile.username ?? profile.id}</h1>
          <VerifiedMark user={profile} />
          {profile.isPrivate && (
            <span className="badge private-badge" title="Private account: only its approved followers see its posts" data-testid="private-mark">
              <Icon name="lock" size={12} /> Private
            </span>
          )}
          <span className="spacer" />
          {profile.username && !simulated && (
            <button className="btn small ghost" onClick={() => openExternal(profileUrl(profile.username ?? ''))} title="Open this profile on the web, in the browser">
              ↗ Open on web
            </button>
          )}
          {profile.username && simulated && (
            <span className="badge" title="Demo mode: this account was invented by the simulator; it is not on the platform" data-testid="simulated-account">
              Simulated account
            </span>
          )}
          <AddToStudyButton entry={profile.username ? `@${profile.username}` : `user:${profile.id}`} kind="account" label={profile.username ? `@${profile.username}` : `account ${profile.id}`} />
          <button className="btn small" onClick={refresh.run} disabled={refresh.busy} title="Fetch this profile again from the service. Spends 1 request." data-testid="profile-refresh">
            {refresh.busy ? <span className="spinner small" aria-hidden /> : '↻'} Refresh
          </button>
        </div>
        {(profile.fullName || category) && (
          <div className="profile-names">
            {profile.fullName && <span data-testid="profile-fullname">{profile.fullName}</span>}
            {category && (
              <span className="muted" data-testid="profile-category">
                {category}
              </span>
            )}
          </div>
        )}
        <div className="profile-counts">
          <Count n={profile.counts.media} label="posts" testId="count-posts" onOpen={() => onTab('posts')} />
          <Count n={profile.counts.followers} label="followers" testId="count-followers" onOpen={() => onTab('followers')} />
          <Count n={profile.counts.following} label="following" testId="count-following" onOpen={() => onTab('following')} />
        </div>
        {profile.biography && (
          <div className="profile-bio" data-testid="profile-bio">
            <RichText text={profile.biography} />
          </div>
        )}
        {links.length > 0 && (
          <div className="profile-links">
            {links.map((url) => (
              <span key={url} className="profile-link">
                <Icon name="link" /> <ExternalLink href={url} title={`${url}: opened in the browser only if Feedlens allows it`}>{url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')}</ExternalLink>
              </span>
            ))}
          </div>
        )}
        {contacts.length > 0 && (
          <ul className="profile-contacts" aria-label="Public business contacts" data-testid="profile-contacts">
            {contacts.map((c) => (
              <li key={c.kind} title={c.label} data-kind={c.kind}>
                <Icon name={CONTACT_ICONS[c.kind]} size={13} />
                <span className="sr-only">{c.label}: </span>
                <span className="selectable">{c.text}</span>
              </li>
            ))}
          </ul>
        )}
        {refresh.error !== null && <ErrorView error={refresh.error} compact />}
        <div className="profile-about">
          <AboutAccount profile={profile} />
        </div>
      </div>
    </header>
  );
}

/** The header's shape while the profile loads, so the page does not jump when it arrives. */
export function ProfileHeaderSkeleton() {
  return (
    <div className="profile-header skeleton" aria-busy="true" aria-label="Loading the profile">
      <div className="profile-avatar">
        <span className="skeleton-block round" style={{ width: 116, height: 116 }} />
      </div>
      <div className="profile-main">
        <span className="skeleton-block" style={{ width: 220, height: 22 }} />
        <span className="skeleton-block" style={{ width: 160, height: 14 }} />
        <span className="skeleton-block" style={{ width: 300, height: 14 }} />
        <span className="skeleton-block" style={{ width: 360, height: 14 }} />
      </div>
    </div>
  );
}
