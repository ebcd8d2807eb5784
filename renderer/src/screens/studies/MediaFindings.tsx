// What the study's media analysis found of a record, under it in the record viewer: for the post (each
// carousel item) or story, its keyframes with their times and the stripe of a video, the text read in
// its pictures with the confidence, and its pHash. Read from the study's database: nothing is sent.
import type { MediaFinding } from '../../../../shared/ipc/media';
import { feedlens } from '../../api/bridge';
import { MediaImage } from '../../components/Media';
import { studyKeys, useMainQuery } from './queries';
import '../../styles/reuse.css';

const seconds = (s: number | null): string => (s === null ? '' : `${s.toFixed(1)} s`);

function Finding({ item, n, of }: { item: MediaFinding; n: number; of: number }) {
  const keyframes = item.frames.filter((f) => f.frame > 0);
  const texts = item.frames.filter((f) => f.ocrText);
  const picture = item.frames.find((f) => f.frame === 0);
  return (
    <div className="finding stack" data-testid="media-finding" data-keyframes={keyframes.length}>
      {of > 1 && <span className="faint">{item.kind === 'carousel_item' ? `Item ${n}` : 'The post'}</span>}
      {item.state === 'failed' && <span className="muted">Not analysed: {item.message}</span>}
      {keyframes.length > 0 && (
        <div className="finding-frames" aria-label="Keyframes">
          {keyframes.map((f) => (
            <figure key={f.frame} className="finding-frame" data-testid="keyframe">
              <MediaImage url={f.url} alt={`Keyframe ${f.frame} at ${seconds(f.atSeconds)}`} />
              <figcaption className="faint">{seconds(f.atSeconds)}</figcaption>
            </figure>
          ))}
        </div>
      )}
      {item.stripeUrl && (
        <figure className="finding-stripe" data-testid="stripe">
          <MediaImage url={item.stripeUrl} alt="The keyframes side by side (the video's stripe)" />
          <figcaption className="faint">Stripe: the keyframes side by side</figcaption>
        </figure>
      )}
      {texts.map((f) => (
        <blockquote key={f.frame} className="finding-text" data-testid="ocr-text">
          <span className="faint">
            Text in the {f.frame === 0 ? 'picture' : `keyframe at ${seconds(f.atSeconds)}`} ({Math.round(f.ocrConfidence ?? 0)} % confidence):
          </span>{' '}
          {f.ocrText}
        </blockquote>
      ))}
      {picture?.phash && (
        <span className="faint mono" title="Perceptual hash (pHash) of the picture: near copies differ in few of its 64 bits">
          pHash {picture.phash}
        </span>
      )}
    </div>
  );
}

export function MediaFindings({ studyId, rowid }: { studyId: string; rowid: number }) {
  const { data } = useMainQuery(studyKeys.mediaOf(studyId, rowid), () => feedlens().studyMediaOf({ id: studyId, rowid }));
  const analysed = (data ?? []).filter((i) => i.state !== null);
  if (!data || data.length === 0) return null;
  return (
    <section className="media-findings stack" data-testid="media-findings">
      <h3>Media analysis</h3>
      {analysed.length === 0 ? (
        <span className="faint">Not analysed yet: start it in the study's Reuse tab.</span>
      ) : (
        analysed.map((item, i) => <Finding key={item.rowid} item={item} n={i} of={analysed.length} />)
      )}
    </section>
  );
}
