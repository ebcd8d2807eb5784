// The viewer's footer parts: the sticker panel (each sticker of the story on show, with what it says),
// the actions on the story on show ("Save this story", one step) and on the whole tray or highlight
// (select all of it, download all of it, in one action), the
// offer to load all of an account's stories after a single one, and the link to the platform's page.
import { useEffect, useMemo, useState } from 'react';
import type { Highlight, Profile, Story, User } from '../../../../shared/records';
import type { Provenance } from '../../../../shared/ipc';
import { highlightUrl, storyUrl } from '../../../../shared/links';
import { appErrorOf } from '../../api/bridge';
import { ExternalLink } from '../../components/ExternalLink';
import { Icon } from '../../components/Icon';
import { selectedAmong } from '../../components/SelectionCheck';
import { CostBadge } from '../../components/Tabs';
import { useEndpoint } from '../../hooks/useEndpoint';
import { useNavigation } from '../../state/navigation';
import { highlightItem, useSelection, type Selectable } from '../../state/selection';
import { useQueueFiles } from '../downloads/useQueueFiles';
import { stickerDetails } from './stickers';
import { USER_STORIES, type ViewerRoute } from './useStorySource';

export function StickerPanel({ story }: { story: Story }) {
  const details = stickerDetails(story);
  if (details.length === 0) return null;
  return (
    <section className="viewer-stickers" aria-label="Stickers of this story" data-testid="sticker-panel">
      <ul>
        {details.map((d, i) => (
          <li key={`${d.kind}${i}`} className={`viewer-sticker ${d.kind}`} data-testid="sticker-detail" data-kind={d.kind}>
            <span className="viewer-sticker-kind">{d.kind === 'sticker' ? 'Sticker' : d.kind}</span>
            <strong>{d.title}</strong>
            {d.lines.map((line) => (
              <span key={line} className={d.kind === 'link' ? 'mono selectable' : undefined}>
                {line}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Save this story": its media and metadata to the download folder in one step, followed until saved.
 *  Keyed by the story on show, so what it says about one story is not said about the next. */
export function SaveStory({ entry, highlight }: { entry: Selectable; highlight: boolean }) {
  const files = useQueueFiles();
  const done = files.text !== null && files.progress.waiting === 0 && !files.failed;
  return (
    <span className="row">
      <button type="button" className="btn small" onClick={() => void files.queue([entry])} disabled={files.busy} data-testid="viewer-save-story" title="Saves its media and metadata to the download folder">
        <Icon name="download" size={12} /> {files.busy ? 'Queuing…' : done ? 'Saved' : highlight ? 'Save this highlight item' : 'Save this story'}
      </button>
      {files.text !== null && (
        <span className={files.failed ? 'viewer-inline-error' : 'faint'} role="status" data-testid="viewer-save-outcome" data-waiting={files.progress.waiting}>
          {files.text}
        </span>
      )}
    </span>
  );
}

/** "Select all 6" and "Download all 6": every story of the tray or highlight, with their provenance. */
export function TrayActions({ stories, highlight, provenance }: { stories: readonly Story[]; highlight: Highlight | null; provenance: Provenance }) {
  const entries = useMemo<Selectable[]>(() => stories.map((s) => ({ record: highlight ? highlightItem(highlight, s) : s, provenance })), [stories, highlight, provenance]);
  const selected = useSelection((s) => selectedAmong(s.items, entries));
  const setMany = useSelection((s) => s.setMany);
  const files = useQueueFiles();
  const all = selected === entries.length;
  const noun = highlight ? 'of this highlight' : 'stories';
  return (
    <span className="row viewer-tray-actions">
      <button type="button" className="btn small" onClick={() => setMany(entries, !all)} aria-pressed={all} data-testid="viewer-select-all">
        <Icon name="check" size={12} /> {all ? `All ${entries.length} selected` : `Select all ${entries.length} ${noun}`}
      </button>
      <button type="button" className="btn small" onClick={() => void files.queue(entries)} disabled={files.busy} data-testid="viewer-download-all">
        <Icon name="download" size={12} /> {files.busy ? 'Queuing…' : `Download all ${entries.length}`}
      </button>
      {files.text !== null && (
        <span className="faint" role="status" data-testid="viewer-download-outcome">
          {files.text}
        </span>
      )}
    </span>
  );
}

/** A single story (from a link): offer the owner's other current stories, with their cost. */
export function LoadAllOffer({ story, owner }: { story: Story; owner: User | Profile | null }) {
  const ownerId = owner?.id ?? story.owner?.id ?? '';
  const [wanted, setWanted] = useState(false);
  const all = useEndpoint(USER_STORIES, { user_id: ownerId }, { enabled: wanted && ownerId !== '' });
  const replace = useNavigation((s) => s.replace);
  useEffect(() => {
    // Once they are here (or were already cached), show them all, starting at this story.
    if (all.isSuccess) replace({ name: 'stories', userId: ownerId, storyPk: story.id });
  }, [all.isSuccess, ownerId, story.id, replace]);
  if (!ownerId) return null;
  const who = owner?.username ? `@${owner.username}` : 'this account';
  return (
    <span className="row">
      {all.isError && (
        <span className="viewer-inline-error" role="status">
          {appErrorOf(all.error).message}
        </span>
      )}
      <button
        type="button"
        className="btn small"
        onClick={() => (all.isError ? void all.refetch() : setWanted(true))}
        disabled={wanted && all.isFetching}
        data-testid="viewer-load-all"
        title={`Loads every current story of ${who} (one call, billed as shown; you will be asked first).`}
      >
        {wanted && all.isFetching ? 'Loading…' : `All current stories of ${who}`}
        <CostBadge path={USER_STORIES} params={{ user_id: ownerId }} />
      </button>
    </span>
  );
}

/** The story's or highlight's page on the platform, opened in the browser. */
export function WebLink({ route, story, owner }: { route: ViewerRoute; story: Story; owner: User | Profile | null }) {
  const href = route.name === 'highlight' ? highlightUrl(route.highlightPk) : owner?.username ? storyUrl(owner.username, story.id) : null;
  return href ? <ExternalLink href={href}>Open on the web ↗</ExternalLink> : null;
}
