// The library (route { name: 'library' }): every saved item, browsable offline. Accounts with their
// counts on the left; the items of the chosen account (or all) newest first in a grid, filtered by kind;
// an item opens in a viewer for its saved files. Everything comes from main's index of the sidecars on
// disk: nothing here calls the service. "Rebuild index" reads the sidecars again.
import { useState } from 'react';
import type { LibraryItem } from '../../../shared/ipc';
import { feedlens } from '../api/bridge';
import { ErrorView } from '../components/ErrorView';
import { Icon, type IconName } from '../components/Icon';
import { Avatar } from '../components/Media';
import { Tabs } from '../components/Tabs';
import { VirtualGrid } from '../components/Virtual';
import { navigate } from '../state/navigation';
import { useMainAction } from '../api/useMainAction';
import { useKindCounts, useLibraryAccounts, useLibraryItems, useReloadOnSaved, type LibraryKind } from './library/queries';
import { mediaKindOf, summarize } from './library/saved';
import { SavedItemViewer } from './library/Viewer';
import '../styles/library.css';
import { plural } from '../format';

type KindTab = LibraryKind | 'all';

const KIND_TABS: { key: KindTab; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'post', label: 'Posts' },
  { key: 'story', label: 'Stories' },
  { key: 'highlight', label: 'Highlights' },
  { key: 'profile', label: 'Profile pictures' },
];

const KIND_ICONS: Record<LibraryKind, IconName> = { post: 'image', story: 'story', highlight: 'star', profile: 'user' };

/** "2026-04-01": the day the media was taken, UTC as in the file names. */
function dayOf(epochSec: number): string {
  return new Date(epochSec * 1000).toISOString().slice(0, 10);
}

function LibraryCell({ item, onOpen }: { item: LibraryItem; onOpen: (item: LibraryItem) => void }) {
  const summary = summarize(item);
  const hasImage = item.files.some((f) => mediaKindOf(f) === 'image');
  const hasVideo = item.files.some((f) => mediaKindOf(f) === 'video');
  const title = `${item.username ? `@${item.username}` : 'Unknown account'} · ${summary.what}${item.takenAt !== null ? ` · ${dayOf(item.takenAt)}` : ''}`;
  return (
    <button type="button" className="grid-cell lib-cell" onClick={() => onOpen(item)} title={title} aria-label={title} data-testid="library-cell" data-id={item.id} data-kind={item.kind}>
      {item.previewUrl === null ? (
        <div className="media-missing">No file on disk</div>
      ) : hasImage ? (
        <img key={item.previewUrl} src={item.previewUrl} alt="" loading="lazy" decoding="async" draggable={false} />
      ) : (
        <video src={item.previewUrl} preload="metadata" muted playsInline tabIndex={-1} />
      )}
      <span className="corner lib-corner" aria-hidden>
        {item.files.length > 1 && <Icon name="layers" size={14} />}
        {hasVideo && <Icon name="film" size={14} />}
      </span>
      <span className="lib-cell-meta" aria-hidden>
        <Icon name={hasVideo && !hasImage ? 'film' : KIND_ICONS[item.kind]} size={12} />
        {item.takenAt !== null ? dayOf(item.takenAt) : summary.what}
      </span>
    </button>
  );
}

function Accounts({ selected, onSelect }: { selected: string | null; onSelect: (username: string | null) => void }) {
  const accounts = useLibraryAccounts();
  const list = accounts.data ?? [];
  const total = list.reduce((n, a) => n + a.items, 0);
  return (
    <nav className="lib-accounts" aria-label="Accounts">
      <button type="button" className="lib-account" aria-current={selected === null ? 'true' : undefined} onClick={() => onSelect(null)} data-testid="library-account-all">
        <span className="lib-account-all" aria-hidden>
          <Icon name="layers" size={16} />
        </span>
        <span className="lib-account-name">All accounts</span>
        <span className="lib-count" data-count={total}>
          {total.toLocaleString()}
        </span>
      </button>
      {list.map((a) => (
        <button
          type="button"
          key={a.username}
          className="lib-account"
          aria-current={selected === a.username ? 'true' : undefined}
          onClick={() => onSelect(a.username)}
          data-testid="library-account"
          data-username={a.username}
          title={a.lastSaved ? `Last saved ${new Date(a.lastSaved).toLocaleString()}` : undefined}
        >
          <Avatar url={null} name={a.username} size={28} />
          <span className="lib-account-name">@{a.username}</span>
          <span className="lib-count" data-count={a.items}>
            {a.items.toLocaleString()}
          </span>
        </button>
      ))}
      {accounts.isError && <ErrorView error={accounts.error} compact />}
      <p className="lib-note faint" data-testid="library-rebuild-note">
        Items missing? <strong>Rebuild index</strong> reads the JSON sidecars in the download folder again: after copying or restoring saved
        files into it, or changing the folder.
      </p>
    </nav>
  );
}

