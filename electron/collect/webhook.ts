// The collector's alerts POSTed as JSON to --webhook: the study's name and labels only (never the key,
// never anyone's data), tried a few times; a webhook that fails is said on standard error and never stops
// collecting.
import type { Alert } from '../studies/alerts';

/** POSTs an alert to the webhook, trying `attempts` times with a growing pause; false when every try failed. */
export async function postAlert(url: string, alert: Alert, o: { fetch: typeof fetch; attempts?: number; pauseMs?: number }): Promise<boolean> {
  const attempts = o.attempts ?? 3;
  for (let i = 0; i < attempts; i++) {
    try {
      const res = await o.fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ source: 'feedlens-collect', ...alert }), signal: AbortSignal.timeout(10_000) });
      if (res.ok) return true;
    } catch {
      // tried again below
    }
    if (i < attempts - 1) await new Promise((r) => setTimeout(r, (o.pauseMs ?? 1000) * 2 ** i));
  }
  return false;
}
