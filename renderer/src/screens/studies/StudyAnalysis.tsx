// A study's exports for analysis tools and its data minimisation (tab "Exports"): networks for Gephi
// (GEXF 1.3 + node and edge CSVs), Parquet tables, a 4CAT import file (Zeeschuimer NDJSON), each after
// the ethics reminder, and the study's minimisation presets. Main writes the files into the study's
// exports folder and records the presets and the reminder's choice in each manifest; main asks before a
// retention rule deletes anything.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnalysisExportResult, EthicsChoice, Minimisation, NetworkKind } from '../../../../shared/ipc/analysis';
import { NETWORK_KINDS, NO_MINIMISATION } from '../../../../shared/study-values';
import type { RunInfo } from '../../../../shared/ipc/studies';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { useEthicsGate } from '../../components/EthicsReminder';
import { Icon } from '../../components/Icon';
import { useStudyAction } from './actions';
import { localDateTime } from './format';
import { studyKeys, useMainQuery } from './queries';
import '../../styles/analysis.css';

const NETWORK_WORDS: Readonly<Record<NetworkKind, string>> = {
  cohashtag: 'Co-hashtags',
  mentions: 'Author → mentioned',
  tagged: 'Author → tagged',
  coauthors: 'Co-authors',
  comments: 'Commenter → post author',
  replies: 'Reply → parent author',
  followers: 'Follower → account',
  following: 'Account → followed',
  reuse: 'First poster → reposter of a picture',
};

type Kind = 'networks' | 'parquet' | '4cat';

const KINDS: readonly { kind: Kind; title: string; detail: string }[] = [
  { kind: 'networks', title: 'Networks (Gephi)', detail: 'One GEXF 1.3 file and a node + edge CSV pair per network, with counts, weights and first and last dates.' },
  { kind: 'parquet', title: 'Parquet tables', detail: 'Posts, comments, users, stories, follows, snapshots and runs with typed columns, for DuckDB, pandas, R, Spark.' },
  { kind: '4cat', title: '4CAT import', detail: 'The posts as NDJSON in Zeeschuimer’s format, for 4CAT’s “Import from Zeeschuimer”.' },
];

function Exports({ studyId, runs }: { studyId: string; runs: RunInfo[] }) {
  const [kind, setKind] = useState<Kind>('networks');
  const [networks, setNetworks] = useState<Set<NetworkKind>>(() => new Set(NETWORK_KINDS));
  const [runId, setRunId] = useState<number | null>(null);
  const [pseudonymise, setPseudonymise] = useState(false);
  const exporting = useStudyAction(studyId);
  const busy = exporting.busy;
  const [result, setResult] = useState<AnalysisExportResult | null>(null);
  const ethics = useEthicsGate();

  const run = async (choice: EthicsChoice, pseudo: boolean) => {
    setResult(null);
    const r = await exporting.run(() =>
      feedlens().studyAnalysisExport({
        id: studyId,
        kind,
        scope: 'seen',
        ethics: choice,
        ...(runId !== null ? { runId } : {}),
        ...(kind === 'networks' ? { networks: NETWORK_KINDS.filter((k) => networks.has(k)) } : {}),
        ...(pseudo ? { pseudonymise: { dropNames: false, dropPictures: false, dropText: false } } : {}),
      }),
    );
    if (r.ok) setResult(r.value);
  };
  const toggle = (k: NetworkKind) => setNetworks((s) => (s.has(k) ? new Set([...s].filter((x) => x !== k)) : new Set([...s, k])));

  return (
    <section className="card analysis-exports" aria-label="Exports for analysis tools" data-testid="analysis-exports">
      <h3>Exports for analysis tools</h3>
      <div className="analysis-kinds" role="radiogroup" aria-label="Format">
        {KINDS.map((k) => (
          <label key={k.kind} className={`analysis-kind${kind === k.kind ? ' active' : ''}`}>
            <input type="radio" name="analysis-kind" value={k.kind} checked={kind === k.kind} onChange={() => setKind(k.kind)} data-testid={`analysis-kind-${k.kind}`} />
            <span className="stack">
              <strong>{k.title}</strong>
              <span className="faint">{k.detail}</span>
            </span>
          </label>
        ))}
      </div>
      {kind === 'networks' && (
        <fieldset className="analysis-networks">
          <legend className="faint">Networks</legend>
          {NETWORK_KINDS.map((k) => (
            <label key={k} className="checkbox">
              <input type="checkbox" checked={networks.has(k)} onChange={() => toggle(k)} /> {NETWORK_WORDS[k]}
            </label>
          ))}
        </fieldset>
      )}
      <div className="row wrap">
        <select value={runId ?? ''} onChange={(e) => setRunId(e.target.value === '' ? null : Number(e.target.value))} aria-label="What to export">
          <option value="">Everything the study holds</option>
          {runs.map((r) => (
            <option key={r.id} value={r.id}>
              What run #{r.id} saw ({localDateTime(r.startedAt)})
            </option>
          ))}
        </select>
        <label className="checkbox">
          <input type="checkbox" checked={pseudonymise} onChange={(e) => setPseudonymise(e.target.checked)} /> Pseudonymise (this study’s key)
        </label>
        <span className="spacer" />
        <button type="button" className="btn primary" disabled={busy || (kind === 'networks' && networks.size === 0)} onClick={() => ethics.ask(pseudonymise, (c, p) => void run(c, p))} data-testid="analysis-export">
          <Icon name="file-export" size={13} /> {busy ? 'Exporting…' : 'Export…'}
        </button>
      </div>
      {ethics.view}
      {result && (
        <div className="row muted" data-testid="analysis-exported">
          <span>
            {result.files.length.toLocaleString()} {result.files.length === 1 ? 'file' : 'files'}, {result.rows.toLocaleString()} rows: <span className="mono">{result.path}</span>
          </span>
          <button type="button" className="btn small ghost" onClick={() => void feedlens().revealPath({ path: result.path })}>
            <Icon name="folder" size={12} /> Show
          </button>
        </div>
      )}
      {exporting.error && <ErrorView error={exporting.error} compact />}
    </section>
  );
}

