// What to collect for targets: the lists their kinds offer, an optional date range, a per-run budget and,
// with comments, a cap of comment and reply pages per post.
import type { Collect, CollectList, TargetKind } from '../../../../shared/ipc/studies';
import { dayToEpoch, epochToDay, LIST_WORDS, listWord, offeredLists } from './format';

export function CollectFields({ kinds, value, onChange }: { kinds: readonly TargetKind[]; value: Collect; onChange: (next: Collect) => void }) {
  const offered = offeredLists(kinds);
  const only = kinds.length === 1 ? kinds[0] : null;
  const toggle = (list: CollectList, on: boolean) => onChange({ ...value, lists: on ? [...value.lists, list] : value.lists.filter((l) => l !== list) });
  const max = value.maxUnitsPerRun;
  const cap = value.commentPagesPerPost ?? null;
  // The cap is for the posts a target brings; a watched post reads its own comments whole.
  const capOffered = value.lists.includes('comments') && kinds.some((k) => k !== 'post');
  const whole = (text: string) => {
    const n = Number(text);
    return text === '' || !Number.isInteger(n) || n < 1 ? null : n;
  };
  return (
    <div className="collect-fields" data-testid="collect-fields">
      <fieldset className="collect-lists">
        <legend className="sel-field-label">Collect</legend>
        {offered.map((list) => (
          <label key={list} className="checkbox">
            <input type="checkbox" checked={value.lists.includes(list)} onChange={(e) => toggle(list, e.target.checked)} data-testid={`collect-${list}`} />
            {only ? listWord(only, list) : LIST_WORDS[list]}
          </label>
        ))}
      </fieldset>
      <div className="collect-row">
        <label>
          Since <span className="faint">(optional)</span>
          <input type="date" value={epochToDay(value.since)} onChange={(e) => onChange({ ...value, since: dayToEpoch(e.target.value) })} data-testid="collect-since" />
        </label>
        <label>
          Until <span className="faint">(optional)</span>
          <input type="date" value={epochToDay(value.until)} onChange={(e) => onChange({ ...value, until: dayToEpoch(e.target.value, true) })} data-testid="collect-until" />
        </label>
        <label>
          Most requests per run <span className="faint">(optional)</span>
          <input
            type="number"
            min={1}
            step={1}
            value={max ?? ''}
            onChange={(e) => onChange({ ...value, maxUnitsPerRun: whole(e.target.value) })}
            className="sel-number"
            data-testid="collect-max"
          />
        </label>
        {capOffered && (
          <label>
            Most pages of comments and replies per post <span className="faint">(optional)</span>
            <input
              type="number"
              min={1}
              step={1}
              value={cap ?? ''}
              onChange={(e) => onChange({ ...value, commentPagesPerPost: whole(e.target.value) })}
              className="sel-number"
              data-testid="collect-comment-pages"
            />
          </label>
        )}
      </div>
      <p className="field-hint">
        Posts and stories outside the dates are not collected; newest-first lists stop at the start date. A target that reaches its most requests in a run goes on in the next run.
        {capOffered ? ' The comments of strangers’ posts (a hashtag’s, a place’s) can cost far more than the posts: each post’s comments and replies stop at the pages per post.' : ''}
      </p>
    </div>
  );
}
