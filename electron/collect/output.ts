// What the collector prints: on a terminal, a progress line redrawn in place and plain-words results; with
// --json, one JSON object per line (progress, results, alerts) for scripts and log collectors. Errors go
// to standard error. The access key is never among what is printed.
import type { RunInfo } from '../../shared/ipc/studies';
import type { MediaStatus } from '../../shared/ipc/media';
import type { Alert } from '../studies/alerts';

export interface Output {
  /** A run's progress (redrawn on a terminal, a JSON line at most every second otherwise). */
  progress(run: RunInfo): void;
  /** A media analysis's progress, the same way. */
  analysisProgress(status: MediaStatus): void;
  /** A line of information. */
  line(text: string): void;
  /** A command's result. */
  result(value: Record<string, unknown>): void;
  /** An alert (run finished, budget reached, failures in a row, an account renamed or gone). */
  alert(value: Alert): void;
  error(text: string): void;
}

const BAR = 24;

function bar(done: number, of: number): string {
  const full = Math.round((of > 0 ? Math.min(1, done / of) : 0) * BAR);
  return `[${'#'.repeat(full)}${'.'.repeat(BAR - full)}]`;
}

function words(value: Record<string, unknown>): string {
  return Object.entries(value)
    .filter(([k, v]) => k !== 'type' && v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

export function createOutput(o: { json: boolean; tty: boolean; write: (text: string) => void; writeError: (text: string) => void; now?: () => number }): Output {
  const now = o.now ?? Date.now;
  let drawn = false;
  let lastJson = 0;
  const endLine = () => {
    if (drawn) o.write('\n');
    drawn = false;
  };
  /** A progress line: redrawn on a terminal; as JSON at most every second while it runs. */
  const show = (json: Record<string, unknown>, text: string, running: boolean): void => {
    if (o.json) {
      if (now() - lastJson < 1000 && running) return;
      lastJson = now();
      o.write(`${JSON.stringify(json)}\n`);
    } else if (o.tty) {
      o.write(`\r${text}`);
      drawn = true;
    }
  };
  return {
    progress(run) {
      show(
        { type: 'progress', run: run.id, state: run.state, pages: run.pages, units: run.unitsSpent, budget: run.budget, newItems: run.newItems },
        `${bar(run.unitsSpent, run.budget)} run #${run.id}: ${run.pages} pages, ${run.unitsSpent} of ${run.budget} requests, ${run.newItems} new`,
        run.state === 'running',
      );
    },
    analysisProgress(m) {
      show(
        { type: 'progress', analysis: m.studyId, state: m.state, items: m.items, done: m.done, failed: m.failed },
        `${bar(m.done + m.failed, m.items)} media analysis: ${m.done} of ${m.items} items, ${m.failed} failed`,
        m.state === 'running',
      );
    },
    line(text) {
      if (o.json) return;
      endLine();
      o.write(`${text}\n`);
    },
    result(value) {
      endLine();
      o.write(o.json ? `${JSON.stringify(value)}\n` : `${words(value)}\n`);
    },
    alert(value) {
      endLine();
      o.write(o.json ? `${JSON.stringify({ type: 'alert', ...value })}\n` : `ALERT ${value.study}: ${value.text}\n`);
    },
    error(text) {
      endLine();
      o.writeError(o.json ? `${JSON.stringify({ type: 'error', message: text })}\n` : `feedlens-collect: ${text}\n`);
    },
  };
}