const PRESETS: readonly { key: Exclude<keyof Minimisation, 'retentionDays'>; label: string; detail: string }[] = [
  { key: 'captionsOnly', label: 'Captions only', detail: 'No comments, likers, followers or following are collected (nothing is spent on them).' },
  { key: 'noCommenterIdentities', label: 'No commenter identities', detail: 'Comments are kept without who wrote them.' },
  { key: 'noMediaFiles', label: 'No media files', detail: 'No photos or videos are saved for this study.' },
  { key: 'noProfilePictures', label: 'No profile pictures', detail: 'Profile picture links are neither kept nor exported.' },
];

function Minimising({ studyId }: { studyId: string }) {
  const queryClient = useQueryClient();
  const key = studyKeys.minimisation(studyId);
  const { data: info, error: loadError } = useMainQuery(key, () => feedlens().studyMinimisationGet({ id: studyId }));
  // The presets as saved until the user changes one.
  const [edited, setForm] = useState<Minimisation | null>(null);
  const form = edited ?? info?.minimisation ?? NO_MINIMISATION;
  const [message, setMessage] = useState<string | null>(null);
  const saving = useStudyAction(studyId);
  const busy = saving.busy;
  const error = loadError ?? saving.error;
  const save = async () => {
    setMessage(null);
    // Main asks first when the retention rule would delete raw answers now.
    const r = await saving.run(() => feedlens().studyMinimisationSet({ id: studyId, minimisation: form }));
    if (r.ok) {
      queryClient.setQueryData(key, r.value);
      setForm(null);
      setMessage('Saved. The presets apply to the next runs and to every export.');
    } else if (r.error.kind === 'cancelled') setMessage(r.error.message);
  };
  const changed = info !== null && JSON.stringify(info.minimisation) !== JSON.stringify(form);
  return (
    <section className="card analysis-minimise" aria-label="Data minimisation" data-testid="minimisation">
      <h3>Data minimisation</h3>
      {PRESETS.map((p) => (
        <label key={p.key} className="checkbox analysis-preset">
          <input type="checkbox" checked={form[p.key]} onChange={(e) => setForm({ ...form, [p.key]: e.target.checked })} data-testid={`preset-${p.key}`} />
          <span className="stack">
            <span>{p.label}</span>
            <span className="faint">{p.detail}</span>
          </span>
        </label>
      ))}
      <label className="checkbox analysis-preset">
        <input type="checkbox" checked={form.retentionDays !== null} onChange={(e) => setForm({ ...form, retentionDays: e.target.checked ? 90 : null })} data-testid="preset-retention" />
        <span className="stack">
          <span>
            Delete raw answers after{' '}
            <input type="number" min={1} max={36500} value={form.retentionDays ?? 90} disabled={form.retentionDays === null} onChange={(e) => setForm({ ...form, retentionDays: Math.max(1, Math.min(36_500, Math.round(Number(e.target.value) || 1))) })} aria-label="Days" className="analysis-days" />{' '}
            days
          </span>
          <span className="faint">The pseudonymised records are kept (with this study’s key); the service’s raw answers are deleted.</span>
        </span>
      </label>
      <div className="row">
        {info && info.retained > 0 && (
          <span className="faint">
            {info.retained.toLocaleString()} raw answers deleted so far{info.retentionRanAt ? `, last on ${localDateTime(info.retentionRanAt)}` : ''}.
          </span>
        )}
        <span className="spacer" />
        <button type="button" className="btn" disabled={!changed || busy} onClick={() => void save()} data-testid="minimisation-save">
          {busy ? 'Saving…' : 'Save presets'}
        </button>
      </div>
      {message && <div className="muted" data-testid="minimisation-message">{message}</div>}
      {error && <ErrorView error={error} compact />}
    </section>
  );
}

export function StudyAnalysis({ studyId, runs }: { studyId: string; runs: RunInfo[] }) {
  return (
    <div className="study-analysis" data-testid="study-analysis">
      <Exports studyId={studyId} runs={runs} />
      <Minimising studyId={studyId} />
    </div>
  );
}
