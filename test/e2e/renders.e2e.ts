import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, stopHarness, type Harness } from './harness/harness';

describe('built renderer', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => stopHarness(h));

  it('renders the React root in Chromium with no page errors', async () => {
    await h.open();
    await expect(h.page.getByTestId('app-root').textContent()).resolves.toContain('Feedlens');
    expect(h.logs.filter((l) => l.startsWith('pageerror'))).toEqual([]);
  });
});
