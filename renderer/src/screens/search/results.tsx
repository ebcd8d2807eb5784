// The results of one search tab. Paged tabs (Top, Accounts, Reels) load the next page as the user nears
// the end; the others are one answer. Every list is virtualised and ends with what it cost.
import { useMemo, type ReactNode } from 'react';
import type { AppRecord, User } from '../../../../shared/records';
import { postAlt, UserRow } from '../../components/Cards';
import { ListStatus } from '../../components/ListStatus';
import { SelectionListBar } from '../../components/SelectionCheck';
import { VirtualList } from '../../components/Virtual';
import { useEndpoint } from '../../hooks/useEndpoint';
import { useEndpointList } from '../../hooks/useEndpointList';
import type { SearchTab } from '../../state/navigation';
import { entriesOf, entryWith } from '../../state/selection';
import { answerRecords, PagedPostGrid, PagedUserList, useAnswerList, userLabel } from '../profile/lists';
import { HashtagRow, PlaceRow, PostRow, TrackRow } from './rows';
import { searchCall, searchTabSpec } from './plan';

/** "Followed by … + 12 more": the context the accounts search gives each account. */
function socialContext(user: User): string | undefined {
  const raw = user.raw as Record<string, unknown> | null;
  const text = raw?.search_social_context ?? raw?.social_context;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/** Top results: accounts and posts interleaved in one stream, in the service's order. */
function TopResults({ term }: { term: string }) {
  const call = searchCall('top', term);
  const list = useEndpointList(call.path, call.params);
  const rows = useMemo(() => list.items.filter((r): r is Extract<AppRecord, { kind: 'user' | 'post' }> => r.kind === 'user' || r.kind === 'post'), [list.items]);
  const entries = useMemo(() => entriesOf(rows, list.provenanceOf), [rows, list.provenanceOf]);
  const now = Date.now();
  return (
    <div className="result-list" data-testid="top-results">
      {rows.length > 0 && (
        <SelectionListBar entries={entries} exportLabel={call.what} exportName={{ target: term, list: 'search-top' }} noun={['result', 'results']} more={list.hasNextPage} />
      )}
      <VirtualList
        select={{ list: list.listId, entry: entryWith(list.provenanceOf), label: (r) => (r.kind === 'user' ? userLabel(r) : `Select ${postAlt(r)}`) }}
        items={rows}
        itemKey={(r, i) => `${r.kind}:${r.id}-${i}`}
        renderRow={(r) => (r.kind === 'user' ? <UserRow user={r} detail={socialContext(r) ?? 'Account'} /> : <PostRow post={r} now={now} />)}
        estimate={64}
        onNearEnd={list.onListEnd}
        label={`Top results for “${term}”`}
      />
      <ListStatus list={list} empty={`Nothing found for “${term}”`} noun={['result', 'results']} />
    </div>
  );
}

/** A one-answer search (hashtags, places, music): a finished list with the usual footer. */
function AnswerResults<K extends 'hashtag' | 'location' | 'track'>({ tab, term, kind, render }: { tab: SearchTab; term: string; kind: K; render: (record: Extract<AppRecord, { kind: K }>) => ReactNode }) {
  const call = searchCall(tab, term);
  const spec = searchTabSpec(tab);
  const query = useEndpoint(call.path, call.params);
  const records = useMemo(() => answerRecords(query.data, kind), [query.data, kind]);
  const list = useAnswerList(query, records);
  return (
    <div className="result-list" data-testid={`${tab}-results`}>
      <VirtualList items={records} itemKey={(_r, i) => String(i)} renderRow={render} estimate={60} label={`${spec.label} for “${term}”`} />
      <ListStatus list={list} empty={`No ${spec.nouns[1]} found for “${term}”`} noun={spec.nouns} />
    </div>
  );
}

export function SearchResults({ tab, term }: { tab: SearchTab; term: string }) {
  switch (tab) {
    case 'top':
      return <TopResults term={term} />;
    case 'accounts':
      return (
        <PagedUserList call={searchCall('accounts', term)} label={`Accounts matching “${term}”`} empty={`No accounts found for “${term}”`} detail={socialContext} />
      );
    case 'hashtags':
      return <AnswerResults tab="hashtags" term={term} kind="hashtag" render={(tag) => <HashtagRow tag={tag} />} />;
    case 'places':
      return <AnswerResults tab="places" term={term} kind="location" render={(place) => <PlaceRow place={place} />} />;
    case 'music':
      return <AnswerResults tab="music" term={term} kind="track" render={(track) => <TrackRow track={track} />} />;
    case 'reels':
      return <PagedPostGrid call={searchCall('reels', term)} label={`Reels matching “${term}”`} empty={`No reels found for “${term}”`} nouns={['reel', 'reels']} reels />;
  }
}
