// The browser harness: the built renderer in Chromium (playwright-core), with window.feedlens installed
// through addInitScript + exposeBinding and routed to the real main-side router and core. Only the
// Electron glue (BrowserWindow, contextBridge, ipcMain) is left out. The simulator runs over HTTP.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { buildSync } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventChannelOf, type EventName, type EventPayloads } from '../../../shared/ipc';
import { createAppCore, type AppCore } from '../../../electron/core';
import { createMediaHandler } from '../../../electron/protocols/media-protocol';
import { createLibraryFileHandler } from '../../../electron/library/files';
import { toMediaUrl } from '../../../shared/media-url';
import { createRouter } from '../../../electron/ipc/router';
import { startSimulatorServer, type SimulatorServer } from '../../../electron/simulator/http';
import { launchChromium } from '../support/browser';
import { saveCoverage, startCoverage } from '../support/coverage';
import { memoryKeyStores, memoryProjectKeys } from '../../support/core-options';
import { createAskRecorder, type AskPolicy, type AskRecorder } from '../../support/ask-recorder';

const ROOT = resolve(import.meta.dirname, '../../..');
const RENDERER = join(ROOT, process.env.FEEDLENS_OUT ?? 'out', 'renderer');
export const SCREENS_DIR = join(ROOT, 'test-results/screens');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** One payload that crossed the bridge, in either direction. */
export interface BridgeRecord {
  direction: 'to-main' | 'to-renderer';
  channel: string;
  payload: unknown;
}

/** One operation the renderer called, with main's answer (the bridge records them apart, in flight or not). */
export interface AnsweredCall {
  channel: string;
  args: unknown;
  result: unknown;
}

export interface HarnessOptions {
  seed?: number;
  theme?: 'light' | 'dark';
  /** Store this access key and use the simulator as the live service (default: demo mode). */
  liveKey?: string;
  /** Balance of the live key in the simulator. */
  liveBalance?: number;
  /** Skip the first-run screen (default true). */
  onboarded?: boolean;
  viewport?: { width: number; height: number };
  /** How main's questions (spending, jobs, service address) are answered. Default 'decline'. */
  askPolicy?: AskPolicy;
  /** Production's limit of about 50 followers for outsiders (on by default, as in the service and in demo mode). */
  followerLimit?: boolean;
}

export interface Harness {
  page: Page;
  /** The OS colour scheme the page was started with (the app's "system" theme follows it). */
  theme: 'light' | 'dark';
  context: BrowserContext;
  sim: SimulatorServer;
  core: AppCore;
  dataDir: string;
  /** Everything that crossed the bridge so far. */
  bridge: BridgeRecord[];
  /** Every operation answered so far, with its arguments, in the order the answers came. */
  answered: AnsweredCall[];
  /** Links the app asked main to open in the system browser. */
  opened: string[];
  /** Files the app asked main to show in the file manager. */
  revealed: string[];
  /** Main's log lines (router refusals, handler errors). */
  logs: string[];
  /** Main's own questions to the user: recorded, answered by a policy or by the test (`asks.next()`). */
  asks: AskRecorder;
  /** What main's folder picker answers next (null: the user cancelled it). */
  folderPick: { next: string | null };
  /** Desktop notifications main showed (a study's run ended). */
  notifications: { title: string; body: string }[];
  /** Loads the app and waits until it is ready. */
  open(): Promise<void>;
  /** Saves a screenshot as test-results/screens/<name>-<theme>.png once the screen has settled (see `settle`). */
  shot(name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Waits until the screen is ready for a screenshot: no grid is still revealing a page's rows (a row at a
 * time, each once the images of the one before have loaded: Virtual.tsx), the images on screen have loaded
 * (lazy ones load as they come into view; up to 10 s, and one that failed counts, as it will not change),
 * they are decoded, CSS transitions (progress bars sliding to their values) have ended, and two frames
 * have been painted.
 * Never fails: the screenshot is taken either way.
 */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.querySelector('[role=grid][aria-busy=true]') === null &&
        [...document.images].every((img) => {
          const r = img.getBoundingClientRect();
          return r.bottom <= 0 || r.top >= window.innerHeight || img.complete;
        }),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  // Loaded is not painted: images decode asynchronously, then need a frame.
  await page
    .evaluate(async () => {
      const onScreen = [...document.images].filter((img) => {
        const r = img.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight;
      });
      const decoded = Promise.all(onScreen.map((img) => img.decode().catch(() => undefined)));
      const transitions = Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => undefined)),
      );
      await Promise.race([Promise.all([decoded, transitions]), new Promise((done) => setTimeout(done, 3000))]);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    })
    .catch(() => undefined);
}

