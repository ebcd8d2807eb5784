// What a post offers on request, each call made only when the user asks: the accounts that liked it
// (`/v1/media/likers`), its insight (`/v1/media/insight`) and its embed code (`/v1/media/oembed`, shown
// as text to copy, never rendered).
import { useState } from 'react';
import { postUrl } from '../../../../shared/links';
import type { Post, User } from '../../../../shared/records';
import { UserRow } from '../../components/Cards';
import { ErrorView } from '../../components/ErrorView';
import { SelectionListBar } from '../../components/SelectionCheck';
import { VirtualList } from '../../components/Virtual';
import { useEndpoint } from '../../hooks/useEndpoint';
import { entriesOf, entryWith } from '../../state/selection';
import { userLabel } from '../profile/lists';
import { CostHint } from './CommentThread';
import { postLinkKind } from './format';
import { Icon } from '../../components/Icon';
import { insightRows } from './insight';
import { Modal } from './Modal';
import { plural } from '../../format';

const LIKERS = '/v1/media/likers';
const INSIGHT = '/v1/media/insight';
const OEMBED = '/v1/media/oembed';

function Loading({ label }: { label: string }) {
  return (
    <div className="state" aria-live="polite">
      <div className="spinner" aria-label={label} />
    </div>
  );
}

export function LikersPanel({ post }: { post: Post }) {
  const [requested, setRequested] = useState(false);
  const answer = useEndpoint(LIKERS, { id: post.id }, { enabled: requested });
  const likes = post.counts.likes;

  if (!answer.data && !answer.isFetching && !answer.isError) {
    return (
      <div className="state thread-state" data-testid="likers-offer">
        <div className="state-icon">
          <Icon name="heart" size={30} />
        </div>
        <strong>{likes === null || post.likesHidden ? 'Who liked this post' : `${likes.toLocaleString()} ${plural(likes, 'like', 'likes')}`}</strong>
        {post.likesHidden && <div className="muted">The author hides the like count; the service may still list the accounts.</div>}
        <button className="btn primary" onClick={() => setRequested(true)} data-testid="load-likers">
          Load the accounts that liked it <CostHint path={LIKERS} />
        </button>
      </div>
    );
  }
  if (answer.isError) return <ErrorView error={answer.error} onRetry={() => void answer.refetch()} />;
  if (!answer.data) return <Loading label="Loading likers" />;
  const users = (Array.isArray(answer.data.records) ? answer.data.records : []).filter((r): r is User => r.kind === 'user');
  const { provenance } = answer.data;
  return (
    <div data-testid="likers">
      {users.length > 0 && (
        <SelectionListBar entries={entriesOf(users, () => provenance)} exportLabel={`Likers of post ${post.code ?? post.id}`} exportName={{ target: post.code ?? post.id, list: 'likers' }} noun={['account', 'accounts']} />
      )}
      <div className="muted likers-summary" data-testid="likers-count">
        {users.length.toLocaleString()} {plural(users.length, 'account', 'accounts')}
        {likes !== null && !post.likesHidden && users.length < likes ? ` listed by the service, of ${likes.toLocaleString()} likes` : ''}
      </div>
      {users.length === 0 ? (
        <div className="state">No accounts listed.</div>
      ) : (
        <VirtualList
          items={users}
          itemKey={(u) => u.id}
          estimate={57}
          label="Accounts that liked this post"
          renderRow={(u) => <UserRow user={u} />}
          select={{ list: `likers:${post.id}`, entry: entryWith(() => provenance), label: userLabel }}
        />
      )}
    </div>
  );
}

export function InsightDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const answer = useEndpoint(INSIGHT, { media_id: post.mediaId });
  const rows = answer.data ? insightRows(answer.data.data) : [];
  return (
    <Modal title="Insight" onClose={onClose} testId="insight-dialog">
      {answer.isError ? (
        <ErrorView error={answer.error} onRetry={() => void answer.refetch()} />
      ) : !answer.data ? (
        <Loading label="Loading the insight" />
      ) : rows.length === 0 ? (
        <div className="muted">The service returned no insight figures for this post.</div>
      ) : (
        <dl className="facts insight-facts">
          {rows.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Modal>
  );
}

function readText(data: unknown, key: string): string | null {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value !== '' ? value : null;
}

export function EmbedDialog({ post, code, onClose }: { post: Post; code: string; onClose: () => void }) {
  const answer = useEndpoint(OEMBED, { url: postUrl(code, postLinkKind(post)) });
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const html = answer.data ? readText(answer.data.data, 'html') : null;
  const copy = async () => {
    if (!html) return;
    try {
      await navigator.clipboard.writeText(html);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Modal title="Embed code" onClose={onClose} wide testId="embed-dialog">
      {answer.isError ? (
        <ErrorView error={answer.error} onRetry={() => void answer.refetch()} />
      ) : !answer.data ? (
        <Loading label="Loading the embed code" />
      ) : (
        <>
          <div className="muted">
            The platform&apos;s embed markup for this post, shown as text to copy. Feedlens never renders it.
            {readText(answer.data.data, 'author_name') && <> Author: @{readText(answer.data.data, 'author_name')}.</>}
          </div>
          <textarea className="embed-code mono" readOnly value={html ?? ''} aria-label="Embed HTML" rows={8} data-testid="embed-html" onFocus={(e) => e.currentTarget.select()} />
          <div className="dialog-actions">
            {copied === 'yes' && <span className="muted">Copied.</span>}
            {copied === 'failed' && <span className="muted">Could not copy: select the text and copy it.</span>}
            <button className="btn primary" onClick={() => void copy()} disabled={!html}>
              Copy
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
