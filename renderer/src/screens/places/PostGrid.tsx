// An infinite grid of posts from one list endpoint (hashtag, place and music feeds): the shared pager
// through useEndpointList, a virtualised grid that asks for the next page near its end, and the list
// footer with pages, requests and the end of the list.
import { useState } from 'react';
import { ChartsToggle, LoadedPostsCharts } from '../../components/charts/LazyCharts';
import type { ExportName } from '../../components/ExportDialog';
import type { JobDraft } from '../../components/jobPlan';
import { ListStatus } from '../../components/ListStatus';
import { PostCell, usePostSelect } from '../../components/Cards';
import { SelectionListBar } from '../../components/SelectionCheck';
import { VirtualGrid } from '../../components/Virtual';
import { entriesOf } from '../../state/selection';
import { appErrorOf } from '../../api/bridge';
import { useAppendOnly } from '../../hooks/useAppendOnly';
import { useEndpointList } from '../../hooks/useEndpointList';
import type { Params } from '../../hooks/useEndpoint';
import type { Post } from '../../../../shared/records';
import { isNoEntries } from '../post/format';

export interface PostGridProps {
  path: string;
  params: Params;
  /** Accessible name of the grid, e.g. "Top posts under #coffee". */
  label: string;
  /** Words for the empty state. */
  empty: string;
  /** What the grid holds, in words: the label of its export. */
  what: string;
  testId?: string;
  /** What an export of the grid holds, for its file name (coffee + top). */
  name?: ExportName;
  /** The run that collects the feed, which the page header offers: a partial export offers it too. */
  collect?: { draft: JobDraft; label: string };
}

/** One function for every grid, so the grid's memoised cells are not rendered again for each page. */
const renderPost = (p: Post) => <PostCell post={p} />;

export function PostGrid({ path, params, label, empty, what, testId, name, collect }: PostGridProps) {
  const list = useEndpointList<Post>(path, params);
  // Production answers an empty feed with 404 "Entries not found": that is an empty list, not an error.
  const emptyAnswer = list.isError && list.items.length === 0 && isNoEntries(appErrorOf(list.error));
  const posts = useAppendOnly(list.items, (items) => items.filter((p) => p.kind === 'post'));
  const entries = useAppendOnly(posts, (items) => entriesOf(items, list.provenanceOf));
  const [charts, setCharts] = useState(false);
  const select = usePostSelect(list.listId, list.provenanceOf);
  return (
    <div className="post-grid" data-testid={testId}>
      {posts.length > 0 && (
        <SelectionListBar entries={entries} exportLabel={what} exportName={name} noun={['post', 'posts']} more={list.hasNextPage} collect={collect} collectInBar={false}>
          <ChartsToggle open={charts} onToggle={() => setCharts((x) => !x)} />
        </SelectionListBar>
      )}
      {charts && posts.length > 0 && <LoadedPostsCharts posts={posts} subject={label} />}
      {posts.length > 0 && (
        <VirtualGrid
          select={select}
          items={posts}
          renderCell={renderPost}
          minCellWidth={200}
          gap={6}
          onNearEnd={list.onListEnd}
          label={label}
        />
      )}
      {emptyAnswer ? (
        <div className="state" data-testid="list-empty">
          <div className="state-icon" aria-hidden>
            ∅
          </div>
          <div>{empty}</div>
        </div>
      ) : (
        <ListStatus list={list} empty={empty} noun={["post", "posts"]} />
      )}
    </div>
  );
}
