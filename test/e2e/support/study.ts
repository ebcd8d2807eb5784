// A study made through the UI, as a researcher makes one: named, its targets pasted (user ids: nothing
// to look up, nothing spent), run once at the estimated budget (main's question confirmed), waited for.
import { join } from 'node:path';
import type { Harness } from '../harness/harness';
import { answering } from './page';

/** Creates the study `name` with `targets` (one per line) and runs it to its end; its folder. */
export async function studyRunOnce(h: Harness, name: string, targets: readonly string[]): Promise<string> {
  await h.page.getByRole('button', { name: 'Studies' }).click();
  await h.page.getByTestId('study-new').click();
  await h.page.getByTestId('study-name').fill(name);
  const folder = join(h.dataDir, 'Documents', 'Feedlens', name);
  h.folderPick.next = folder;
  await h.page.getByTestId('study-create').click();
  await h.page.getByTestId('study-screen').waitFor();
  await h.page.getByTestId('study-add-targets').click();
  await h.page.getByTestId('targets-text').fill(targets.join('\n'));
  await h.page.getByTestId('targets-preview').click();
  await h.page.locator(`[data-testid=preview-summary][data-valid="${targets.length}"]`).waitFor();
  await h.page.getByTestId('targets-add').click();
  await h.page.locator(`[data-testid=targets-added][data-added="${targets.length}"]`).waitFor();
  await h.page.getByRole('button', { name: 'Close' }).click();
  await h.page.locator('[data-testid=target-row]').nth(targets.length - 1).waitFor();
  await runFromTheUi(h, 1);
  return folder;
}

/** "Run now" at the estimated budget, main's question confirmed; waits for run number `run` to end. The units it spent. */
export async function runFromTheUi(h: Harness, run: number): Promise<number> {
  await h.page.getByTestId('study-run').click();
  await h.page.locator('[data-testid=run-estimate]').waitFor();
  const budget = Number(await h.page.getByTestId('run-budget').inputValue());
  await answering(h, `Spend up to ${budget} requests?`, 'confirm', () => h.page.getByTestId('run-start').click());
  await h.page.getByTestId('run-dialog').waitFor({ state: 'detached' });
  await h.page.getByTestId('tab-runs').click();
  // The new run is first in the list once it is there; wait for it to end.
  const row = h.page.locator(`[data-testid=run-row][data-run-id="${run}"]`);
  await h.page.locator(`[data-testid=run-row][data-run-id="${run}"][data-state=done]`).waitFor({ timeout: 60_000 });
  return Number(await row.getAttribute('data-units'));
}
