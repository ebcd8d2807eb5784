// A place page (route { name: 'location', id, tab? }): details from `/v1/location/by/id` (address,
// category, phone, website, hours, coordinates with an OpenStreetMap link) and its Recent and Top posts
// as infinite grids.
import type { ReactNode } from 'react';
import type { Location } from '../../../shared/records';
import { Tabs } from '../components/Tabs';
import { useEndpoint } from '../hooks/useEndpoint';
import { useNavigation, useRoute } from '../state/navigation';
import { Icon } from '../components/Icon';
import { CollectButton } from '../components/JobDialog';
import type { JobDraft } from '../components/jobPlan';
import { AddToStudyButton } from './studies/AddToStudy';
import { LookupError } from './places/Missing';
import { OpenLink } from './places/OpenLink';
import { PostGrid } from './places/PostGrid';
import { addressLine, formatCoordinates, osmUrl } from './places/format';
import '../styles/places.css';

type PlaceTab = 'recent' | 'top';

const FEEDS: Record<PlaceTab, { label: string; path: string; empty: string }> = {
  recent: { label: 'Recent', path: '/v1/location/medias/recent/chunk', empty: 'No recent posts at this place.' },
  top: { label: 'Top', path: '/v1/location/medias/top/chunk', empty: 'No top posts at this place.' },
};

/** "Mon: 08:00 - 18:00" -> ["Mon", "08:00 - 18:00"]. */
function splitDay(line: string): [string, string] {
  const at = line.indexOf(': ');
  return at < 0 ? ['', line] : [line.slice(0, at), line.slice(at + 2)];
}

function Hours({ place }: { place: Location }) {
  const hours = place.hours;
  if (!hours) return null;
  return (
    <section className="place-hours" aria-labelledby="place-hours-title" data-testid="place-hours">
      <h3 id="place-hours-title">Opening hours</h3>
      <div className="row" style={{ gap: 6 }}>
        {hours.isOpen !== null && <span className={`badge ${hours.isOpen ? 'ok' : ''}`}>{hours.status ?? (hours.isOpen ? 'Open now' : 'Closed now')}</span>}
        {hours.today && <span className="muted">Today {hours.today}</span>}
      </div>
      {hours.schedule.length > 0 && (
        <table className="hours">
          <tbody>
            {hours.schedule.map((line) => {
              const [day, time] = splitDay(line);
              return (
                <tr key={line} data-testid="place-hours-line">
                  <th scope="row">{day}</th>
                  <td>{time}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function PlaceDetails({ place }: { place: Location }) {
  const address = addressLine(place);
  const hasPoint = place.lat !== null && place.lng !== null;
  return (
    <div className="card place-card">
      <dl className="facts place-facts" data-testid="place-details">
        {address && <Fact label="Address" testId="place-address">{address}</Fact>}
        {place.phone && (
          <Fact label="Phone" testId="place-phone">
            <span className="selectable">{place.phone}</span>
          </Fact>
        )}
        {place.website && (
          <Fact label="Website" testId="place-website">
            <OpenLink href={place.website}>{place.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}</OpenLink>
          </Fact>
        )}
        {hasPoint && (
          <Fact label="Coordinates" testId="place-coordinates">
            <span className="selectable" data-lat={place.lat ?? ''} data-lng={place.lng ?? ''}>
              {formatCoordinates(place.lat as number, place.lng as number)}
            </span>{' '}
            <OpenLink href={osmUrl(place.lat as number, place.lng as number)} testId="place-map-link" title="Open this point on OpenStreetMap in the browser">
              Map ↗
            </OpenLink>
          </Fact>
        )}
        {place.externalId && (
          <Fact label="Places id" testId="place-external-id">
            <span className="mono selectable">{place.externalId}</span>
          </Fact>
        )}
      </dl>
      <Hours place={place} />
    </div>
  );
}

function PlaceHeader({ place, loaded }: { place: Location | null; loaded: boolean }) {
  if (!loaded) {
    return (
      <header className="feed-header" aria-busy="true">
        <div className="feed-avatar glyph skeleton-box">
          <Icon name="pin" size={44} />
        </div>
        <div className="spinner" aria-label="Loading the place" />
      </header>
    );
  }
  return (
    <header className="place-header" data-testid="place-header">
      <div className="feed-header">
        <div className="feed-avatar glyph">
          <Icon name="pin" size={44} />
        </div>
        <div className="feed-title">
          <h1 dir="auto" data-testid="place-name">
            {place?.name ?? 'Unnamed place'}
          </h1>
          <div className="row muted">
            {place?.category && (
              <span className="badge" data-testid="place-category">
                {place.category}
              </span>
            )}
            {place?.city && <span data-testid="place-city">{place.city}</span>}
          </div>
          {place?.id && (
            <div className="sel-header-actions">
              <CollectButton draft={placeDraft(place.id, place.name)}>Collect the latest posts</CollectButton>
              <AddToStudyButton entry={`place:${place.id}${place.name ? ` ${place.name}` : ''}`} kind="place" label={place.name ?? `place ${place.id}`} />
            </div>
          )}
        </div>
      </div>
      {place && <PlaceDetails place={place} />}
    </header>
  );
}

/** The run that collects a place's latest posts. */
function placeDraft(id: string, name: string | null): JobDraft {
  return { kind: 'location', target: id, label: name ?? `place ${id}` };
}

export function LocationScreen() {
  const route = useRoute();
  const replace = useNavigation((s) => s.replace);
  const id = route.name === 'location' ? route.id : '';
  const answer = useEndpoint('/v1/location/by/id', { id }, { enabled: id !== '' });
  if (route.name !== 'location') return null;
  const record = answer.data?.records;
  const place = record && !Array.isArray(record) && record.kind === 'location' ? record : null;
  const tab = route.tab ?? 'recent';
  const feed = FEEDS[tab];
  const params = { location_pk: route.id };
  if (answer.isError) {
    return (
      <div className="page feed-page">
        <LookupError
          error={answer.error}
          icon="pin"
          title={`The service knows no place with id ${route.id}`}
          hint="Place ids are the digits in /explore/locations/<id>/ links. Check the link it came from."
          onRetry={() => void answer.refetch()}
        />
      </div>
    );
  }
  return (
    <div className="page feed-page">
      <PlaceHeader place={place} loaded={!!answer.data} />
      {/* The feeds load once the place is known to exist: an unknown id spends nothing more. */}
      {answer.data && (
        <>
          <Tabs<PlaceTab>
            label="Posts at this place"
            active={tab}
            onChange={(next) => replace({ name: 'location', id: route.id, tab: next })}
            tabs={(Object.keys(FEEDS) as PlaceTab[]).map((key) => ({ key, label: FEEDS[key].label, call: { path: FEEDS[key].path, params } }))}
          />
          <div role="tabpanel" aria-label={feed.label}>
            <PostGrid key={tab} path={feed.path} params={params} label={`${feed.label} posts at this place`} empty={feed.empty} what={`${feed.label} posts at a place`} testId={`place-${tab}`} name={{ target: place?.name ?? route.id, list: tab }} collect={place?.id ? { draft: placeDraft(place.id, place.name), label: 'Collect the latest posts' } : undefined} />
          </div>
        </>
      )}
    </div>
  );
}
