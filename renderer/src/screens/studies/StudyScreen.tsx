// A study (route { name: 'study', id, tab? }): its folder and database, the run under way live, its
// targets, its schedule and its runs. Every run and schedule is confirmed by main before it spends.
import { useState } from 'react';
import type { RunInfo } from '../../../../shared/ipc/studies';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { Icon } from '../../components/Icon';
import { Tabs } from '../../components/Tabs';
import { useNavigation, useRoute } from '../../state/navigation';
import { useStudyAction } from './actions';
import { AddTargetsDialog } from './AddTargetsDialog';
import { ChangesTab } from './ChangesTab';
import { Codebook } from './Coding';
import { DataBrowser } from './DataBrowser';
import { durationWords, localDateTime, relativeTime, runFound, runPace, runProgress, RUN_STATE_WORDS, requestCount } from './format';
import { RunDialog } from './RunDialog';
import { RunDetailView, RunsHistory } from './RunsHistory';
import { ConfirmSchedule, ScheduleDialog } from './ScheduleDialog';
import { StudyAnalysis } from './StudyAnalysis';
import { StudyCharts } from './StudyCharts';
import { TargetsTable } from './TargetsTable';
import { ReuseTab } from './ReuseTab';
import { useCodes, useLiveRun, useStudy } from './queries';
import '../../styles/studies.css';
import '../../styles/study-data.css';

type StudyTab = 'targets' | 'runs' | 'data' | 'changes' | 'coding' | 'charts' | 'reuse' | 'exports';

const TAB_WORDS: Readonly<Record<StudyTab, string>> = { targets: 'Targets', runs: 'Runs', data: 'Data', changes: 'Changes', coding: 'Codebook', charts: 'Charts', reuse: 'Reuse', exports: 'Exports' };

function CodebookTab({ studyId }: { studyId: string }) {
  const codes = useCodes(studyId);
  if (codes.error) return <ErrorView error={codes.error} onRetry={codes.reload} />;
  if (!codes.data) return <div className="spinner" aria-label="Loading the codebook" />;
  return <Codebook studyId={studyId} codes={codes.data} onChanged={codes.set} />;
}

function TabPanel({ tab, detail, onChanged }: { tab: StudyTab; detail: NonNullable<ReturnType<typeof useStudy>['data']>; onChanged: () => void }) {
  const { study, targets, runs } = detail;
  switch (tab) {
    case 'targets':
      return <TargetsTable studyId={study.id} targets={targets} schedule={study.schedule} onChanged={onChanged} />;
    case 'runs':
      return <RunsHistory studyId={study.id} runs={runs} onChanged={onChanged} />;
    case 'data':
      return <DataBrowser studyId={study.id} />;
    case 'changes':
      return <ChangesTab studyId={study.id} />;
    case 'coding':
      return <CodebookTab studyId={study.id} />;
    case 'charts':
      return <StudyCharts studyId={study.id} studyName={study.name} targets={targets} />;
    case 'reuse':
      return <ReuseTab studyId={study.id} />;
    case 'exports':
      return <StudyAnalysis studyId={study.id} runs={runs} />;
  }
}

function LiveRun({ studyId, run, onChanged }: { studyId: string; run: RunInfo; onChanged: () => void }) {
  const [confirmCancel, setConfirmCancel] = useState(false);
  const control = useStudyAction(studyId);
  const act = async (action: 'pause' | 'resume' | 'cancel') => {
    if (action === 'cancel' && !confirmCancel) return setConfirmCancel(true);
    setConfirmCancel(false);
    await control.run(() => feedlens().studyRunControl({ id: studyId, runId: run.id, action }));
    onChanged();
  };
  const progress = runProgress(run);
  const pace = runPace(run, Date.now());
  const [perTarget, setPerTarget] = useState(false);
  return (
    <section className="live-run card" aria-label="Run under way" data-testid="live-run" data-state={run.state} data-pages={run.pages} data-units={run.unitsSpent}>
      <div className="row">
        <strong>Run #{run.id}</strong>
        <span className={`badge job-state ${run.state}`}>
          {run.state === 'running' && <span className="spinner small" aria-hidden />}
          {RUN_STATE_WORDS[run.state]}
        </span>
        <span className="muted">
          {runFound(run)} · {run.pages.toLocaleString()} pages · {requestCount(run.unitsSpent)} of {run.budget.toLocaleString()}
          {run.estimate !== null ? ` (estimate ${run.estimate.toLocaleString()})` : ''}
        </span>
        <span className="muted" data-testid="live-pace">
          {pace.pagesPerSecond !== null ? `${pace.pagesPerSecond.toLocaleString('en-US', { maximumFractionDigits: 1 })} pages/s` : ''}
          {pace.leftMs !== null ? ` · about ${durationWords(pace.leftMs)} left` : ''}
        </span>
        <span className="spacer" />
        {run.state === 'running' ? (
          <button type="button" className="btn small" onClick={() => void act('pause')} data-testid="live-pause">
            <Icon name="pause" size={12} /> Pause
          </button>
        ) : (
          <button type="button" className="btn small" onClick={() => void act('resume')} data-testid="live-resume">
            <Icon name="play" size={12} /> Resume
          </button>
        )}
        <button type="button" className={`btn small${confirmCancel ? ' danger' : ''}`} onClick={() => void act('cancel')} data-testid="live-cancel">
          <Icon name="stop" size={12} /> {confirmCancel ? 'Cancel this run?' : 'Cancel'}
        </button>
        {confirmCancel && (
          <button type="button" className="btn small ghost" onClick={() => setConfirmCancel(false)}>
            Keep it
          </button>
        )}
      </div>
      <div className="sel-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)} aria-label="Budget used">
        <div className={`sel-bar-fill ${run.state}`} style={{ width: `${progress * 100}%` }} />
      </div>
      {run.message && <div className="muted">{run.message}</div>}
      {control.error && <ErrorView error={control.error} compact />}
      <button type="button" className="btn small ghost" onClick={() => setPerTarget((x) => !x)} aria-expanded={perTarget} data-testid="live-per-target">
        {perTarget ? '▾' : '▸'} Per target
      </button>
      {perTarget && <RunDetailView studyId={studyId} run={run} />}
    </section>
  );
}