function useRebuild() {
  const [result, setResult] = useState<number | null>(null);
  const action = useMainAction([['library']]);
  const run = async () => {
    setResult(null);
    const r = await action.run(() => feedlens().libraryRebuild({}));
    if (r.ok) setResult(r.value.items);
  };
  return { run: () => void run(), busy: action.busy, result, error: action.error };
}

function EmptyLibrary() {
  return (
    <div className="state lib-empty" data-testid="library-empty">
      <Icon name="folder" size={30} className="faint" />
      <h2>Nothing saved yet</h2>
      <p className="muted">
        Select posts, reels, stories, highlights or profiles with the checkbox on each, then choose <strong>Download</strong>. Saved items appear here
        and open from disk, even offline.
      </p>
      <button type="button" className="btn" onClick={() => navigate({ name: 'downloads' })}>
        <Icon name="download" size={14} /> Go to Downloads
      </button>
    </div>
  );
}

export function LibraryScreen() {
  const [username, setUsername] = useState<string | null>(null);
  const [kind, setKind] = useState<KindTab>('all');
  const [open, setOpen] = useState<LibraryItem | null>(null);
  useReloadOnSaved();
  const items = useLibraryItems(username, kind === 'all' ? null : kind);
  const counts = useKindCounts(username);
  const rebuild = useRebuild();
  const allCount = counts.data ? Object.values(counts.data).reduce((n, c) => n + c, 0) : null;
  const empty = items.isSuccess && items.total === 0 && username === null && kind === 'all';

  return (
    <div className="page lib-page" data-testid="library">
      <div className="page-header">
        <h1>Library</h1>
        <span className="muted">Saved items, read from disk: browsing them calls nothing.</span>
        <span className="spacer" />
        <button
          type="button"
          className="btn small"
          onClick={rebuild.run}
          disabled={rebuild.busy}
          title="Reads every JSON sidecar in the download folder again. Helps when items are missing: files copied or restored into the folder, the index lost, or the download folder changed."
          data-testid="library-rebuild"
        >
          <Icon name="rebuild" size={13} /> {rebuild.busy ? 'Rebuilding…' : 'Rebuild index'}
        </button>
      </div>
      {rebuild.result !== null && (
        <div className="notice ok lib-notice" role="status" data-testid="library-rebuilt">
          Index rebuilt from the sidecars on disk: {rebuild.result.toLocaleString()} {plural(rebuild.result, 'item', 'items')}.
        </div>
      )}
      {rebuild.error !== null && <ErrorView error={rebuild.error} compact />}

      {empty ? (
        <EmptyLibrary />
      ) : (
        <div className="lib-layout">
          <Accounts
            selected={username}
            onSelect={(name) => {
              setUsername(name);
              setKind('all');
            }}
          />
          <section className="lib-main" aria-label={username ? `Saved items of @${username}` : 'All saved items'}>
            <Tabs<KindTab>
              label="Kind"
              active={kind}
              onChange={setKind}
              tabs={KIND_TABS.map((t) => ({ ...t, count: t.key === 'all' ? allCount : (counts.data?.[t.key] ?? null) }))}
            />
            {items.isError ? (
              <ErrorView error={items.error} onRetry={() => void items.refetch()} />
            ) : items.isPending ? (
              <div className="state">
                <div className="spinner" aria-label="Loading" />
              </div>
            ) : items.items.length === 0 ? (
              <div className="state" data-testid="library-none">
                <div>Nothing of this kind saved{username ? ` for @${username}` : ''}.</div>
              </div>
            ) : (
              <>
                <VirtualGrid
                  items={items.items}
                  renderCell={(item) => <LibraryCell item={item} onOpen={setOpen} />}
                  minCellWidth={170}
                  gap={6}
                  onNearEnd={items.isFetchNextPageError ? undefined : items.loadMore}
                  label="Saved items"
                />
                <div className="list-footer" data-testid="library-footer">
                  {items.items.length.toLocaleString()} of {(items.total ?? 0).toLocaleString()} {plural(items.total ?? 0, 'item', 'items')}, newest first
                  {items.isFetchingNextPage && <div className="spinner" aria-label="Loading more" />}
                </div>
              </>
            )}
          </section>
        </div>
      )}
      {open && <SavedItemViewer item={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
