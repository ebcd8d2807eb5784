// A hashtag page (route { name: 'hashtag', tag, tab? }): the tag's header from `/v1/hashtag/by/name`
// and its Top, Recent and Reels feeds as infinite grids. Tags in any script work (#東京, #кофе).
import { CollectButton } from '../components/JobDialog';
import type { JobDraft } from '../components/jobPlan';
import { AddToStudyButton } from './studies/AddToStudy';
import { MediaImage } from '../components/Media';
import { Tabs } from '../components/Tabs';
import { useEndpoint } from '../hooks/useEndpoint';
import { useNavigation, useRoute, type FeedTab } from '../state/navigation';
import { LookupError } from './places/Missing';
import { OpenLink } from './places/OpenLink';
import { PostGrid } from './places/PostGrid';
import { canonicalTag } from './places/format';
import type { Hashtag } from '../../../shared/records';
import '../styles/places.css';
import { plural } from '../format';

const FEEDS: Record<FeedTab, { label: string; path: string; grid: string; empty: string }> = {
  top: { label: 'Top', path: '/v1/hashtag/medias/top/chunk', grid: 'Top posts', empty: 'No top posts under this hashtag.' },
  recent: { label: 'Recent', path: '/v2/hashtag/medias/recent', grid: 'Recent posts', empty: 'No recent posts under this hashtag.' },
  reels: { label: 'Reels', path: '/v1/hashtag/medias/clips/chunk', grid: 'Reels', empty: 'No reels under this hashtag.' },
};

function HashtagHeader({ name, tag, loaded }: { name: string; tag: Hashtag | null; loaded: boolean }) {
  const count = tag?.mediaCount ?? null;
  return (
    <header className="feed-header" data-testid="hashtag-header" aria-busy={!loaded}>
      <div className="feed-avatar round">
        {tag?.avatarUrl ? <MediaImage url={tag.avatarUrl} alt="" eager /> : <span className="feed-avatar-glyph" aria-hidden>#</span>}
      </div>
      <div className="feed-title">
        <h1 dir="auto" data-testid="hashtag-name">
          #{tag?.name ?? name}
        </h1>
        <div className="muted" data-testid="hashtag-count">
          {loaded ? (count !== null ? `${count.toLocaleString()} ${plural(count, 'post', 'posts')}` : 'Post count not given') : 'Loading…'}
          {tag?.isTrending && <span className="badge ok">Trending</span>}
        </div>
        <div className="feed-links">
          <OpenLink href={`https://www.instagram.com/explore/tags/${encodeURIComponent(tag?.name ?? name)}/`}>Open on the web ↗</OpenLink>
        </div>
        {loaded && (
          <div className="sel-header-actions">
            <CollectButton draft={hashtagDraft(name, tag)}>
              Collect the latest posts
            </CollectButton>
            <AddToStudyButton entry={`#${tag?.name ?? name}`} kind="hashtag" label={`#${tag?.name ?? name}`} />
          </div>
        )}
      </div>
    </header>
  );
}

/** The run that collects a hashtag's latest posts, with the count its header shows. */
function hashtagDraft(name: string, tag: Hashtag | null): JobDraft {
  const count = tag?.mediaCount ?? null;
  return { kind: 'hashtag', target: name, label: `#${tag?.name ?? name}`, ...(count !== null ? { knownCount: count } : {}) };
}

export function HashtagScreen() {
  const route = useRoute();
  const replace = useNavigation((s) => s.replace);
  const name = route.name === 'hashtag' ? canonicalTag(route.tag) : '';
  const answer = useEndpoint('/v1/hashtag/by/name', { name }, { enabled: name !== '' });
  if (route.name !== 'hashtag') return null;
  const record = answer.data?.records;
  const tag = record && !Array.isArray(record) && record.kind === 'hashtag' ? record : null;
  const tab = route.tab ?? 'top';
  const feed = FEEDS[tab];
  return (
    <div className="page feed-page">
      {answer.isError ? (
        <>
          <h1 className="feed-error-title" dir="auto" data-testid="hashtag-name">
            #{name}
          </h1>
          <LookupError
            error={answer.error}
            icon="hash"
            title="The service knows no hashtag by this name"
            hint="Check the spelling: hashtags are letters and digits in any script, with no spaces or dots."
            onRetry={() => void answer.refetch()}
          />
        </>
      ) : (
        <HashtagHeader name={name} tag={tag} loaded={!!answer.data} />
      )}
      {/* The feeds load once the tag is known to exist: an unknown tag spends nothing more. */}
      {answer.data && (
        <>
          <Tabs<FeedTab>
            label="Hashtag feeds"
            active={tab}
            onChange={(next) => replace({ name: 'hashtag', tag: route.tag, tab: next })}
            tabs={(Object.keys(FEEDS) as FeedTab[]).map((key) => ({ key, label: FEEDS[key].label, call: { path: FEEDS[key].path, params: { name } } }))}
          />
          <div role="tabpanel" aria-label={feed.label}>
            <PostGrid key={tab} path={feed.path} params={{ name }} label={`${feed.grid} under #${name}`} empty={feed.empty} what={`${feed.grid} under #${name}`} testId={`hashtag-${tab}`} name={{ target: name, list: tab }} collect={{ draft: hashtagDraft(name, tag), label: 'Collect the latest posts' }} />
          </div>
        </>
      )}
    </div>
  );
}
