// Queues the media of some records in main's download queue, then follows those files: the button that
// queued them says how many are saved as they finish (not "1 file queued" for ever).
import { useCallback, useMemo, useState } from 'react';
import { feedlens } from '../../api/bridge';
import { toSavedItems, type Selectable } from '../../state/selection';
import { followed, queuedText, type Followed, type QueuedFiles } from './follow';
import { useDownloadsSnapshot } from './store';

const NONE: string[] = [];

/** The files' progress, live. */
function useFollowed(ids: readonly string[]): Followed {
  const snapshot = useDownloadsSnapshot();
  return useMemo(() => followed(snapshot, ids), [snapshot, ids]);
}

export interface QueueFiles {
  queue(items: readonly Selectable[]): Promise<void>;
  busy: boolean;
  /** What became of the last queue: its files' progress in words, or main's refusal; null before. */
  text: string | null;
  failed: boolean;
  progress: Followed;
  reset(): void;
}

export function useQueueFiles(): QueueFiles {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true; queued: QueuedFiles } | { ok: false; message: string } | null>(null);
  const progress = useFollowed(outcome?.ok ? outcome.queued.ids : NONE);
  const queue = useCallback(async (items: readonly Selectable[]) => {
    setBusy(true);
    const result = await feedlens().downloadsEnqueue({ items: toSavedItems(items) });
    setBusy(false);
    setOutcome(result.ok ? { ok: true, queued: { ids: result.value.ids, skipped: result.value.skipped } } : { ok: false, message: result.error.message });
  }, []);
  const reset = useCallback(() => setOutcome(null), []);
  const text = outcome === null ? null : outcome.ok ? queuedText(outcome.queued, progress) : outcome.message;
  return { queue, busy, text, failed: outcome?.ok === false || progress.failed > 0, progress, reset };
}
