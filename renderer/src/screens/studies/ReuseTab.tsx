// A study's "Reuse" tab: its media analysis (hashes, keyframes and text of every picture and video, made
// on this computer: nothing is sent to the service, nothing billed), and the groups of near-identical pictures across accounts and
// time, first poster first. k (bits of 64 within which two pictures are the same) is the study's own:
// the data browser's "In a reuse group" filter and the reuse network follow it.
import { useEffect, useState } from 'react';
import { OCR_LANGUAGE_CODES, OCR_LANGUAGE_WORDS, REUSE_DEFAULT_BITS, REUSE_MAX_BITS, type MediaStatus, type ReuseGroupView, type ReuseItem } from '../../../../shared/ipc/media';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { MediaImage } from '../../components/Media';
import { useDebounced } from '../../hooks/useDebounced';
import { useStudyAction } from './actions';
import { Moment } from './ChangesTab';
import { useCodes, useMediaStatus, useReuse } from './queries';
import { RecordViewer } from './RecordViewer';
import '../../styles/reuse.css';

type Language = MediaStatus['languages'][number];

function AnalysisPanel({ studyId, status }: { studyId: string; status: MediaStatus }) {
  const action = useStudyAction(studyId);
  // The languages text is read in: the study's, changed here for the next start.
  const [languages, setLanguages] = useState<Language[] | null>(null);
  const chosen = languages ?? status.languages;
  const toggle = (code: Language, on: boolean) => setLanguages(OCR_LANGUAGE_CODES.filter((c) => (c === code ? on : chosen.includes(c))));
  const left = status.items - status.done;
  const running = status.state === 'running';
  const share = status.items > 0 ? (status.done + status.failed) / status.items : 0;
  return (
    <div className="card reuse-analysis" data-testid="media-analysis" data-state={status.state} data-done={status.done} data-items={status.items}>
      <div className="reuse-head">
        <div className="stack">
          <strong>Media analysis</strong>
          <span className="muted" data-testid="media-counts">
            {status.done.toLocaleString()} of {status.items.toLocaleString()} pictures and videos analysed
            {status.failed > 0 ? `, ${status.failed.toLocaleString()} failed (tried again at the next start)` : ''}
          </span>
        </div>
        {running ? (
          <button type="button" className="btn small" onClick={() => void action.run(() => feedlens().studyMediaPause({ id: studyId }))} data-testid="media-pause">
            Pause
          </button>
        ) : (
          <button type="button" className="btn small primary" disabled={left === 0 || action.busy} onClick={() => void action.run(() => feedlens().studyMediaStart({ id: studyId, languages: chosen }))} data-testid="media-start">
            {status.done > 0 && left > 0 ? `Resume: ${left.toLocaleString()} left` : left > 0 ? `Analyse ${left.toLocaleString()} items` : 'All analysed'}
          </button>
        )}
      </div>
      <div className="sel-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)} aria-label="Items analysed">
        <div className={`sel-bar-fill ${status.state}`} style={{ width: `${share * 100}%` }} />
      </div>
      <fieldset className="row wrap reuse-languages" disabled={running} data-testid="ocr-languages">
        <legend className="faint">Read text in pictures and keyframes (OCR) in</legend>
        {OCR_LANGUAGE_CODES.map((code) => (
          <label key={code} className="row check-label">
            <input type="checkbox" checked={chosen.includes(code)} onChange={(e) => toggle(code, e.target.checked)} data-testid={`ocr-${code}`} /> {OCR_LANGUAGE_WORDS[code]}
          </label>
        ))}
        {chosen.length === 0 && <span className="faint">No text is read.</span>}
      </fieldset>
      <span className="faint">
        Runs on this computer{running ? ` (${status.threads} ${status.threads === 1 ? 'thread' : 'threads'})` : ''}: the study's saved files, else the media cache, else the
        picture is fetched from the platform's CDN. No request to the service, nothing billed. Posts a run stores during the analysis are included; later ones wait for the next start.
      </span>
      {status.message && <div className="muted">{status.message}</div>}
      {action.error && <ErrorView error={action.error} compact />}
    </div>
  );
}

function Tile({ item, first, onOpen }: { item: ReuseItem; first: boolean; onOpen: () => void }) {
  return (
    <button type="button" className="reuse-tile" onClick={onOpen} data-testid="reuse-tile" title={first ? 'The first poster' : `${item.bits} bits from the first picture`}>
      <MediaImage url={item.imageUrl} alt={`Picture posted by @${item.username ?? 'unknown'}`} className="reuse-thumb" />
      <span className="reuse-who">@{item.username ?? 'unknown'}</span>
      <span className="reuse-when">
        {first ? <span className="badge ok">first</span> : <span className="badge">{item.bits} bits</span>}
        <span className="faint">{item.takenAt !== null ? <Moment ms={item.takenAt * 1000} /> : 'no date'}</span>
      </span>
      <span className="faint">
        {item.likes?.toLocaleString() ?? '–'} likes · {item.comments?.toLocaleString() ?? '–'} comments
      </span>
    </button>
  );
}