let bridgeScript: string | null = null;
function bridgeInitScript(): string {
  bridgeScript ??= buildSync({
    entryPoints: [join(import.meta.dirname, 'bridge-entry.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
  }).outputFiles[0]!.text;
  return bridgeScript;
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as WebReadableStream).pipe(res);
}

let sharedBrowser: Browser | null = null;
async function browser(): Promise<Browser> {
  sharedBrowser ??= await launchChromium();
  return sharedBrowser;
}

export async function closeBrowser(): Promise<void> {
  await sharedBrowser?.close();
  sharedBrowser = null;
}

/** Starts a harness and loads the app in it: what most suites do before their tests. */
export async function openHarness(options: HarnessOptions = {}): Promise<Harness> {
  const h = await startHarness(options);
  try {
    await h.open();
  } catch (error) {
    // The suite never gets this harness to close: close it here.
    await h.close().catch(() => undefined);
    throw error;
  }
  return h;
}

/** Closes a suite's harness (if it got as far as starting) and the shared browser: what every suite does after its tests. */
export async function stopHarness(h: Harness | undefined): Promise<void> {
  await h?.close();
  await closeBrowser();
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const theme = options.theme ?? 'light';
  const dataDir = mkdtempSync(join(tmpdir(), 'feedlens-harness-'));
  const logs: string[] = [];
  const opened: string[] = [];
  const revealed: string[] = [];
  const bridge: BridgeRecord[] = [];
  const answered: AnsweredCall[] = [];
  const liveKey = options.liveKey;
  const sim = await startSimulatorServer({
    seed: options.seed ?? 7,
    followerLimit: options.followerLimit ?? true,
    keys: liveKey ? [{ key: liveKey, balance: options.liveBalance ?? 5000, rate: 50, amount: 3, currency: 'USD' }] : [],
  });

  // The renderer and app-media: are served from one loopback origin, as app:// serves them in the app.
  let page: Page | null = null;
  let media: ((request: Request) => Promise<Response>) | null = null;
  // Answers of main waiting for the page to fetch them, by ticket (see the __feedlensInvoke binding below).
  const answers = new Map<string, string>();
  let tickets = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/__bridge/')) {
      const ticket = url.pathname.slice('/__bridge/'.length);
      const text = answers.get(ticket);
      answers.delete(ticket);
      if (text === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(text);
      return;
    }
    if (url.pathname === '/app-media/' && media) {
      const headers = new Headers();
      if (req.headers.range) headers.set('range', req.headers.range);
      media(new Request(`app-media://media/${url.search}`, { headers }))
        .then((r) => sendResponse(res, r))
        .catch(() => res.writeHead(500).end());
      return;
    }
    const path = normalize(decodeURIComponent(url.pathname));
    const file = join(RENDERER, path === '/' ? 'index.html' : path);
    if (!file.startsWith(RENDERER)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const serviceOrigin = new URL(sim.url).origin;
  const keyStores = memoryKeyStores();
  if (liveKey) await (await keyStores(serviceOrigin)).set(liveKey);
  // Settings as a researcher would have them after onboarding; the live "service" is the simulator.
  const settingsFile = join(dataDir, 'settings.json');
  writeFileSync(settingsFile, JSON.stringify({ baseUrl: serviceOrigin, onboarded: options.onboarded ?? true, downloadFolder: join(dataDir, 'downloads') }));
  const asks = createAskRecorder(options.askPolicy ?? 'decline');
  const folderPick: { next: string | null } = { next: null };
  const notifications: { title: string; body: string }[] = [];

  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
    const channel = eventChannelOf(event);
    bridge.push({ direction: 'to-renderer', channel, payload });
    void page?.evaluate(([c, p]) => (globalThis as unknown as { __feedlensEmit?: (c: string, p: unknown) => void }).__feedlensEmit?.(c, p), [channel, payload] as const).catch(() => undefined);
  };

  const core = createAppCore({
    dataDir,
    downloadsDir: join(dataDir, 'downloads'),
    documentsDir: join(dataDir, 'Documents'),
    notify: (n) => void notifications.push(n),
    // Schedules are driven by the tests (core.tickSchedules), never by a timer.
    scheduleTickMs: 0,
    keyStores,
    ask: asks.ask,
    pickFolder: async () => folderPick.next,
    log: (m) => logs.push(m),
    liveFetch: fetch,
    demo: async () => ({ baseUrl: sim.url, fetch, key: sim.sim.demoKey }),
    userAgent: 'Feedlens/0.1.0 (harness)',
    version: '0.1.0',
    platform: 'linux',
    mediaBase: `${origin}/app-media/`,
    emit,
    openExternal: async (url) => void opened.push(url),
    fetchMedia: (url, init) => downloadMedia(new Request(toMediaUrl(url), init)),
    reveal: (path) => void revealed.push(path),
    projectKeys: memoryProjectKeys(),
  });
  const downloadMedia = createMediaHandler({ fetch, cacheDir: join(dataDir, 'media-cache'), maxCacheBytes: 0, allowOrigins: [sim.url] });
  await core.start();

  const remoteMedia = createMediaHandler({ fetch, cacheDir: join(dataDir, 'media-cache'), maxCacheBytes: 100 * 1024 * 1024, allowOrigins: [sim.url] });
  const savedFiles = createLibraryFileHandler({ roots: () => core.mediaRoots() });
  media = async (request) => (await savedFiles(request)) ?? remoteMedia(request);

  const router = createRouter({ handlers: core.handlers, isTrustedSender: (o) => o === origin, log: (m) => logs.push(m) });
  const context = await (await browser()).newContext({ viewport: options.viewport ?? { width: 1280, height: 820 }, colorScheme: theme });
  await context.exposeBinding('__feedlensInvoke', async (source, channel: string, args: unknown) => {
    bridge.push({ direction: 'to-main', channel, payload: args });
    const frame = source.frame;
    const event = { sender: { id: 1 }, senderFrame: { url: frame.url(), parent: frame.parentFrame() ? { url: frame.parentFrame()!.url(), parent: null } : null } };
    const result = await router.handle(channel.replace(/^feedlens:/, ''), event, args);
    bridge.push({ direction: 'to-renderer', channel, payload: result });
    answered.push({ channel, args, result });
    // The answer goes to the page as JSON text over HTTP, fetched with a ticket (bridge-entry.ts) and parsed
    // natively, as cheap as Electron's structured clone. Returned through the binding, it would cost the
    // page what the app does not pay: Playwright walks every value in JS, and the DevTools protocol keeps a
    // compiled copy of every large argument it passes in (tens of MB of heap over a long list).
    const text = JSON.stringify(result);
    if (text === undefined) return null;
    const ticket = String(++tickets);
    answers.set(ticket, text);
    return ticket;
  });
  await context.addInitScript({ content: bridgeInitScript() });
  page = await context.newPage();
  const p = page;
  await startCoverage(p);
  p.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));

  return {
    page: p,
    theme,
    context,
    sim,
    core,
    dataDir,
    bridge,
    answered,
    opened,
    revealed,
    logs,
    asks,
    folderPick,
    notifications,
    async open() {
      await p.goto(`${origin}/`);
      await p.getByTestId('app-root').waitFor();
      await p.locator('.app, .onboarding').first().waitFor({ timeout: 15_000 });
    },
    async shot(name) {
      await settle(p);
      mkdirSync(SCREENS_DIR, { recursive: true });
      const file = join(SCREENS_DIR, `${name}-${theme}.png`);
      await p.screenshot({ path: file });
      return file;
    },
    async close() {
      await saveCoverage(p, origin).catch((error: unknown) => console.warn(`e2e coverage not saved: ${String(error)}`));
      await context.close();
      await core.stop();
      await new Promise<void>((ok) => server.close(() => ok()));
      await sim.close().catch(() => undefined); // a test may have stopped it (offline)
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
