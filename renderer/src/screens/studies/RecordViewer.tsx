// A record of a study opened from the data browser, as the study stored it (nothing is asked of the
// service): a post in the post view's own parts (media stage, header, caption, counts), a story's media,
// a comment or an account; beside it its status, its history and its coding. Keyboard-first: ← → (or
// K J) the previous and next row, 1-9 toggle codes, N writes a note, Esc closes.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { AppRecord, Post } from '../../../../shared/records';
import type { CodeInfo, StoredRecord } from '../../../../shared/ipc/study-data';
import { appErrorOf, feedlens, unwrap } from '../../api/bridge';
import { UserRow } from '../../components/Cards';
import { ErrorView } from '../../components/ErrorView';
import { MediaImage } from '../../components/Media';
import { RichText } from '../../components/RichText';
import { navigate } from '../../state/navigation';
import { MediaStage } from '../post/MediaStage';
import { Modal } from '../post/Modal';
import { EmbedDialog, InsightDialog } from '../post/PostExtras';
import { PostDetails, PostHeader } from '../post/PostInfo';
import { useStudyAction } from './actions';
import { Moment } from './ChangesTab';
import { CodeToggles, NoteField } from './Coding';
import { codeKey } from './data-format';
import { studyKeys } from './queries';
import { SightingsTable, StatusLine } from './RecordHistory';
import { MediaFindings } from './MediaFindings';

function PostBody({ post, stored }: { post: Post; stored: StoredRecord }) {
  const [dialog, setDialog] = useState<'insight' | 'embed' | null>(null);
  return (
    <div className="stored-post">
      <div className="stored-stage">
        <MediaStage post={post} provenance={stored.provenance} />
      </div>
      <div className="stored-side">
        <PostHeader post={post} />
        <PostDetails post={post} onInsight={() => setDialog('insight')} onEmbed={post.code ? () => setDialog('embed') : null} />
      </div>
      {dialog === 'insight' && <InsightDialog post={post} onClose={() => setDialog(null)} />}
      {dialog === 'embed' && post.code && <EmbedDialog post={post} code={post.code} onClose={() => setDialog(null)} />}
    </div>
  );
}

function RecordBody({ stored }: { stored: StoredRecord }) {
  const r: AppRecord = stored.record;
  switch (r.kind) {
    case 'post':
      return <PostBody post={r} stored={stored} />;
    case 'story': {
      const video = r.videos[0]?.url;
      return (
        <div className="stored-story">
          {video ? <video src={video} poster={r.thumbnailUrl ?? undefined} controls className="stored-story-media" /> : <MediaImage url={r.images[0]?.url ?? r.thumbnailUrl} alt={`Story by @${r.owner?.username ?? ''}`} className="stored-story-media" />}
          <div className="stack">
            {r.owner && <UserRow user={r.owner} />}
            {r.takenAt !== null && (
              <div className="muted">
                Posted <Moment ms={r.takenAt * 1000} />
              </div>
            )}
          </div>
        </div>
      );
    }
    case 'comment':
      return (
        <div className="stored-comment stack">
          {r.author && <UserRow user={r.author} />}
          <RichText text={r.text} />
          <div className="muted">
            {r.createdAt !== null && <Moment ms={r.createdAt * 1000} />} · {r.likeCount?.toLocaleString() ?? 0} likes · {r.replyCount?.toLocaleString() ?? 0} replies
          </div>
          {r.postId && (
            <button type="button" className="btn small" onClick={() => navigate({ name: 'post', pk: r.postId! })} title="Opens the post live: asks the service (1 request unless cached)">
              Open its post live…
            </button>
          )}
        </div>
      );
    case 'user':
    case 'profile':
      return (
        <div className="stored-user stack">
          <UserRow user={r} />
          {r.kind === 'profile' && r.biography && <RichText text={r.biography} />}
          <button type="button" className="btn small" onClick={() => navigate({ name: 'profile', userId: r.id, ...(r.username ? { username: r.username } : {}) })}>
            Open the profile live…
          </button>
        </div>
      );
    default:
      return <pre className="mono">{JSON.stringify(r, null, 2).slice(0, 2000)}</pre>;
  }
}

export interface RecordViewerProps {
  studyId: string;
  rowid: number;
  codes: CodeInfo[];
  position: string;
  onStep: (step: number) => void;
  onClose: () => void;
}

