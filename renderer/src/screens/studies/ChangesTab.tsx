// What changed on a study's accounts: each account (followed by its user id, so a rename stays the same
// account) with its snapshots, and per account a timeline of what changed between two snapshots that
// follow each other, with both dates (local; UTC on hover). A biography shows before and after, one above
// the other, with the words that went and came marked.
import { useState } from 'react';
import type { FieldChange, ProfileChange } from '../../../../shared/ipc/study-data';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { countDelta, diffSides, fieldValue, FIELD_WORDS, isCountField, localTime, utcTime, wordDiff, type DiffPart } from './data-format';
import { studyKeys, useMainQuery, useStudyAccounts } from './queries';

export function Moment({ ms, testId }: { ms: number; testId?: string }) {
  return (
    <time dateTime={new Date(ms).toISOString()} title={`${utcTime(ms)} (UTC)`} data-testid={testId}>
      {localTime(ms)}
    </time>
  );
}

function DiffText({ parts }: { parts: DiffPart[] }) {
  return parts.map((p, i) =>
    p.op === 'same' ? (
      <span key={i}>{p.text}</span>
    ) : p.op === 'del' ? (
      <del key={i} className="diff-del">
        {p.text}
      </del>
    ) : (
      <ins key={i} className="diff-add">
        {p.text}
      </ins>
    ),
  );
}

function Diff({ before, after }: { before: string; after: string }) {
  const sides = diffSides(wordDiff(before, after));
  return (
    <div className="word-diff" data-testid="bio-diff">
      <div className="diff-side" data-testid="bio-before">
        <span className="diff-label faint">Before</span>
        <span className="diff-text">{before ? <DiffText parts={sides.before} /> : <span className="faint">(empty)</span>}</span>
      </div>
      <div className="diff-side" data-testid="bio-after">
        <span className="diff-label faint">After</span>
        <span className="diff-text">{after ? <DiffText parts={sides.after} /> : <span className="faint">(empty)</span>}</span>
      </div>
    </div>
  );
}

function Field({ change }: { change: FieldChange }) {
  const { field, before, after } = change;
  const words = FIELD_WORDS[field] ?? field;
  const delta = countDelta(before, after);
  return (
    <div className="change-field" data-testid="change-field" data-field={field}>
      <dt>{words}</dt>
      <dd>
        {field === 'biography' && typeof before === 'string' && typeof after === 'string' ? (
          <Diff before={before} after={after} />
        ) : field === 'profile_pic_hash' ? (
          <span>changed</span>
        ) : (
          <>
            <span className="change-before">{fieldValue(field, before)}</span> <span aria-label="became">→</span> <strong className="change-after">{fieldValue(field, after)}</strong>
            {delta && <span className={`faint change-delta`}> ({delta})</span>}
          </>
        )}
      </dd>
    </div>
  );
}

function ChangeEntry({ change }: { change: ProfileChange }) {
  const main = change.fields.filter((f) => !isCountField(f.field));
  const counts = change.fields.filter((f) => isCountField(f.field));
  return (
    <li className="change-entry card" data-testid="change-entry" data-fields={change.fields.map((f) => f.field).join(',')}>
      <div className="change-when muted">
        between <Moment ms={change.since} /> and <Moment ms={change.at} testId="change-at" />
        {change.runId !== null ? <span className="faint"> · run #{change.runId}</span> : <span className="faint"> · a re-check</span>}
      </div>
      {main.length > 0 && (
        <dl className="change-fields">
          {main.map((f) => (
            <Field key={f.field} change={f} />
          ))}
        </dl>
      )}
      {counts.length > 0 && (
        <dl className="change-fields change-counts">
          {counts.map((f) => (
            <Field key={f.field} change={f} />
          ))}
        </dl>
      )}
    </li>
  );
}

function Timeline({ studyId, targetId }: { studyId: string; targetId: number }) {
  const { data, error } = useMainQuery(studyKeys.timeline(studyId, targetId), () => feedlens().studyTimeline({ id: studyId, targetId }));
  const [countsToo, setCountsToo] = useState(false);
  if (error) return <ErrorView error={error} compact />;
  if (!data) return <div className="spinner" aria-label="Loading the timeline" />;
  const changes = countsToo ? data.changes : data.changes.filter((c) => c.fields.some((f) => !isCountField(f.field)));
  const first = data.snapshots[0];
  return (
    <section className="timeline" aria-label={`What changed on ${data.label}`} data-testid="timeline">
      <div className="row timeline-head">
        <h3>{data.label}</h3>
        <span className="muted">
          {data.snapshots.length.toLocaleString()} snapshot{data.snapshots.length === 1 ? '' : 's'}
          {first && (
            <>
              {' '}
              since <Moment ms={first.seenAt} />
            </>
          )}
        </span>
        <span className="spacer" />
        <label className="row check-label">
          <input type="checkbox" checked={countsToo} onChange={(e) => setCountsToo(e.target.checked)} data-testid="timeline-counts" /> Counts too
        </label>
      </div>
      {changes.length === 0 ? (
        <div className="state" data-testid="timeline-empty">
          <div>{data.snapshots.length < 2 ? 'One snapshot so far: changes show after the next run.' : 'Nothing changed between the snapshots.'}</div>
        </div>
      ) : (
        <ol className="change-list">
          {changes.map((c) => (
            <ChangeEntry key={c.snapshotId} change={c} />
          ))}
        </ol>
      )}
    </section>
  );
}

export function ChangesTab({ studyId }: { studyId: string }) {
  const { data, error, reload } = useStudyAccounts(studyId);
  const [picked, setPicked] = useState<number | null>(null);
  if (error) return <ErrorView error={error} onRetry={reload} />;
  if (!data) return <div className="spinner" aria-label="Loading the accounts" />;
  if (data.length === 0) {
    return (
      <div className="state" data-testid="changes-empty">
        <div>No accounts in this study. Each run keeps a snapshot of every account it follows; what changed shows here.</div>
      </div>
    );
  }
  const current = picked ?? data.find((a) => a.changes > 0)?.targetId ?? data[0]!.targetId;
  return (
    <div className="changes-layout">
      <ul className="change-accounts" aria-label="Accounts" data-testid="change-accounts">
        {data.map((a) => (
          <li key={a.targetId}>
            <button
              type="button"
              className={`change-account${a.targetId === current ? ' active' : ''}`}
              aria-pressed={a.targetId === current}
              onClick={() => setPicked(a.targetId)}
              data-testid="change-account"
              data-changes={a.changes}
              data-user-id={a.userId}
            >
              <span className="strong">{a.username ? `@${a.username}` : a.label}</span>
              {a.formerUsernames.length > 0 && <span className="faint"> was @{a.formerUsernames.join(', @')}</span>}
              <span className="faint change-account-facts">
                {a.changes > 0 ? `${a.changes} change${a.changes === 1 ? '' : 's'}` : 'no change'} · {a.snapshots} snapshot{a.snapshots === 1 ? '' : 's'}
                {a.lastChangeAt !== null && (
                  <>
                    {' '}
                    · <Moment ms={a.lastChangeAt} />
                  </>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Timeline studyId={studyId} targetId={current} />
    </div>
  );
}