export function StudyScreen() {
  const route = useRoute();
  const replace = useNavigation((s) => s.replace);
  const id = route.name === 'study' ? route.id : '';
  const tab: StudyTab = route.name === 'study' ? (route.tab ?? 'targets') : 'targets';
  const { data, error, reload } = useStudy(id);
  const active = data?.runs.find((r) => r.state === 'running' || r.state === 'paused') ?? null;
  const live = useLiveRun(id, active);
  const [dialog, setDialog] = useState<'add' | 'run' | 'schedule' | null>(null);
  if (error) return <div className="page"><ErrorView error={error} onRetry={reload} /></div>;
  if (!data) return <div className="page"><div className="spinner" aria-label="Loading the study" /></div>;
  const { study, targets, runs } = data;
  const showLive = live && (live.state === 'running' || live.state === 'paused') ? live : null;
  const now = Date.now();
  return (
    <div className="page study-page" data-testid="study-screen" data-study-id={study.id}>
      <div className="page-header study-header">
        <div className="stack study-title">
          <h1 data-testid="study-title" title={study.name}>
            {study.name}
          </h1>
          {study.description && (
            <div className="muted" title={study.description}>
              {study.description}
            </div>
          )}
          <div className="study-paths faint">
            <button type="button" className="btn small ghost" onClick={() => void feedlens().revealPath({ path: study.database })} title="Show the database in the file manager" data-testid="study-reveal">
              <Icon name="folder" size={12} /> <span className="mono">{study.database}</span>
            </button>
          </div>
        </div>
        <span className="spacer" />
        <button type="button" className="btn" onClick={() => setDialog('add')} disabled={study.readOnly !== null} data-testid="study-add-targets">
          + Add targets
        </button>
        <button type="button" className="btn" onClick={() => setDialog('schedule')} disabled={study.readOnly !== null} data-testid="study-schedule">
          <Icon name="clock" size={13} /> {study.schedule ? `Every ${study.schedule.everyHours} h` : 'Schedule…'}
        </button>
        <button type="button" className="btn primary" onClick={() => setDialog('run')} disabled={showLive !== null || targets.length === 0 || study.readOnly !== null} data-testid="study-run">
          <Icon name="play" size={12} /> Run now…
        </button>
      </div>
      {study.readOnly && (
        <div className="notice warn" role="note" data-testid="study-read-only">
          {study.readOnly} Its data can be browsed here; runs, schedules and changes wait until the holder lets go.
        </div>
      )}
      <dl className="study-facts" data-testid="study-facts">
        <div>
          <dt>targets</dt>
          <dd>{study.targets.toLocaleString()}</dd>
        </div>
        <div>
          <dt>items</dt>
          <dd data-testid="study-items">{study.items.toLocaleString()}</dd>
        </div>
        <div>
          <dt>runs</dt>
          <dd>{runs.length.toLocaleString()}</dd>
        </div>
        <div>
          <dt>spent</dt>
          <dd>{requestCount(study.units)}</dd>
        </div>
        <div>
          <dt>next run</dt>
          <dd title={study.schedule?.confirmed ? localDateTime(study.schedule.nextRunAt) : undefined}>
            {!study.schedule
              ? 'not scheduled'
              : study.schedule.confirmed
                ? `${relativeTime(study.schedule.nextRunAt, now)} · ${requestCount(study.schedule.spentToday)} of ${study.schedule.dailyBudget.toLocaleString()} today`
                : 'none until you confirm the schedule'}
          </dd>
        </div>
      </dl>
      {study.schedule?.waiting && (
        <div className="notice warn" data-testid="schedule-waiting">
          {study.schedule.waiting}
          {!study.schedule.confirmed && <ConfirmSchedule studyId={study.id} schedule={study.schedule} onChanged={reload} />}
        </div>
      )}
      {showLive && <LiveRun studyId={study.id} run={showLive} onChanged={reload} />}
      <Tabs<StudyTab>
        label="Study"
        active={tab}
        onChange={(next) => replace({ name: 'study', id, tab: next })}
        tabs={[
          { key: 'targets', label: 'Targets', count: targets.length },
          { key: 'runs', label: 'Runs', count: runs.length },
          { key: 'data', label: 'Data', count: study.items },
          { key: 'changes', label: 'Changes', count: null },
          { key: 'coding', label: 'Codebook', count: null },
          { key: 'charts', label: 'Charts' },
          { key: 'reuse', label: 'Reuse' },
          { key: 'exports', label: 'Exports' },
        ]}
      />
      <div role="tabpanel" aria-label={TAB_WORDS[tab]}>
        <TabPanel tab={tab} detail={data} onChanged={reload} />
      </div>
      {dialog === 'add' && <AddTargetsDialog studyId={study.id} studyName={study.name} onClose={() => setDialog(null)} onAdded={reload} />}
      {dialog === 'run' && <RunDialog studyId={study.id} studyName={study.name} onClose={() => setDialog(null)} onStarted={reload} />}
      {dialog === 'schedule' && <ScheduleDialog studyId={study.id} studyName={study.name} schedule={study.schedule} onClose={() => setDialog(null)} onChanged={reload} />}
    </div>
  );
}
