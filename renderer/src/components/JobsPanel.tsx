// The bulk collection jobs (shown on the Downloads screen): each with its state, what it collected of the
// list, pages read, units spent of its budget, pause / resume / cancel / remove, and where its output is.
// Live from main's 'job' events.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { JobInfo } from '../../../shared/ipc';
import { feedlens, unwrap } from '../api/bridge';
import { useMainAction } from '../api/useMainAction';
import { ErrorView } from './ErrorView';
import { Icon, type IconName } from './Icon';
import { ITEM_NOUNS, STATE_WORDS, jobActions, jobProgress, jobTitle, type JobAction } from './jobPlan';
import '../styles/selection.css';
import { plural } from '../format';

const JOBS_KEY = ['jobs'] as const;

/** The jobs main knows, newest first, each kept current by main's 'job' events. */
function useJobs(): { jobs: JobInfo[] | null; error: unknown } {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      // An event that arrives before the list is applied to it once it is there (the list is read after).
      feedlens().on('job', (info) =>
        queryClient.setQueryData<JobInfo[]>(JOBS_KEY, (list) => (list ? [info, ...list.filter((j) => j.id !== info.id)].sort((a, b) => b.startedAt - a.startedAt) : list)),
      ),
    [queryClient],
  );
  const query = useQuery({ queryKey: JOBS_KEY, queryFn: async () => unwrap(await feedlens().jobList({})), staleTime: 0, refetchOnMount: 'always' });
  return { jobs: query.data ?? null, error: query.error };
}

const ACTIONS: Readonly<Record<JobAction, { label: string; icon: IconName; title: string }>> = {
  pause: { label: 'Pause', icon: 'pause', title: 'Finish the page under way, then wait' },
  resume: { label: 'Resume', icon: 'play', title: 'Go on from where it stopped' },
  cancel: { label: 'Cancel', icon: 'stop', title: 'Stop for good; what was collected stays in its folder' },
  remove: { label: 'Remove', icon: 'trash', title: 'Delete the job and the items it collected' },
};

export function JobsPanel() {
  const { jobs, error } = useJobs();
  return (
    <section className="jobs-panel" aria-labelledby="jobs-title" data-testid="jobs-panel">
      <div className="jobs-head">
        <h2 id="jobs-title">Collection jobs</h2>
        {jobs && jobs.length > 0 && <span className="faint">{jobs.length.toLocaleString()}</span>}
      </div>
      {error !== null && <ErrorView error={error} compact />}
      {jobs === null && error === null && <div className="spinner" aria-label="Loading the jobs" />}
      {jobs?.length === 0 && (
        <div className="jobs-empty muted" data-testid="jobs-empty">
          None yet. “Collect all…” on a profile tab, a post’s comments or a hashtag or place page collects a whole list in the background,
          within a budget you confirm.
        </div>
      )}
      {jobs && jobs.length > 0 && (
        <ul className="jobs-list">
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </ul>
      )}
    </section>
  );
}

function JobRow({ job }: { job: JobInfo }) {
  // After an action the list is read again (a removed job leaves it).
  const { run, busy, error } = useMainAction([JOBS_KEY]);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { spec } = job;
  const nouns = ITEM_NOUNS[spec.kind];
  const expected = Math.min(spec.limit ?? Infinity, spec.knownCount ?? Infinity);
  const progress = jobProgress(job);

  const act = async (action: JobAction) => {
    if (action === 'remove' && !confirmRemove) {
      setConfirmRemove(true);
      return;
    }
    await run(() => feedlens().jobControl({ id: job.id, action }));
    setConfirmRemove(false);
  };
  const reveal = (path: string) => run(() => feedlens().revealPath({ path }));

  return (
    <li className="job" data-testid="job" data-job-id={job.id} data-state={job.state} data-items={job.items} data-units={job.unitsSpent} data-pages={job.pages}>
      <div className="job-head">
        <strong className="job-title">{jobTitle({ ...spec, withReplies: spec.withReplies })}</strong>
        <span className={`badge job-state ${job.state}`} data-testid="job-state">
          {job.state === 'running' && <span className="spinner small" aria-hidden />}
          {STATE_WORDS[job.state]}
        </span>
        <span className="spacer" />
        {jobActions(job.state).map((action) => (
          <button
            key={action}
            type="button"
            className={`btn small${action === 'remove' && confirmRemove ? ' danger' : ' ghost'}`}
            onClick={() => void act(action)}
            disabled={busy}
            title={ACTIONS[action].title}
            data-testid={`job-${action}`}
          >
            <Icon name={ACTIONS[action].icon} size={12} /> {action === 'remove' && confirmRemove ? 'Remove job and its items?' : ACTIONS[action].label}
          </button>
        ))}
        {confirmRemove && (
          <button type="button" className="btn small ghost" onClick={() => setConfirmRemove(false)}>
            Keep
          </button>
        )}
      </div>
      <div className="sel-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)} aria-label="Progress">
        <div className={`sel-bar-fill ${job.state}`} style={{ width: `${progress * 100}%` }} />
      </div>
      <div className="job-facts muted">
        <span data-testid="job-items">
          {job.items.toLocaleString()} {Number.isFinite(expected) ? `of ${expected.toLocaleString()} ` : ''}
          {job.items === 1 && !Number.isFinite(expected) ? nouns[0] : nouns[1]}
        </span>
        <span>
          {job.pages.toLocaleString()} {plural(job.pages, 'page', 'pages')}
        </span>
        <span data-testid="job-units">
          {job.unitsSpent.toLocaleString()} of {spec.budget.toLocaleString()} requests spent
        </span>
        <span className="faint" title={new Date(job.startedAt).toString()}>
          started {new Date(job.startedAt).toLocaleString()}
        </span>
      </div>
      {job.error && (
        <div className="field-error" role="alert">
          {job.error}
        </div>
      )}
      {error && <div className="field-error">{error.message}</div>}
      {job.output && (
        <div className="job-output">
          <span className="mono" title={job.output}>
            {job.output}
          </span>
          <button type="button" className="btn small ghost" onClick={() => void reveal(job.output ?? '')} data-testid="job-reveal">
            <Icon name="folder" size={12} /> Show in folder
          </button>
        </div>
      )}
    </li>
  );
}
