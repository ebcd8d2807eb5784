// A music page (route { name: 'music', id }): `id` is the track's canonical id (audio_cluster_id, the
// id of /reels/audio/<id>/ links). `/v2/track/by/canonical/id` pages the reels that use the track and
// carries the track itself in its first answer (metadata.music_info.music_asset_info), so the details
// cost no extra request. The preview plays through app-media:.
import { trackFromV2 } from '../../../shared/api/normalize';
import type { Track } from '../../../shared/records';
import { MediaImage } from '../components/Media';
import { useEndpointList } from '../hooks/useEndpointList';
import { mediaSrc } from '../state/app';
import { useRoute } from '../state/navigation';
import { LookupError } from './places/Missing';
import { OpenLink } from './places/OpenLink';
import { PostGrid } from './places/PostGrid';
import { formatDuration } from './post/format';
import { Icon } from '../components/Icon';
import '../styles/places.css';
import { AddToStudyButton } from './studies/AddToStudy';
import { plural } from '../format';

const REELS = '/v2/track/by/canonical/id';

/** `response.media_count` of the answer, when the service gives it: a number, or production's `{clips_count, photos_count}`. */
function reelCountIn(raw: unknown): number | null {
  const response = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).response : undefined;
  const count = typeof response === 'object' && response !== null ? (response as Record<string, unknown>).media_count : undefined;
  if (typeof count === 'number') return count;
  const clips = typeof count === 'object' && count !== null ? (count as Record<string, unknown>).clips_count : undefined;
  return typeof clips === 'number' ? clips : null;
}

function TrackHeader({ track, reels, id }: { track: Track | null; reels: number | null; id: string }) {
  const audio = mediaSrc(track?.audioUrl);
  return (
    <header className="feed-header track-header" data-testid="track-header">
      <div className="feed-avatar cover">
        {track?.coverUrl ? <MediaImage url={track.coverUrl} alt={`Cover of ${track.title ?? 'the track'}`} eager /> : <Icon name="music" size={48} className="feed-avatar-glyph" />}
      </div>
      <div className="feed-title">
        <div className="faint eyebrow">Audio</div>
        <h1>
          <span dir="auto" data-testid="track-title">
            {track?.title ?? 'Unknown track'}
          </span>
          {track?.isExplicit && (
            <span className="explicit" title="Explicit" aria-label="Explicit">
              E
            </span>
          )}
        </h1>
        <div className="muted track-line">
          <span data-testid="track-artist" dir="auto">
            {track?.artist ?? 'Unknown artist'}
          </span>
          {track?.durationMs ? <span data-testid="track-duration"> · {formatDuration(track.durationMs / 1000)}</span> : null}
          {reels !== null && <span data-testid="track-reels-count"> · {reels.toLocaleString()} {plural(reels, 'reel', 'reels')}</span>}
        </div>
        {audio ? (
          <audio className="track-audio" src={audio} controls preload="metadata" aria-label={`Preview of ${track?.title ?? 'the track'}`} data-testid="track-audio" />
        ) : (
          <div className="faint">No preview available.</div>
        )}
        <div className="feed-links">
          <OpenLink href={`https://www.instagram.com/reels/audio/${encodeURIComponent(id)}/`}>Open on the web ↗</OpenLink>
        </div>
        <div className="sel-header-actions">
          <AddToStudyButton entry={`music:${id}${track?.title ? ` ${track.title}` : ''}`} kind="music" label={track?.title ?? `sound ${id}`} />
        </div>
      </div>
    </header>
  );
}

function MusicPage({ id }: { id: string }) {
  const params = { canonical_id: id };
  // The same query the grid below uses (same key): one request serves the header and the first grid page.
  const list = useEndpointList(REELS, params);
  const first = list.data?.pages[0]?.raw;
  if (list.isError && !first) {
    return (
      <div className="page">
        <LookupError
          error={list.error}
          icon="music"
          title="The service knows no audio with this id"
          hint="Audio ids are the digits in /reels/audio/<id>/ links. Check the link it came from."
          onRetry={() => void list.refetch()}
        />
      </div>
    );
  }
  const track = first === undefined ? null : trackFromV2(first, { family: 'v2', path: REELS });
  return (
    <div className="page feed-page">
      {first === undefined ? (
        <header className="feed-header" aria-busy="true">
          <div className="feed-avatar cover skeleton-box" />
          <div className="spinner" aria-label="Loading the track" />
        </header>
      ) : (
        <TrackHeader track={track} reels={reelCountIn(first)} id={id} />
      )}
      <h2 className="section-title">Reels using this audio</h2>
      <PostGrid path={REELS} params={params} label="Reels using this audio" empty="No public reels use this audio." what="Reels using a track" testId="track-reels" name={{ target: `audio-${id}`, list: 'reels' }} />
    </div>
  );
}

export function MusicScreen() {
  const route = useRoute();
  if (route.name !== 'music') return null;
  return <MusicPage id={route.id} />;
}
