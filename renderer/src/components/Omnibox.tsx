// Whatever a researcher pastes: profile, post, reel, story, highlight and share links, @handle, #hashtag,
// numeric ids, or plain words to search. Input that is none of these is explained inline and spends nothing.
import { useMutation } from '@tanstack/react-query';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { parseTarget, type Target } from '../../../shared/links';
import { callEndpoint } from '../api/call';
import { appErrorOf } from '../api/bridge';
import { navigate as go, useEntryId, useNavigation, type Route } from '../state/navigation';

/** The route a target opens, or null when it first needs the service (share links) or a choice (digits). */
export function routeForTarget(target: Target): Route | null {
  switch (target.kind) {
    case 'profile':
      return target.tab ? { name: 'profile', username: target.username, tab: target.tab } : { name: 'profile', username: target.username };
    case 'post':
      return { name: 'post', code: target.code };
    case 'story':
      return { name: 'stories', username: target.username, storyPk: target.storyPk };
    case 'highlight':
      return { name: 'highlight', highlightPk: target.highlightPk };
    case 'hashtag':
      return { name: 'hashtag', tag: target.name };
    case 'location':
      return { name: 'location', id: target.pk };
    case 'audio':
      return { name: 'music', id: target.id };
    case 'search':
      return { name: 'search', query: target.query };
    case 'share':
    case 'shared':
    case 'numeric':
      return null;
  }
}

/** The route of what a share answer (`{pk, type}`) names: a highlight, a story, else a post. */
function sharedRoute(data: { pk?: unknown; type?: unknown } | null): Route {
  const pk = data && (typeof data.pk === 'string' || typeof data.pk === 'number') ? String(data.pk) : null;
  const type = data && typeof data.type === 'string' ? data.type : null;
  if (!pk || !type) throw new Error('The service could not resolve this share link.');
  if (type === 'highlight') return { name: 'highlight', highlightPk: pk };
  if (type === 'story') return { name: 'stories', storyPk: pk };
  return { name: 'post', pk };
}

/** Resolves a /s/ share link through the service (`/v1/share/by/url`): the route of what it names. */
type ShareTarget = Extract<Target, { kind: 'share' | 'shared' }>;

async function resolveShare(code: string): Promise<Route> {
  const value = await callEndpoint('/v1/share/by/url', { url: `https://www.instagram.com/s/${code}` });
  return sharedRoute(value.data as { pk?: unknown; type?: unknown } | null);
}

/**
 * Resolves a `/share/reel/<token>/` link (`/v1/share/reel/by/url` answers the reel's pk) or a
 * `/share/<token>/` link (`/v1/share/by/code` answers `{pk, type}`): the route of what it names.
 */
async function resolveSharedLink(target: { token: string; reel: boolean; url: string }): Promise<Route> {
  if (target.reel) {
    const value = await callEndpoint('/v1/share/reel/by/url', { url: target.url });
    const pk = typeof value.data === 'string' || typeof value.data === 'number' ? String(value.data) : null;
    if (!pk || !/^\d+$/.test(pk)) throw new Error('The service could not resolve this share link.');
    return { name: 'post', pk };
  }
  const value = await callEndpoint('/v1/share/by/code', { code: target.token });
  return sharedRoute(value.data as { pk?: unknown; type?: unknown } | null);
}

const currentEntry = () => {
  const s = useNavigation.getState();
  return s.ids[s.index] ?? 0;
};

export const Omnibox = forwardRef<HTMLInputElement>(function Omnibox(_props, ref) {
  const [text, setText] = useState('');
  const [hint, setHint] = useState<{ text: string; invalid: boolean } | null>(null);
  const [digits, setDigits] = useState<string | null>(null);
  // A share link resolving (a paid call) is a mutation; its answer is dropped when it comes after another
  // open (counted) or after the page changed.
  const resolving = useMutation({ mutationFn: (target: ShareTarget) => (target.kind === 'share' ? resolveShare(target.code) : resolveSharedLink(target)) });
  const busy = resolving.isPending;
  const opens = useRef(0);
  // The page the text was typed on, or opened: leaving it (back, a link, the sidebar) clears the bar.
  const typedFor = useRef<number | null>(null);
  const entry = useEntryId();
  useEffect(() => {
    if (typedFor.current === null || typedFor.current === entry) return;
    typedFor.current = null;
    setText('');
    setHint(null);
    setDigits(null);
  }, [entry]);
  const navigate = (route: Route) => {
    go(route);
    typedFor.current = currentEntry();
  };

  function open(): void {
    const input = text.trim();
    if (!input) return;
    const attempt = ++opens.current;
    resolving.reset(); // an earlier share link still resolving no longer counts
    const target = parseTarget(input);
    setDigits(null);
    if (target.kind === 'invalid') {
      setHint({ text: target.reason, invalid: true });
      return;
    }
    if (target.kind === 'numeric') {
      setDigits(target.digits);
      setHint(null);
      return;
    }
    setHint(null);
    const route = routeForTarget(target);
    if (route) {
      navigate(route);
      return;
    }
    if (target.kind === 'share' || target.kind === 'shared') {
      const from = currentEntry();
      // Still the latest open, on the page it was asked from: else the researcher has moved on meanwhile
      // (opened something else, went back), and a late answer must not take them away from it.
      const current = () => attempt === opens.current && currentEntry() === from;
      resolving.mutateAsync(target).then(
        (resolved) => void (current() && navigate(resolved)),
        (error: unknown) => void (current() && setHint({ text: appErrorOf(error).message, invalid: true })),
      );
    }
  }

  return (
    <div className="omnibox">
      <span className="omnibox-icon" aria-hidden>
        ⌕
      </span>
      <input
        ref={ref}
        type="text"
        aria-label="Open a link, @handle, #hashtag or search"
        placeholder="Paste a link, @handle or #hashtag, or search…"
        title="Press / to come here from anywhere"
        value={text}
        spellCheck={false}
        onChange={(e) => {
          typedFor.current = currentEntry();
          setText(e.target.value);
          setHint(null);
          setDigits(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') open();
          if (e.key === 'Escape') {
            setHint(null);
            setDigits(null);
            (e.target as HTMLInputElement).blur();
          }
        }}
      />
      {!text && (
        <kbd className="omnibox-kbd" aria-hidden>
          /
        </kbd>
      )}
      {busy && (
        <div className="omnibox-hint" data-testid="omnibox-busy">
          Resolving the share link…
        </div>
      )}
      {hint && (
        <div className={`omnibox-hint ${hint.invalid ? 'invalid' : ''}`} role="status" data-testid="omnibox-hint">
          {hint.text}
        </div>
      )}
      {digits && (
        <div className="omnibox-hint row" data-testid="omnibox-numeric">
          <span>{digits} is…</span>
          <button className="btn small" onClick={() => { setDigits(null); navigate({ name: 'profile', userId: digits }); }}>
            a user id
          </button>
          <button className="btn small" onClick={() => { setDigits(null); navigate({ name: 'post', pk: digits }); }}>
            a media id
          </button>
          {digits.length <= 17 && (
            <button className="btn small" onClick={() => { setDigits(null); navigate({ name: 'location', id: digits }); }}>
              a place id
            </button>
          )}
        </div>
      )}
    </div>
  );
});