/** Makes an image wall of a reuse group (0: every group) and says where it went. */
function WallButton({ studyId, group, label }: { studyId: string; group: number; label: string }) {
  const action = useStudyAction(studyId);
  const [made, setMade] = useState<{ path: string; tiles: number } | null>(null);
  const make = async () => {
    const r = await action.run(() => feedlens().studyWall({ id: studyId, group, sort: group === 0 ? 'group' : 'date' }));
    setMade(r.ok ? r.value : null);
  };
  return (
    <span className="row reuse-wall">
      <button type="button" className="btn small ghost" disabled={action.busy} onClick={() => void make()} data-testid={`reuse-wall-${group}`} title="wall.png, captions.csv naming every tile and index.html, in the study's exports/walls folder">
        {action.busy ? 'Laying out…' : label}
      </button>
      {made && (
        <button type="button" className="link-btn" onClick={() => void feedlens().revealPath({ path: made.path })} data-testid="reuse-wall-made">
          {made.tiles} tiles: show the folder
        </button>
      )}
      {action.error && <ErrorView error={action.error} compact />}
    </span>
  );
}

function Group({ studyId, group, n, onOpen }: { studyId: string; group: ReuseGroupView; n: number; onOpen: (item: number) => void }) {
  const first = group.items[0]!;
  const posts = new Set(group.items.map((i) => i.postRowid)).size;
  return (
    <article className="card reuse-group" data-testid="reuse-group">
      <header className="row spread-row">
        <span className="muted">
          Group {n} · {posts} posts by {group.accounts} {group.accounts === 1 ? 'account' : 'accounts'} · first posted by @{first.username ?? 'unknown'}
        </span>
        <WallButton studyId={studyId} group={n} label="Image wall" />
      </header>
      <div className="reuse-tiles">
        {group.items.map((item, i) => (
          <Tile key={item.rowid} item={item} first={i === 0} onOpen={() => onOpen(i)} />
        ))}
      </div>
    </article>
  );
}

export function ReuseTab({ studyId }: { studyId: string }) {
  const status = useMediaStatus(studyId);
  const reuse = useReuse(studyId);
  const codes = useCodes(studyId);
  const setK = useStudyAction(studyId);
  const [bits, setBits] = useState<number | null>(null);
  const asked = useDebounced(bits, 250);
  const [open, setOpen] = useState<{ group: number; item: number } | null>(null);
  const answer = reuse.data;
  const shown = bits ?? answer?.maxBits ?? REUSE_DEFAULT_BITS;

  useEffect(() => {
    if (asked === null || asked === answer?.maxBits) return;
    void setK.run(() => feedlens().studyReuse({ id: studyId, maxBits: asked }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once per settled value
  }, [asked]);

  const groups = answer?.groups ?? [];
  const openGroup = open ? groups[open.group] : undefined;
  const openItem = openGroup?.items[open!.item];
  return (
    <section className="study-reuse" data-testid="study-reuse">
      {status.error ? <ErrorView error={status.error} onRetry={status.reload} /> : status.data && <AnalysisPanel studyId={studyId} status={status.data} />}
      <div className="row wrap reuse-controls">
        <label className="row" htmlFor="reuse-bits">
          Same picture within
          <input id="reuse-bits" type="range" min={0} max={REUSE_MAX_BITS} value={shown} onChange={(e) => setBits(Number(e.target.value))} data-testid="reuse-bits" />
          <output data-testid="reuse-bits-value">{shown}</output> bits of 64
        </label>
        {shown !== REUSE_DEFAULT_BITS && (
          <button type="button" className="btn small ghost" onClick={() => setBits(REUSE_DEFAULT_BITS)}>
            Back to {REUSE_DEFAULT_BITS}
          </button>
        )}
        <span className="faint" title="pHash: re-encoded, resized, slightly cropped or brightened copies stay within 10 bits; different pictures are about 32 apart. More bits find more, and more false matches (docs/analysis.md).">
          Default {REUSE_DEFAULT_BITS}: copies re-encoded, resized, slightly cropped or brightened stay within it.
        </span>
        {groups.length > 0 && <WallButton studyId={studyId} group={0} label="Image wall of every group" />}
        {answer && (
          <span className="muted" data-testid="reuse-summary" data-groups={groups.length} data-bits={answer.maxBits}>
            {groups.length.toLocaleString()} {groups.length === 1 ? 'group' : 'groups'} among {answer.hashed.toLocaleString()} hashed pictures
          </span>
        )}
      </div>
      {reuse.error && <ErrorView error={reuse.error} onRetry={reuse.reload} />}
      {setK.error && <ErrorView error={setK.error} compact />}
      {answer && groups.length === 0 && (
        <p className="muted" data-testid="reuse-empty">
          {answer.hashed === 0 ? 'No picture is analysed yet: start the media analysis above.' : 'No picture of this study appears in two posts at this k.'}
        </p>
      )}
      <div className="reuse-groups">
        {groups.map((g, i) => (
          <Group key={g.items[0]!.rowid} studyId={studyId} group={g} n={i + 1} onOpen={(item) => setOpen({ group: i, item })} />
        ))}
      </div>
      {open && openGroup && openItem && (
        <RecordViewer
          studyId={studyId}
          rowid={openItem.postRowid}
          codes={codes.data ?? []}
          position={`${open.item + 1} of ${openGroup.items.length} in group ${open.group + 1}`}
          onStep={(step) => setOpen({ group: open.group, item: Math.min(openGroup.items.length - 1, Math.max(0, open.item + step)) })}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
