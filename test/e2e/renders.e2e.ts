import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser';
import { serveRenderer, type StaticServer } from './support/static-server';

describe('built renderer', () => {
  let browser: Browser;
  let server: StaticServer;
  beforeAll(async () => {
    server = await serveRenderer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders the React root in Chromium', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await expect(page.getByTestId('app-root').textContent()).resolves.toContain('Feedlens');
    expect(errors).toEqual([]);
  });
});
