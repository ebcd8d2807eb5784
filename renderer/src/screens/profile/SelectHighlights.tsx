// "Select all" for a profile's highlights: a highlight in the list is only a cover and a title, its
// stories come with its own answer (1 request each, free when already opened). One action fetches the
// ones not in the cache, says so on the button before, and selects every story of every highlight;
// one that fails is said and the others are still selected.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Highlight } from '../../../../shared/records';
import { appErrorOf } from '../../api/bridge';
import { Icon } from '../../components/Icon';
import { endpointKey, fetchAnswer, type EndpointAnswer } from '../../hooks/useEndpoint';
import { useSessionId } from '../../state/app';
import { highlightItem, useSelection, type Selectable } from '../../state/selection';
import { HIGHLIGHT_BY_ID } from '../viewer/useStorySource';

export function SelectHighlights({ highlights }: { highlights: readonly Highlight[] }) {
  const queryClient = useQueryClient();
  const session = useSessionId();
  const setMany = useSelection((s) => s.setMany);
  const keyOf = (h: Highlight) => endpointKey(HIGHLIGHT_BY_ID, { id: h.id }, session);
  const toFetch = highlights.filter((h) => queryClient.getQueryData(keyOf(h)) === undefined).length;

  // Each highlight's stories through the query cache (one already read is not bought again); what was
  // selected and what could not be read is the outcome.
  const selectAll = async (): Promise<string> => {
    const entries: Selectable[] = [];
    const failed: string[] = [];
    for (const h of highlights) {
      try {
        const answer = await queryClient.fetchQuery<EndpointAnswer>({ queryKey: keyOf(h), queryFn: () => fetchAnswer(HIGHLIGHT_BY_ID, { id: h.id }) });
        const full = answer.records as Highlight | null;
        for (const story of full?.items ?? []) entries.push({ record: highlightItem(full as Highlight, story), provenance: answer.provenance });
      } catch (error) {
        failed.push(`“${h.title ?? h.id}”: ${appErrorOf(error).message}`);
      }
    }
    setMany(entries, true);
    return `${entries.length.toLocaleString()} ${entries.length === 1 ? 'story' : 'stories'} selected${failed.length ? `; not loaded: ${failed.join('; ')}` : ''}`;
  };
  const selecting = useMutation({ mutationFn: selectAll });
  const busy = selecting.isPending;
  const outcome = selecting.data ?? null;
  const run = () => selecting.mutate();

  return (
    <div className="sel-listbar" data-testid="highlights-bar">
      <button type="button" className="btn small ghost" onClick={run} disabled={busy || highlights.length === 0} data-testid="select-all-highlights">
        <Icon name="check" size={12} /> {busy ? 'Loading the highlights…' : `Select all stories of ${highlights.length} ${highlights.length === 1 ? 'highlight' : 'highlights'}`}
        {!busy && toFetch > 0 && <span className="faint"> · {toFetch} {toFetch === 1 ? 'request' : 'requests'}</span>}
      </button>
      {outcome && (
        <span className="faint" role="status" data-testid="highlights-outcome">
          {outcome}
        </span>
      )}
    </div>
  );
}