const isField = (t: unknown) => t instanceof HTMLElement && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT');

/** A change to its coding or note is an action on the study: the table and the codebook are read again after it. */
export function RecordViewer({ studyId, rowid, codes, position, onStep, onClose }: RecordViewerProps) {
  const queryClient = useQueryClient();
  const key = studyKeys.record(studyId, rowid);
  // The record shown stays until the next one is read (stepping through rows does not blink).
  const record = useQuery({ queryKey: key, queryFn: async () => unwrap(await feedlens().studyRecord({ id: studyId, rowid })), staleTime: 0, placeholderData: (previous) => previous });
  const stored = record.data ?? null;
  const setStored = (next: StoredRecord) => queryClient.setQueryData(key, next);
  const coding = useStudyAction(studyId);
  const error = record.error ? appErrorOf(record.error) : coding.error;
  const note = useRef<HTMLDivElement>(null);

  const toggle = async (codeId: number, on: boolean) => {
    if (!stored) return;
    setStored({ ...stored, codes: on ? [...stored.codes, codeId] : stored.codes.filter((c) => c !== codeId) });
    const r = await coding.run(() => feedlens().studyCodeApply({ id: studyId, rows: { rowids: [rowid] }, codeId, on }));
    if (!r.ok) void queryClient.invalidateQueries({ queryKey: key }); // the codes as main kept them
  };
  // Keys while the viewer is open: the carousel keeps ← → for its items when it has several.
  const onKeyDown = (e: React.KeyboardEvent) => {
    const key = codeKey(e, isField);
    if (key && stored) {
      const code = codes.find((c) => c.shortcut === key);
      if (code) {
        e.preventDefault();
        void toggle(code.id, !stored.codes.includes(code.id));
      }
      return;
    }
    if (isField(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'n' || e.key === 'N') {
      e.preventDefault();
      note.current?.querySelector('textarea')?.focus();
    } else if (e.key === 'j' || (e.key === 'ArrowDown' && !e.shiftKey)) {
      e.preventDefault();
      onStep(1);
    } else if (e.key === 'k' || e.key === 'ArrowUp') {
      e.preventDefault();
      onStep(-1);
    }
  };

  return (
    <div onKeyDown={onKeyDown}>
      <Modal title={`Record ${position}`} onClose={onClose} wide testId="record-viewer">
        <div className="row record-nav">
          <button type="button" className="btn small" onClick={() => onStep(-1)} title="Previous (K or ↑)" data-testid="record-prev">
            ↑ Previous
          </button>
          <button type="button" className="btn small" onClick={() => onStep(1)} title="Next (J or ↓)" data-testid="record-next">
            ↓ Next
          </button>
          <span className="faint">1-9 toggle codes · N note · Esc closes</span>
        </div>
        {error && <ErrorView error={error} compact />}
        {!stored ? (
          !error && <div className="spinner" aria-label="Loading the record" />
        ) : (
          <div className="record-layout" data-testid="record-body" data-kind={stored.record.kind} data-rowid={stored.rowid}>
            <div className="record-main">
              <RecordBody stored={stored} />
              {(stored.record.kind === 'post' || stored.record.kind === 'story') && <MediaFindings studyId={studyId} rowid={stored.rowid} />}
            </div>
            <aside className="record-aside stack">
              <StatusLine status={stored.status} checkedAt={stored.checkedAt} />
              <div className="faint">
                Last collected <Moment ms={stored.provenance.fetchedAt} />
                {stored.provenance.path !== '/' && (
                  <>
                    {' '}
                    from <span className="mono">{stored.provenance.path}</span>
                  </>
                )}
              </div>
              <h3>Coding</h3>
              <CodeToggles codes={codes} on={stored.codes} onToggle={(id, on) => void toggle(id, on)} />
              <div ref={note}>
                <NoteField
                  studyId={studyId}
                  rowid={rowid}
                  note={stored.note}
                  onSaved={(n) => setStored({ ...stored, note: n })}
                />
              </div>
              {(stored.record.kind === 'post' || stored.sightings.length > 1) && (
                <>
                  <h3>History</h3>
                  <SightingsTable sightings={stored.sightings} />
                </>
              )}
            </aside>
          </div>
        )}
      </Modal>
    </div>
  );
}
