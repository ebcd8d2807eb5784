// A saved item opened from the library: its files from disk (images and videos through the media
// protocol, carousel position, buttons, dots and arrow keys) beside what its sidecar says (caption,
// times, counts, where it came from), with "Show in folder". Nothing here calls the service.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { LibraryItem } from '../../../../shared/ipc';
import { ErrorView } from '../../components/ErrorView';
import { Icon } from '../../components/Icon';
import { useAppState } from '../../state/app';
import { reveal, useAction } from '../downloads/actions';
import { formatLocal, formatUtc } from '../post/format';
import { Modal } from '../post/Modal';
import { baseName, provenanceOf, savedFileUrl, summarize, viewerFiles } from './saved';
import { plural } from '../../format';

function SavedMedia({ path, kind, poster, alt }: { path: string; kind: string; poster: string | null; alt: string }) {
  const base = useAppState((s) => s.info?.mediaBase) ?? '';
  const src = savedFileUrl(base, path);
  if (kind === 'video') {
    return <video key={path} className="lib-media" src={src} poster={poster ? savedFileUrl(base, poster) : undefined} controls preload="metadata" playsInline aria-label={alt} data-testid="library-video" />;
  }
  if (kind === 'image') return <img key={path} className="lib-media" src={src} alt={alt} draggable={false} data-testid="library-image" />;
  return <div className="media-missing lib-media">{baseName(path)}</div>;
}

function When({ epochSec }: { epochSec: number }) {
  return (
    <time dateTime={new Date(epochSec * 1000).toISOString()} title={formatUtc(epochSec)}>
      {formatLocal(epochSec)}
    </time>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export function SavedItemViewer({ item, onClose }: { item: LibraryItem & { provenance?: unknown }; onClose: () => void }) {
  const files = viewerFiles(item.files);
  const count = files.length;
  const [index, setIndex] = useState(0);
  const go = useCallback((step: number) => setIndex((i) => Math.min(count - 1, Math.max(0, i + step))), [count]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLMediaElement || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (step === 0) return;
      e.preventDefault();
      go(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  const summary = summarize(item);
  const provenance = provenanceOf(item);
  const action = useAction();
  const file = files[index];
  const who = item.username ? `@${item.username}` : 'Unknown account';
  const alt = `${summary.what} by ${who}${count > 1 ? ` (item ${index + 1} of ${count})` : ''}`;

  return (
    <Modal title={`${who} · ${summary.what}`} onClose={onClose} testId="library-viewer">
      <div className="lib-viewer" data-item-id={item.id}>
        <figure className="lib-stage" aria-roledescription={count > 1 ? 'carousel' : undefined}>
          <div className="lib-frame" data-index={index + 1}>
            {file ? <SavedMedia path={file.path} kind={file.kind} poster={file.poster} alt={alt} /> : <div className="media-missing lib-media">No saved files are left on disk.</div>}
            {count > 1 && (
              <>
                <button type="button" className="stage-nav prev" onClick={() => go(-1)} disabled={index === 0} aria-label="Previous file" title="Previous (←)">
                  <Icon name="chevron-left" size={18} />
                </button>
                <button type="button" className="stage-nav next" onClick={() => go(1)} disabled={index === count - 1} aria-label="Next file" title="Next (→)">
                  <Icon name="chevron-right" size={18} />
                </button>
                <div className="stage-position" aria-live="polite" data-testid="library-position">
                  {index + 1} / {count}
                </div>
              </>
            )}
          </div>
          {count > 1 && (
            <div className="stage-dots" role="group" aria-label="Saved files">
              {files.map((f, i) => (
                <button key={f.path} type="button" className="stage-dot" aria-label={`File ${i + 1} of ${count}${f.kind === 'video' ? ' (video)' : ''}`} aria-current={i === index ? 'true' : undefined} onClick={() => setIndex(i)} />
              ))}
            </div>
          )}
        </figure>

        <aside className="lib-info" aria-label="About this saved item">
          {summary.caption && (
            <p className="lib-caption" data-testid="library-caption">
              {summary.caption}
            </p>
          )}
          <dl className="facts">
            {summary.fullName && <Fact label="Name">{summary.fullName}</Fact>}
            {item.takenAt !== null && (
              <Fact label="Taken" testId="library-taken">
                <When epochSec={item.takenAt} />
              </Fact>
            )}
            {summary.code && <Fact label="Shortcode">{<span className="mono">{summary.code}</span>}</Fact>}
            {summary.counts.map((c) => (
              <Fact key={c.label} label={c.label}>
                {c.value}
              </Fact>
            ))}
          </dl>

          <h3 className="lib-section">Where it came from</h3>
          <dl className="facts" data-testid="library-provenance">
            <Fact label="Endpoint" testId="library-endpoint">
              <span className="mono">{provenance.endpoint ?? 'Unknown'}</span>
            </Fact>
            {provenance.fetchedAt !== null && <Fact label="Fetched">{<When epochSec={provenance.fetchedAt / 1000} />}</Fact>}
            {provenance.requestId && (
              <Fact label="Request id">
                <span className="mono">{provenance.requestId}</span>
              </Fact>
            )}
            {provenance.savedAt !== null && <Fact label="Saved">{<When epochSec={provenance.savedAt / 1000} />}</Fact>}
            {provenance.simulated !== null && (
              <Fact label="Source" testId="library-source">
                {provenance.simulated ? 'Demo mode: invented by the simulator, not real data' : (provenance.origin ?? 'The live service')}
              </Fact>
            )}
          </dl>

          <h3 className="lib-section">
            {item.files.length} saved {plural(item.files.length, 'file', 'files')}
          </h3>
          <ul className="lib-files" data-testid="library-files">
            {item.files.map((path) => (
              <li key={path} className="mono" title={path} aria-current={file?.path === path ? 'true' : undefined}>
                {baseName(path)}
              </li>
            ))}
          </ul>
          {action.error !== null && <ErrorView error={action.error} compact />}
          <div className="row">
            <button type="button" className="btn small" onClick={() => action.run(() => reveal(file?.path ?? item.sidecar))} data-testid="library-reveal">
              <Icon name="folder" size={13} /> Show in folder
            </button>
          </div>
        </aside>
      </div>
    </Modal>
  );
}
