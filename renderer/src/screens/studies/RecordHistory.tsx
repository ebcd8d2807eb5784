// A record's history in a study: each sighting (a run or a re-check that saw it) with its counts, how they
// moved, and the caption's edits word by word; its re-check status. Shown in the record viewer and, when
// a post was seen more than once by a study, in the post view (read from the study's database: free).
import { useEffect, useState } from 'react';
import type { RecordStatus, Sighting, StudyRecordRef } from '../../../../shared/ipc/study-data';
import { feedlens } from '../../api/bridge';
import { navigate } from '../../state/navigation';
import { Moment } from './ChangesTab';
import { captionEdits, sightingTrend, STATUS_WORDS, wordDiff } from './data-format';
import { MediaFindings } from './MediaFindings';

export function StatusLine({ status, checkedAt }: { status: RecordStatus | null; checkedAt: number | null }) {
  return (
    <div className="status-line" data-testid="record-status" data-status={status ?? 'unchecked'}>
      <span className={`status-badge ${status ?? 'unchecked'}`}>{STATUS_WORDS[status ?? 'unchecked']}</span>
      {checkedAt !== null ? (
        <span className="muted">
          {' '}
          checked <Moment ms={checkedAt} />
        </span>
      ) : (
        <span className="faint"> never re-checked</span>
      )}
      {status === 'gone' && <span className="faint"> · shown as it was last seen</span>}
    </div>
  );
}

function Trend({ label, sightings, k }: { label: string; sightings: readonly Sighting[]; k: 'likes' | 'comments' | 'plays' }) {
  const t = sightingTrend(sightings, k);
  if (!t) return null;
  return (
    <span className="trend" data-testid={`trend-${k}`}>
      {label} {t.first.toLocaleString()} → <strong>{t.last.toLocaleString()}</strong>
      {t.delta !== 0 && <span className={t.delta > 0 ? 'trend-up' : 'trend-down'}> ({t.delta > 0 ? '+' : '−'}{Math.abs(t.delta).toLocaleString()})</span>}
    </span>
  );
}

export function SightingsTable({ sightings }: { sightings: readonly Sighting[] }) {
  if (sightings.length < 2) return <div className="faint">Seen once{sightings[0] ? <> (<Moment ms={sightings[0].seenAt} />)</> : null}: its history starts at the next run.</div>;
  const edits = captionEdits(sightings);
  const plays = sightings.some((s) => (s.plays ?? 0) > 0);
  return (
    <div className="history" data-testid="record-history" data-sightings={sightings.length}>
      <div className="row trends">
        <Trend label="Likes" sightings={sightings} k="likes" />
        <Trend label="Comments" sightings={sightings} k="comments" />
        <Trend label="Plays" sightings={sightings} k="plays" />
      </div>
      <table className="data history-table">
        <thead>
          <tr>
            <th>Seen</th>
            <th>By</th>
            <th className="num">Likes</th>
            <th className="num">Comments</th>
            {plays && <th className="num">Plays</th>}
          </tr>
        </thead>
        <tbody>
          {sightings.map((s, i) => (
            <tr key={i} data-testid="sighting">
              <td>
                <Moment ms={s.seenAt} />
              </td>
              <td className="muted">{s.runId !== null ? `run #${s.runId}` : s.checkId !== null ? `re-check #${s.checkId}` : '—'}</td>
              <td className="num">{s.likes?.toLocaleString() ?? ''}</td>
              <td className="num">{s.comments?.toLocaleString() ?? ''}</td>
              {plays && <td className="num">{s.plays?.toLocaleString() ?? ''}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {edits.map((e, i) => (
        <div key={i} className="caption-edit" data-testid="caption-edit">
          <div className="faint">
            Caption edited (seen <Moment ms={e.at} />)
          </div>
          <div className="word-diff">
            {wordDiff(e.before, e.after).map((p, j) => (p.op === 'same' ? <span key={j}>{p.text}</span> : p.op === 'del' ? <del key={j} className="diff-del">{p.text}</del> : <ins key={j} className="diff-add">{p.text}</ins>))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The studies that hold a record seen live (a post, a story), read from their databases: free. */
export function useStudyRefs(kind: 'post' | 'story', recordId: string): StudyRecordRef[] {
  const [refs, setRefs] = useState<StudyRecordRef[]>([]);
  useEffect(() => {
    let live = true;
    setRefs([]);
    void feedlens()
      .studyRecordFind({ kind, recordId })
      .then((r) => live && r.ok && setRefs(r.value));
    return () => {
      live = false;
    };
  }, [kind, recordId]);
  return refs;
}

/** For the post view: the studies that hold this post and have seen it more than once, re-checked it or analysed its media. */
export function PostStudyHistory({ postId }: { postId: string }) {
  const refs = useStudyRefs('post', postId);
  const shown = refs.filter((r) => r.sightings.length > 1 || r.status !== null || r.analysed);
  if (shown.length === 0) return null;
  return (
    <section className="post-study-history" aria-label="History in your studies" data-testid="post-study-history">
      {shown.map((r) => (
        <details key={r.studyId} open={shown.length === 1}>
          <summary>
            In the study{' '}
            <button type="button" className="link-btn" onClick={() => navigate({ name: 'study', id: r.studyId, tab: 'data' })}>
              {r.studyName}
            </button>{' '}
            <span className="faint">· seen {r.sightings.length === 1 ? 'once' : `${r.sightings.length} times`}</span>
          </summary>
          <StatusLine status={r.status} checkedAt={r.checkedAt} />
          <SightingsTable sightings={r.sightings} />
          {r.analysed && <MediaFindings studyId={r.studyId} rowid={r.rowid} />}
        </details>
      ))}
    </section>
  );
}
