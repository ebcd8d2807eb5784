// Under a story on show: what the media analysis of each study that holds it found (keyframes, stripe,
// text read, pHash). Read from the studies' databases, so nothing is sent. Opening it pauses the story,
// which would otherwise move on while the researcher reads.
import { useEffect, useState, type Dispatch } from 'react';
import { MediaFindings } from '../studies/MediaFindings';
import { useStudyRefs } from '../studies/RecordHistory';
import type { ViewerAction } from './logic';

export function StoryStudyFindings({ storyId, dispatch }: { storyId: string; dispatch: Dispatch<ViewerAction> }) {
  const refs = useStudyRefs('story', storyId).filter((ref) => ref.analysed);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    dispatch({ type: open && refs.length > 0 ? 'pause' : 'resume', reason: 'reading' });
  }, [open, refs.length, dispatch]);
  if (refs.length === 0) return null;
  return (
    <section className="viewer-findings" aria-label="Media analysis in your studies" data-testid="story-study-findings">
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          Media analysis in {refs.length === 1 ? `the study ${refs[0]!.studyName}` : `${refs.length} studies`}
          <span className="faint">{open ? ' · the story waits while this is open' : ''}</span>
        </summary>
        {open && refs.map((r) => (
          <div key={r.studyId}>
            {refs.length > 1 && <div className="faint">{r.studyName}</div>}
            <MediaFindings studyId={r.studyId} rowid={r.rowid} />
          </div>
        ))}
      </details>
    </section>
  );
}
