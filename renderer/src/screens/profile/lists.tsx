// The list pieces the profile and search screens are made of: paged post grids and account lists
// (useEndpointList + virtualisation + ListStatus), and one-answer lists shown with the same footer.
import { memo, useCallback, useState, type ReactNode } from 'react';
import type { AppRecord, Post, User } from '../../../../shared/records';
import { compactNumber, PostCell, usePostSelect, UserRow } from '../../components/Cards';
import { ChartsToggle, LoadedPostsCharts } from '../../components/charts/LazyCharts';
import type { JobDraft } from '../../components/jobPlan';
import { ListStatus, type ListLike } from '../../components/ListStatus';
import { SelectionListBar } from '../../components/SelectionCheck';
import { VirtualGrid, VirtualList } from '../../components/Virtual';
import type { EndpointAnswer } from '../../hooks/useEndpoint';
import { useAppendOnly } from '../../hooks/useAppendOnly';
import { useEndpointList } from '../../hooks/useEndpointList';
import { entriesOf, entryWith } from '../../state/selection';

import type { Call } from './plan';

/** A grid cell for a post: the shared PostCell, plus the reel's plays and a Trial mark (memoised, as PostCell). */
export const MediaCell = memo(function MediaCell({ post, reel }: { post: Post; reel?: boolean }) {
  return (
    <div className="media-cell">
      <PostCell post={post} />
      {post.isTrial && (
        <span className="badge trial-badge" title="Trial reel: shown first to people who don't follow the account" data-testid="trial-badge">
          Trial
        </span>
      )}
      {reel && post.counts.plays !== null && !post.likesHidden && (
        <span className="plays" aria-hidden>
          ▶ {compactNumber(post.counts.plays)}
        </span>
      )}
    </div>
  );
});

function only<K extends AppRecord['kind']>(records: readonly AppRecord[], kind: K): Extract<AppRecord, { kind: K }>[] {
  return records.filter((r): r is Extract<AppRecord, { kind: K }> => r.kind === kind);
}

/** Every post of a paged endpoint, in a virtual grid that loads the next page near its end. */
export type Nouns = readonly [string, string];

/** A bulk job offered above a list: "Collect all followers". */
export interface CollectOffer {
  draft: JobDraft;
  label: string;
}

export const userLabel = (u: Pick<User, 'username' | 'id'>) => `Select ${u.username ? `@${u.username}` : `account ${u.id}`}`;

export function PagedPostGrid({ call, label, empty, nouns = ['post', 'posts'], reels, collect }: { call: Call; label: string; empty: string; nouns?: Nouns; reels?: boolean; collect?: CollectOffer }) {
  const total = collect?.draft.knownCount ?? null;
  const list = useEndpointList(call.path, call.params);
  const posts = useAppendOnly(list.items, (items) => only(items, 'post'));
  const entries = useAppendOnly(posts, (items) => entriesOf(items, list.provenanceOf));
  // The same function while the grid lives, so its memoised cells are not rendered again for each page.
  const renderCell = useCallback((p: Post) => <MediaCell post={p} reel={reels} />, [reels]);
  const select = usePostSelect(list.listId, list.provenanceOf);
  const [charts, setCharts] = useState(false);
  return (
    <div className={reels ? 'post-grid tall' : 'post-grid'} data-testid="post-grid">
      {posts.length > 0 && (
        <SelectionListBar entries={entries} exportLabel={call.what} exportName={call.name} noun={nouns} more={list.hasNextPage} total={total} collect={collect}>
          <ChartsToggle open={charts} onToggle={() => setCharts((x) => !x)} />
        </SelectionListBar>
      )}
      {charts && posts.length > 0 && <LoadedPostsCharts posts={posts} subject={label} />}
      <VirtualGrid
        select={select}
        items={posts}
        renderCell={renderCell}
        minCellWidth={reels ? 150 : 190}
        aspect={reels ? 16 / 9 : 1}
        gap={reels ? 6 : 4}
        onNearEnd={list.onListEnd}
        label={label}
      />
      <ListStatus list={list} empty={empty} noun={nouns} total={total} />
    </div>
  );
}

/** Every account of a paged endpoint, in a virtual list that loads the next page near its end. */
export function PagedUserList({
  call,
  label,
  empty,
  nouns = ['account', 'accounts'],
  detail,
  collect,
  endNote,
}: {
  call: Call;
  label: string;
  empty: string;
  nouns?: Nouns;
  detail?: (user: User) => string | undefined;
  collect?: CollectOffer;
  endNote?: (shown: number, total: number | null) => string | null;
}) {
  const list = useEndpointList(call.path, call.params);
  const users = useAppendOnly(list.items, (items) => only(items, 'user'));
  const entries = useAppendOnly(users, (items) => entriesOf(items, list.provenanceOf));
  const total = collect?.draft.knownCount ?? null;
  return (
    <div className="user-list" data-testid="user-list">
      {users.length > 0 && (
        <SelectionListBar entries={entries} exportLabel={call.what} exportName={call.name} noun={nouns} more={list.hasNextPage} total={total} collect={collect} />
      )}
      <VirtualList
        items={users}
        itemKey={(u, i) => `${u.id}-${i}`}
        renderRow={(u) => <UserRow user={u} detail={detail?.(u)} />}
        estimate={58}
        onNearEnd={list.onListEnd}
        label={label}
        select={{ list: list.listId, entry: entryWith(list.provenanceOf), label: userLabel }}
      />
      <ListStatus list={list} empty={empty} noun={nouns} total={total} endNote={endNote} />
    </div>
  );
}

interface AnswerQuery {
  data: EndpointAnswer | undefined;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
  refresh(): Promise<void>;
}

/**
 * A one-answer endpoint (no paging) seen as a finished list, so it gets the same footer as paged lists:
 * what it cost, that it is complete, and a Refresh that says it spends.
 */
export function useAnswerList(query: AnswerQuery, items: unknown[]): ListLike {
  const [refreshError, setRefreshError] = useState<unknown>(null);
  const data = query.data;
  return {
    stats: { pages: data ? 1 : 0, requests: data && !data.cacheHit ? 1 : 0, units: data?.units ?? 0, reachedEnd: query.isSuccess },
    isPending: query.isPending,
    isFetchingNextPage: false,
    isError: query.isError || refreshError !== null,
    error: query.error ?? refreshError,
    hasNextPage: false,
    items,
    loadMore: () => undefined,
    refresh: async () => {
      setRefreshError(null);
      try {
        await query.refresh();
      } catch (error) {
        setRefreshError(error);
      }
    },
    refetch: () => query.refetch(),
  };
}

/** The records of a one-answer endpoint, as a list of the kind the screen shows. */
export function answerRecords<K extends AppRecord['kind']>(data: EndpointAnswer | undefined, kind: K): Extract<AppRecord, { kind: K }>[] {
  const records = data?.records;
  if (!records) return [];
  return only(Array.isArray(records) ? records : [records], kind);
}

/** A short, centered note for states the screen knows without asking the service. */
export function QuietState({ icon, title, children, testId }: { icon: string; title: string; children?: ReactNode; testId?: string }) {
  return (
    <div className="state quiet-state" data-testid={testId}>
      <div className="state-icon" aria-hidden>
        {icon}
      </div>
      <strong>{title}</strong>
      {children && <div className="muted">{children}</div>}
    </div>
  );
}
