// What an account's profile lets a run skip. Production's profile answer (/v2/user/by/id) carries the
// time of the newest live story (`latest_reel_media`, 0 when there is none), whether the account has
// highlights (`has_highlight_reels`) and its post count (`media_count`); it says nothing of when a
// highlight changed, nor which posts are new. Where an answer does not carry a field, the read it would
// spare happens as before. docs/studies.md ("Incremental reads") and docs/decisions/quiet-runs.md say why.
import type { CollectList } from '../../shared/ipc/studies';
import type { Profile } from '../../shared/records';
import type { ListStates } from './tasks';

const own = (targetId: number, list: 'profile' | 'stories' | 'highlights' | 'reels') => ({ targetId, list, contextId: '' });

/** A field of the profile's raw answer, when it is there. */
function rawField(profile: Profile, key: string): unknown {
  const raw = profile.raw;
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>)[key] : undefined;
}

/** Stories are read when the profile says the newest is newer than the study's (or does not say). */
export function storiesDue(profile: Profile | null, states: ListStates, targetId: number): boolean {
  const latest = profile?.latestReelMedia;
  if (latest === undefined || latest === null) return true;
  if (latest === 0) return false;
  const state = states.get(own(targetId, 'stories'));
  return state?.count === null || state?.count === undefined || latest > state.count;
}

/** The newest story (epoch seconds) the study knows of: the newest one read, or one a profile announced. */
function newestKnown(states: ListStates, targetId: number): number {
  return Math.max(states.get(own(targetId, 'stories'))?.count ?? 0, states.get(own(targetId, 'profile'))?.count ?? 0);
}

/**
 * What the profile's list state remembers after this profile: the newest story it announced (kept when
 * the story expired, for a run that reads the tray later).
 */
export function rememberNewestStory(profile: Profile, states: ListStates, targetId: number): void {
  const latest = profile.latestReelMedia;
  if (typeof latest !== 'number' || latest <= 0) return;
  const was = states.get(own(targetId, 'profile'))?.count ?? 0;
  if (latest > was) states.set(own(targetId, 'profile'), { count: latest });
}

/**
 * What the tray's list state remembers once it was read: the newest story known then (null for an empty
 * tray). Times are the service's own, never this computer's clock, so a clock that is off misses nothing.
 */
export function trayReadAt(states: ListStates, targetId: number, highlights: number): number | null {
  return highlights === 0 ? null : newestKnown(states, targetId);
}

/**
 * The highlights tray (2 requests) is read when the profile says highlights may have changed. Highlights
 * are kept stories: a highlight is new or grows when the account keeps a story, so the tray is read
 * when the account posted a story newer than the newest known when the tray was last read (the
 * profile's, one the study read, or one an earlier profile announced), or shows highlights where the
 * tray held none. Not read when the profile says there are none; read as before when the profile does
 * not carry what decides it, or the tray was never read to its end.
 */
export function highlightsDue(profile: Profile | null, states: ListStates, targetId: number): boolean {
  if (profile === null) return true;
  const has = rawField(profile, 'has_highlight_reels');
  if (has === false) return false;
  const tray = states.get(own(targetId, 'highlights'));
  if (!tray || tray.lastReadAt === null || !tray.complete || typeof has !== 'boolean' || tray.count === null) return true;
  const latest = profile.latestReelMedia;
  if (latest === undefined || latest === null) return true;
  return Math.max(latest, newestKnown(states, targetId)) > tray.count;
}

/**
 * The first page of reels (1 request) is read when the post count changed since the reels were last read
 * to what they held before, or when the grid is not read in this run. A new reel is in the grid too
 * (read every run) and moves the count unless a deletion offsets it; a reel missed so is read with
 * the next one, since a reels read goes on until the first reel the list held before.
 */
export function reelsHeadDue(profile: Profile | null, states: ListStates, targetId: number, lists: ReadonlySet<CollectList>): boolean {
  const media = profile?.counts.media;
  if (!lists.has('posts') || media === null || media === undefined) return true;
  const reels = states.get(own(targetId, 'reels'));
  return reels?.count === null || reels?.count === undefined || reels.count !== media;
}
