// Queues the media of some records in main's download queue, then follows those files: the button that
// queued them says how many are saved as they finish (not "1 file queued" for ever).
import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { appErrorOf, feedlens, unwrap } from '../../api/bridge';
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
  const enqueue = useMutation({ mutationFn: async (items: readonly Selectable[]) => unwrap(await feedlens().downloadsEnqueue({ items: toSavedItems(items) })) });
  const queued: QueuedFiles | null = enqueue.data ? { ids: enqueue.data.ids, skipped: enqueue.data.skipped } : null;
  const progress = useFollowed(queued?.ids ?? NONE);
  const { mutateAsync, reset } = enqueue;
  const queue = useCallback(async (items: readonly Selectable[]) => void (await mutateAsync(items).catch(() => undefined)), [mutateAsync]); // a refusal shows as `text`
  const text = enqueue.error ? appErrorOf(enqueue.error).message : queued ? queuedText(queued, progress) : null;
  return { queue, busy: enqueue.isPending, text, failed: enqueue.isError || progress.failed > 0, progress, reset };
}
