// What a study tells the user when a run ends (a desktop notification): what it found and cost, or why it
// stopped. A run that was paused or cancelled says nothing.
import type { RunInfo } from '../../shared/ipc/studies';

export function endNotice(study: string, run: RunInfo): { title: string; body: string } | null {
  const units = `${run.unitsSpent.toLocaleString('en-US')} request${run.unitsSpent === 1 ? '' : 's'}`;
  const found = `${run.newItems.toLocaleString('en-US')} new item${run.newItems === 1 ? '' : 's'}`;
  if (run.state === 'done') {
    const errors = run.errors > 0 ? `, ${run.errors} error${run.errors === 1 ? '' : 's'}` : '';
    return { title: `${study}: run finished`, body: `Found ${found} for ${units}${errors}.` };
  }
  if (run.state === 'stopped_budget') return { title: `${study}: run stopped at its budget`, body: `Found ${found} for ${units}. ${run.message ?? ''}`.trim() };
  if (run.state === 'failed') return { title: `${study}: run stopped`, body: `${run.message ?? 'It failed.'} Found ${found} for ${units} before that.` };
  return null;
}
