// What the collector prints: on a terminal, a progress line redrawn in place and plain-words results; with
// --json, one JSON object per line (progress, results, alerts) for scripts and log collectors. Errors go
// to standard error. The access key is never among what is printed.
import type { RunInfo } from '../../shared/ipc/studies';
import type { Alert } from '../studies/alerts';

export interface Output {
  /** A run's progress (redrawn on a terminal, a JSON line at most every second otherwise). */
  progress(run: RunInfo): void;
  /** A line of information. */
  line(text: string): void;
  /** A command's result. */
  result(value: Record<string, unknown>): void;
  /** An alert (run finished, budget reached, failures in a row, an account renamed or gone). */
  alert(value: Alert): void;
  error(text: string): void;
}

const BAR = 24;

function bar(run: RunInfo): string {
  const share = run.budget > 0 ? Math.min(1, run.unitsSpent / run.budget) : 0;
  const full = Math.round(share * BAR);
  return `[${'#'.repeat(full)}${'.'.repeat(BAR - full)}] run #${run.id}: ${run.pages} pages, ${run.unitsSpent} of ${run.budget} requests, ${run.newItems} new`;
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
  return {
    progress(run) {
      if (o.json) {
        if (now() - lastJson < 1000 && run.state === 'running') return;
        lastJson = now();
        o.write(`${JSON.stringify({ type: 'progress', run: run.id, state: run.state, pages: run.pages, units: run.unitsSpent, budget: run.budget, newItems: run.newItems })}\n`);
      } else if (o.tty) {
        o.write(`\r${bar(run)}`);
        drawn = true;
      }
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
