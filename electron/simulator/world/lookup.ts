// Finding world entities from what callers send: ids, usernames, codes and platform links.
import { decodeShareCode, shortcodeToPk } from './ids';
import type { WorldHighlight, WorldMedia, WorldStory, WorldUser } from './model';
import type { World } from './world';

export function userById(world: World, id: string): WorldUser | undefined {
  return world.userByPk.get(id.trim());
}

export function userByUsername(world: World, username: string): WorldUser | undefined {
  return world.userByName.get(username.trim().replace(/^@/, '').toLowerCase());
}

/** Path segments of a platform link (empty for anything that is not a URL). */
function segments(url: string): string[] {
  try {
    return new URL(url.trim()).pathname.split('/').filter((s) => s !== '');
  } catch {
    return [];
  }
}

/** `https://www.instagram.com/<username>/`. */
export function userByUrl(world: World, url: string): WorldUser | undefined {
  const first = segments(url)[0];
  return first ? userByUsername(world, first) : undefined;
}

/** A post by pk, `<pk>_<owner pk>` id, or shortcode. Carousel children and stories are not posts. */
export function mediaById(world: World, id: string): WorldMedia | undefined {
  const pk = id.trim().split('_')[0] ?? '';
  return /^\d+$/.test(pk) ? world.mediaByPk.get(pk) : undefined;
}

export function mediaByCode(world: World, code: string): WorldMedia | undefined {
  const trimmed = code.trim();
  const direct = world.mediaByCode.get(trimmed);
  if (direct) return direct;
  // Codes longer than 11 characters decode from their first 11 only (service-facts.md).
  const pk = shortcodeToPk(trimmed);
  return pk ? world.mediaByPk.get(pk) : undefined;
}

/**
 * A post from its link: the last non-empty path segment is the code (`/p/CODE/`, `/reel/CODE/`,
 * `/tv/CODE/`, query strings ignored); `/share/reel/<token>/` links resolve through their token.
 */
export function mediaByUrl(world: World, url: string): WorldMedia | undefined {
  const parts = segments(url);
  if (parts[0] === 'share' && parts[1] === 'reel' && parts[2]) return world.mediaByShareToken.get(parts[2]);
  const last = parts[parts.length - 1];
  return last ? mediaByCode(world, last) : undefined;
}

export function storyById(world: World, id: string): WorldStory | undefined {
  const pk = id.trim().split('_')[0] ?? '';
  return world.storyByPk.get(pk);
}

/** `https://www.instagram.com/stories/<username>/<story pk>/`. */
export function storyByUrl(world: World, url: string): WorldStory | undefined {
  const parts = segments(url);
  if (parts[0] !== 'stories' || !parts[2]) return undefined;
  const story = storyById(world, parts[2]);
  const owner = parts[1] ? userByUsername(world, parts[1]) : undefined;
  return story && owner && story.ownerPk === owner.pk ? story : undefined;
}

export function highlightById(world: World, id: string): WorldHighlight | undefined {
  return world.highlightByPk.get(id.trim().replace(/^highlight:/, ''));
}

/** `https://www.instagram.com/stories/highlights/<highlight pk>/`. */
export function highlightByUrl(world: World, url: string): WorldHighlight | undefined {
  const parts = segments(url);
  return parts[0] === 'stories' && parts[1] === 'highlights' && parts[2] ? highlightById(world, parts[2]) : undefined;
}

/** A media file URL the simulator handed out (`/media/img/<id>.png`, `/media/vid/<asset>/<id>.mp4`): the id. */
export function mediaFileId(url: string): string | null {
  let path: string;
  try {
    path = new URL(url.trim()).pathname;
  } catch {
    return null;
  }
  const m = /^\/media\/(?:img|vid\/[a-z]+)\/([^/]+)\.(?:png|jpg|mp4)$/.exec(path);
  // A reposted picture is `<own pk>~<original pk>~<variant>` (world/planted.ts).
  return m && m[1] ? (decodeURIComponent(m[1]).split('~')[0] ?? null) : null;
}

/**
 * What a share code points to: a story or a highlight of the world (`/s/<code>`: base64 of
 * `<type>:<pk>`), or a reel (the token of its `/share/<token>/` and `/share/reel/<token>/` links).
 */
export function shareTarget(world: World, code: string): { type: 'story' | 'highlight' | 'media'; pk: string } | null {
  const shared = world.mediaByShareToken.get(code.trim());
  if (shared) return { type: 'media', pk: shared.pk };
  const decoded = decodeShareCode(code.trim());
  if (!decoded) return null;
  if (decoded.type === 'highlight' && world.highlightByPk.has(decoded.pk)) return { type: 'highlight', pk: decoded.pk };
  if (decoded.type === 'story' && world.storyByPk.has(decoded.pk)) return { type: 'story', pk: decoded.pk };
  return null;
}
