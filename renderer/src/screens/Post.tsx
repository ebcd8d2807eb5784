// The post view: one post, reel, IGTV video or carousel (route { name: 'post', code | pk, item? }) from
// `/v1/media/by/code` or `/v1/media/by/id`; its media on the left, what it says and its comment thread
// (or its likers, on request) on the right.
import { useState } from 'react';
import type { Provenance } from '../../../shared/ipc';
import type { Post } from '../../../shared/records';
import { ErrorView } from '../components/ErrorView';
import { Tabs } from '../components/Tabs';
import { useEndpoint } from '../hooks/useEndpoint';
import { useRoute } from '../state/navigation';
import { usePlaceState } from '../state/place';
import { CommentThread } from './post/CommentThread';
import { MediaStage } from './post/MediaStage';
import { PostDetails, PostHeader } from './post/PostInfo';
import { EmbedDialog, InsightDialog, LikersPanel } from './post/PostExtras';
import { PostStudyHistory } from './studies/RecordHistory';
import '../styles/post.css';

type SideTab = 'comments' | 'likers';

function PostView({ post, item, provenance }: { post: Post; item?: number; provenance: Provenance }) {
  const [tab, setTab] = usePlaceState<SideTab>('sideTab', 'comments');
  const [dialog, setDialog] = useState<'insight' | 'embed' | null>(null);
  const code = post.code;
  return (
    <div className="post-layout" data-testid="post-view" data-code={post.code ?? undefined} data-media-type={post.mediaType} data-product-type={post.productType}>
      <section className="post-stage-col" aria-label="Media">
        <MediaStage post={post} initialItem={item} provenance={provenance} />
      </section>
      <section className="post-side" aria-label="About this post">
        <PostHeader post={post} />
        <PostDetails post={post} onInsight={() => setDialog('insight')} onEmbed={code ? () => setDialog('embed') : null} />
        <PostStudyHistory postId={post.id} />
        <Tabs<SideTab>
          label="Comments and likers"
          active={tab}
          onChange={setTab}
          tabs={[
            { key: 'comments', label: 'Comments', count: post.commentsDisabled ? null : post.counts.comments },
            { key: 'likers', label: 'Likers', count: post.likesHidden ? null : post.counts.likes, call: { path: '/v1/media/likers', params: {} } },
          ]}
        />
        <div role="tabpanel" aria-label={tab === 'comments' ? 'Comments' : 'Likers'}>
          {tab === 'comments' ? <CommentThread post={post} /> : <LikersPanel post={post} />}
        </div>
      </section>
      {dialog === 'insight' && <InsightDialog post={post} onClose={() => setDialog(null)} />}
      {dialog === 'embed' && code && <EmbedDialog post={post} code={code} onClose={() => setDialog(null)} />}
    </div>
  );
}

function PostLoader({ code, pk, item }: { code?: string; pk?: string; item?: number }) {
  const byCode = !!code;
  const answer = useEndpoint(byCode ? '/v1/media/by/code' : '/v1/media/by/id', byCode ? { code: code ?? '' } : { id: pk ?? '' });
  if (answer.isError) {
    return (
      <div className="page">
        <ErrorView error={answer.error} onRetry={() => void answer.refetch()} />
      </div>
    );
  }
  const record = answer.data?.records;
  const post = record && !Array.isArray(record) && record.kind === 'post' ? record : null;
  if (!answer.data) {
    return (
      <div className="page">
        <div className="post-layout post-skeleton" aria-busy="true">
          <div className="skeleton stage-skeleton" />
          <div className="stack">
            <div className="spinner" aria-label="Loading the post" />
          </div>
        </div>
      </div>
    );
  }
  if (!post) {
    return (
      <div className="page">
        <ErrorView error={new Error('The service answered, but not with a post.')} />
      </div>
    );
  }
  return (
    <div className="page post-page">
      <PostView post={post} item={item} provenance={answer.data.provenance} />
    </div>
  );
}

export function PostScreen() {
  const route = useRoute();
  if (route.name !== 'post' || (!route.code && !route.pk)) {
    return (
      <div className="page">
        <div className="state">No post to show: paste a post, reel or IGTV link in the bar above.</div>
      </div>
    );
  }
  return <PostLoader code={route.code} pk={route.pk} item={route.item} />;
}
