// `app-media:` URLs: how the renderer names a remote media file so that main fetches it (the renderer
// loads nothing remote). Pure, so the renderer builds the same URLs without a round trip through IPC.
//   https://scontent-x.cdninstagram.com/v/a.jpg?oe=1  <->  app-media://media/?u=https%3A%2F%2Fscontent-x...
// Which remote hosts main actually serves is decided in main (electron/protocols/media-protocol.ts), not here.

export const MEDIA_SCHEME = 'app-media';
export const MEDIA_HOST = 'media';
const PREFIX = `${MEDIA_SCHEME}://${MEDIA_HOST}/?u=`;

/** The `app-media:` URL for a remote media URL. An `app-media:` URL is returned unchanged. */
export function toMediaUrl(remote: string): string {
  if (remote.startsWith(`${MEDIA_SCHEME}:`)) return remote;
  return PREFIX + encodeURIComponent(remote);
}

// "..", "%2e%2e", ".%2e" ... as a whole path segment, and backslashes (some servers read them as "/").
const DOT_SEGMENT = /(^|\/)(\.|%2e){2}(\/|$)/i;

/**
 * The remote URL an `app-media:` URL stands for, or null when it is not exactly of the form above or the
 * remote is not a plain http(s) URL. Dot segments and backslashes are refused rather than normalised:
 * no real media URL has them, so one that does is an attempt to reach something else.
 */
export function fromMediaUrl(appUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${MEDIA_SCHEME}:` || url.host.toLowerCase() !== MEDIA_HOST || (url.pathname !== '/' && url.pathname !== '')) return null;
  if (url.username !== '' || url.password !== '' || url.hash !== '') return null;
  // The raw text too: the URL parser has already removed "/../" from what `pathname` shows.
  const rawPath = appUrl.slice(`${MEDIA_SCHEME}://`.length).split('?')[0] ?? '';
  if (rawPath.toLowerCase() !== `${MEDIA_HOST}/` && rawPath.toLowerCase() !== MEDIA_HOST) return null;
  const values = url.searchParams.getAll('u');
  if (values.length !== 1 || [...url.searchParams.keys()].length !== 1) return null;
  const remoteText = values[0] ?? '';
  if (remoteText.includes('\\')) return null;

  let remote: URL;
  try {
    remote = new URL(remoteText);
  } catch {
    return null;
  }
  if (remote.protocol !== 'https:' && remote.protocol !== 'http:') return null;
  if (remote.username !== '' || remote.password !== '' || remote.hostname === '') return null;
  // Check the path as written (before the parser folded dot segments away).
  const afterHost = remoteText.slice(remoteText.indexOf('//') + 2);
  const slash = afterHost.indexOf('/');
  const writtenPath = slash < 0 ? '' : (afterHost.slice(slash).split(/[?#]/)[0] ?? '');
  if (DOT_SEGMENT.test(writtenPath)) return null;
  remote.hash = '';
  return remote.href;
}
