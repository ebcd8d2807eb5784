// The router and the real core under fuzzed input, as a hostile renderer could send it: wrong types, NaN,
// huge strings, __proto__ keys, deep and cyclic nesting, path traversal, and catalog-aware invalid request
// parameters. Every input must come back as a Result; nothing may throw past the router, reject unhandled,
// or reach the (simulated) service with parameters the catalog's rules refuse.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, type Endpoint, type ParamSpec } from '../../../../shared/api/catalog';
import { chartsOf } from '../../../../shared/charts';
import { OPS, type OpName } from '../../../../shared/ipc';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createRouter, type Router } from '../../../../electron/ipc/router';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import { createAskRecorder } from '../../../support/ask-recorder';
import { testCoreOptions } from '../../../support/core-options';

const INPUTS = 6000;
const APP = 'app://feedlens';
const event = { sender: { id: 1 }, senderFrame: { url: `${APP}/index.html`, parent: null } };

/** A small deterministic PRNG (mulberry32): the same inputs on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20261123);
const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const post = { kind: 'post', id: '3162273595027945978_25025320', code: 'CvjK1a2oXYZ', ownerId: '25025320', username: 'nasa', takenAt: 1_700_000_000, caption: 'hi', images: [], videos: [], children: [] };
const savedItem = { record: post, provenance: { path: '/v1/media/by/id', params: { id: '3162273595027945978_25025320' }, requestId: 'r-1', fetchedAt: 1_700_000_000_000 } };
const spec = { kind: 'followers', target: '25025320', label: '@nasa', budget: 10 };

/** A valid argument for every operation; the fuzzer mutates these. */
const BASE: Record<OpName, unknown> = {
  call: { path: '/v1/user/by/username', params: { username: 'nasa' } },
  quote: { path: '/v1/user/stories', params: { user_id: '25025320' } },
  cancel: { requestId: 'r-1' },
  keySet: { key: 'sk-fuzz-key-000000000001' },
  keyClear: {},
  keyStatus: {},
  keyTest: { key: 'sk-fuzz-key-000000000001' },
  balanceGet: { refresh: false },
  ledgerQuery: { limit: 10 },
  ledgerExport: { format: 'csv' },
  settingsGet: {},
  settingsSet: { patch: { theme: 'dark' } },
  modeGet: {},
  modeSet: { demo: true },
  serviceOriginSet: { origin: 'https://proxy.example' },
  downloadFolderChoose: {},
  downloadFolderReset: {},
  exportFolderChoose: {},
  appInfo: {},
  mediaUrl: { url: 'https://scontent.cdninstagram.com/v/a.jpg' },
  openExternal: { url: 'https://www.instagram.com/nasa/' },
  revealPath: { path: '/etc/passwd' },
  downloadsEnqueue: { items: [savedItem] },
  downloadsControl: { action: 'pause' },
  downloadsList: {},
  libraryList: {},
  libraryAccounts: {},
  libraryRebuild: {},
  exportRun: { items: [savedItem], format: 'csv' },
  jobEstimate: { spec },
  jobStart: { spec },
  jobBudgetRaise: { id: 'job-x', budget: 10 },
  jobControl: { id: 'job-x', action: 'pause' },
  jobList: {},
  explorerAnswer: { requestId: 'explorer:r-1' },
  explorerSave: { requestIds: ['explorer:r-1'] },
  studyList: {},
  studyCreate: { name: 'Fuzz study' },
  studyOpenFolder: {},
  studyGet: { id: 'study-00000000' },
  studyUpdate: { id: 'study-00000000', name: 'x' },
  studyForget: { id: 'study-00000000' },
  studyTargetsPreview: { id: 'study-00000000', text: '@nasa\n#travel' },
  studyTargetsAdd: { id: 'study-00000000', text: '@nasa', collect: { lists: ['posts'] } },
  studyTargetsUpdate: { id: 'study-00000000', targetIds: [1], collect: { lists: ['posts'] } },
  studyTargetsRemove: { id: 'study-00000000', targetIds: [1] },
  studyRunEstimate: { id: 'study-00000000' },
  studyScheduleEstimate: { id: 'study-00000000', everyHours: 24 },
  studyRunStart: { id: 'study-00000000', budget: 10 },
  studyRunControl: { id: 'study-00000000', runId: 1, action: 'pause' },
  studyRunBudget: { id: 'study-00000000', runId: 1, budget: 20 },
  studyRuns: { id: 'study-00000000' },
  studyRunDetail: { id: 'study-00000000', runId: 1 },
  studyExport: { id: 'study-00000000', format: 'zip' },
  studyScheduleSet: { id: 'study-00000000', everyHours: 6, dailyBudget: 50 },
  studyScheduleClear: { id: 'study-00000000' },
  studyRunMedia: { id: 'study-00000000', runId: 1 },
  studyCharts: { id: 'study-00000000', unit: 'week' },
  studyAnalysisExport: { id: 'study-00000000', kind: 'networks', networks: ['mentions'] },
  studyMinimisationGet: { id: 'study-00000000' },
  studyMinimisationSet: { id: 'study-00000000', minimisation: { captionsOnly: true } },
  chartSave: { name: 'activity', kind: 'activity', data: chartsOf([{ takenAt: 1_767_225_600, likes: 1, comments: 0, plays: null, hashtags: ['cats'], mentions: [], tagged: [], coauthors: [] }], { unit: 'day', timeZone: 'UTC' }), palette: { background: '#ffffff', text: '#16181d', muted: '#4f5665', border: '#dde1e8', sunken: '#eceef2', series: ['#2f5bd3'] }, width: 600, png: 'iVBORw0KGgo=' },
  studyAccounts: { id: 'study-00000000' },
  studyTimeline: { id: 'study-00000000', targetId: 1 },
  studyBrowse: { id: 'study-00000000', query: { text: 'coffee', kinds: ['post'] }, offset: 0, limit: 50 },
  studyRecord: { id: 'study-00000000', rowid: 1 },
  studyRecordFind: { kind: 'post', recordId: '3162273595027945978' },
  studyCheckQuote: { id: 'study-00000000', scope: { all: true } },
  studyCheckStart: { id: 'study-00000000', scope: { targetId: 1 } },
  studyCheckControl: { id: 'study-00000000', checkId: 1, action: 'cancel' },
  studyChecks: { id: 'study-00000000' },
  studyCodes: { id: 'study-00000000' },
  studyCodeSave: { id: 'study-00000000', name: 'irony', shortcut: '1' },
  studyCodeDelete: { id: 'study-00000000', codeId: 1 },
  studyCodeApply: { id: 'study-00000000', rows: { rowids: [1] }, codeId: 1, on: true },
  studyNoteSet: { id: 'study-00000000', rowid: 1, text: 'a note' },
  studyViews: { id: 'study-00000000' },
  studyViewSave: { id: 'study-00000000', name: 'mine', spec: { query: {}, columns: ['kind'] } },
  studyViewDelete: { id: 'study-00000000', viewId: 1 },
  studyRowsExport: { id: 'study-00000000', rows: { query: {} }, format: 'csv' },
  studyRowsMedia: { id: 'study-00000000', rows: { rowids: [1] } },
  studyMediaStatus: { id: 'study-00000000' },
  studyMediaStart: { id: 'study-00000000' },
  studyMediaPause: { id: 'study-00000000' },
  studyReuse: { id: 'study-00000000', maxBits: 10 },
  studyMediaOf: { id: 'study-00000000', rowid: 1 },
  studyWall: { id: 'study-00000000', group: 1, sort: 'date' },
};

function deep(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}
function cyclic(): unknown {
  const o: Record<string, unknown> = { kind: 'post', id: '1' };
  o.self = o;
  return o;
}
const manyKeys = (): unknown => Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));

/** Values that break naive code. Functions (not cloneable over IPC) are left out. */
const NASTY: (() => unknown)[] = [
  () => undefined,
  () => null,
  () => Number.NaN,
  () => Number.POSITIVE_INFINITY,
  () => -0,
  () => 1e308,
  () => 2 ** 53 + 1,
  () => -1,
  () => true,
  () => '',
  () => ' ',
  () => 'x'.repeat(100_000),
  () => 'a'.repeat(80_000),
  () => '\u0000',
  () => '../../../../etc/passwd',
  () => '/',
  () => 'C:\\Windows\\System32',
  () => 'javascript:alert(1)',
  () => 'file:///etc/passwd',
  () => 'http://attacker.example/',
  () => '__proto__',
  () => [],
  () => [1, 2, 3],
  () => ({}),
  () => deep(3000),
  () => manyKeys(),
  () => JSON.parse('{"__proto__": {"polluted": true}, "kind": "post"}') as unknown,
  () => ({ constructor: { prototype: { polluted: true } } }),
  () => new Date(0),
  () => 12n,
  () => cyclic(),
];

type Path = (string | number)[];

/** Every path to a value inside `v` (objects and arrays), the root included. */
function paths(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (typeof v === 'object' && v !== null && at.length < 6) {
    for (const [k, x] of Object.entries(v)) paths(x, [...at, Array.isArray(v) ? Number(k) : k], out);
  }
  return out;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  let node = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return root;
}

/** A mutated copy of an operation's valid argument. */
function mutate(base: unknown): unknown {
  const copy = structuredClone(base);
  const kind = random();
  if (kind < 0.6) return setAt(copy, pick(paths(copy)), pick(NASTY)());
  if (kind < 0.85 && typeof copy === 'object' && copy !== null) {
    // An extra key: a prototype name, a confirmation the renderer may not send, or junk.
    const key = pick(['__proto__', 'constructor', 'prototype', 'confirmedCost', 'dontAskAgain', 'confirmedUnits', 'grant', 'x'.repeat(500)]);
    Object.defineProperty(copy, key, { value: pick(NASTY)(), enumerable: true, configurable: true, writable: true });
    return copy;
  }
  return pick(NASTY)();
}

// ---- catalog-aware invalid request parameters --------------------------------------------------

const GOOD: Record<string, string> = {
  numeric_id: '25025320',
  media_id: '3162273595027945978_25025320',
  highlight_id: '18146216698022174',
  username: 'nasa',
  shortcode: 'CvjK1a2oXYZ',
  share_code: 'aGlnaGxpZ2h0OjE4MTQ2MjE2Njk4MDIyMTc0',
  cursor: 'QVFBS1NTZjNn',
  hashtag_name: 'travel',
  profile_url: 'https://www.instagram.com/nasa/',
  post_url: 'https://www.instagram.com/p/CA2aJYrg6cZ/',
  story_url: 'https://www.instagram.com/stories/nasa/3866000000000000000/',
  highlight_url: 'https://www.instagram.com/stories/highlights/18146216698022174/',
  share_url: 'https://www.instagram.com/s/aGlnaGxpZ2h0OjE4MTQ2MjE2Njk4MDIyMTc0',
  media_file_url: 'https://scontent-iad3-1.cdninstagram.com/v/t51.2885-15/a.jpg',
};
const BAD: Record<string, unknown[]> = {
  numeric_id: ['abc', '12a', '-1', '1.5', '../1', 'javascript:1', '1'.repeat(21)],
  media_id: ['123_abc', 'abc', '1__2', '../../x', '1_2_3', `${'3'.repeat(21)}_1`],
  highlight_id: ['story:1', 'highlight:x', `highlight:${'1'.repeat(21)}`],
  username: ['a/b', 'nasa\u0000', 'javascript:alert(1)', 'x'.repeat(31), '../../etc', 'a b'],
  shortcode: ['<script>', 'a b', '../x', 'CvjK1a2+XYZ', 'C'.repeat(65)],
  share_code: ['<script>', 'a b', 'x'.repeat(201)],
  // Well-formed cursors too: no answer of that list gave them (main sends back only cursors it was given).
  cursor: ['a\nb', 'é', 'x'.repeat(4001), '\u0000', 'QVFBS1NTZjNn', '{"cached_comments_cursor":"17906257188216085"}'],
  hashtag_name: ['#travel', 'a b', 'a.', 'a_.b'],
  profile_url: ['http://attacker.example/nasa', 'javascript:alert(1)'],
  post_url: ['https://attacker.example/p/x/', 'file:///etc/passwd'],
  story_url: ['https://attacker.example/stories/a/1/'],
  highlight_url: ['https://attacker.example/stories/highlights/1/'],
  share_url: ['https://attacker.example/s/x'],
  media_file_url: ['https://attacker.example/a.jpg', 'file:///etc/passwd'],
};
const BAD_BY_TYPE: Record<string, unknown[]> = { integer: ['1.5', 'ten', 2 ** 60], number: ['north'], boolean: ['maybe', 2], string: ['a\u0007b'], 'string[]': [['a\u0001']] };

const good = (p: ParamSpec): unknown => (p.rule ? GOOD[p.rule] : { string: 'text', integer: 12, number: 40.7, boolean: true, 'string[]': ['3162273595027945978'] }[p.type]);

/** A call whose parameters the catalog's rules refuse: one value made invalid, the rest valid. */
function invalidCall(): { path: string; params: Record<string, unknown> } | null {
  const endpoint: Endpoint = pick(CATALOG.filter((e) => e.status.kind !== 'retired' && e.params.length > 0));
  const params: Record<string, unknown> = {};
  for (const p of endpoint.params) if (p.required) params[p.name] = good(p);
  const target = pick(endpoint.params);
  const bad = target.rule ? BAD[target.rule] : BAD_BY_TYPE[target.type];
  if (!bad) return null;
  params[target.name] = pick(bad);
  return { path: endpoint.path, params };
}

// ---- the run -----------------------------------------------------------------------------------

let sim: Simulator;
let core: AppCore;
let router: Router;
let dataDir: string;
const service = { requests: 0 };
const opened: string[] = [];

beforeAll(async () => {
  sim = createSimulator({ seed: 7 });
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-fuzz-'));
  const counting: typeof fetch = (input, init) => {
    if (new URL(String(input)).pathname !== '/sys/balance') service.requests += 1;
    return sim.handle(new Request(input, init));
  };
  core = createAppCore(
    testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: counting, key: sim.demoKey }, dataDir, {
      ask: createAskRecorder('decline').ask,
      openExternal: async (url) => void opened.push(url),
      fetchMedia: () => Promise.reject(new Error('no media in the fuzz run')),
      log: () => undefined,
    }),
  );
  await core.start();
  router = createRouter({ handlers: core.handlers, isTrustedSender: (o) => o === APP, log: () => undefined });
}, 60_000);

afterAll(async () => {
  await core?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('router fuzz', () => {
  it('every operation has a valid base argument the fuzzer starts from', () => {
    expect(Object.keys(BASE).sort()).toEqual(Object.keys(OPS).sort());
  });

  it(`answers ${INPUTS} hostile inputs with Results: no uncaught exception, no unhandled rejection, no paid call with invalid parameters`, async () => {
    let uncaught = 0;
    let unhandled = 0;
    const onUncaught = (e: unknown) => { uncaught += 1; if (process.env.FUZZ_DEBUG) console.log("UNCAUGHT", e instanceof Error ? e.stack?.slice(0, 600) : e); };
    const onUnhandled = () => void (unhandled += 1);
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUnhandled);
    const ops = Object.keys(OPS) as OpName[];
    let invalidSent = 0;
    let invalidTried = 0;
    let nonResults = 0;
    let refused = 0;
    try {
      for (let i = 0; i < INPUTS; i++) {
        let op: OpName;
        let args: unknown;
        let invalidParams = false;
        if (i % 3 === 0) {
          const bad = invalidCall();
          if (!bad) continue;
          op = random() < 0.8 ? 'call' : 'quote';
          args = bad;
          invalidParams = true;
        } else {
          op = pick(ops);
          args = mutate(BASE[op]);
        }
        const before = service.requests;
        const t0 = performance.now();
        const result = await router.handle(op, event, args);
        const ms = performance.now() - t0;
        if (process.env.FUZZ_DEBUG && ms > 100) console.log('SLOW', op, Math.round(ms));
        if (typeof result !== 'object' || result === null || typeof (result as { ok?: unknown }).ok !== 'boolean') nonResults += 1;
        if (!result.ok) refused += 1;
        if (invalidParams) {
          invalidTried += 1;
          if (service.requests > before) invalidSent += 1;
        }
      }
      // Work the handlers started in the background (downloads, jobs) gets a moment to fail, if it would.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      process.off('uncaughtException', onUncaught);
      process.off('unhandledRejection', onUnhandled);
    }
    console.log(
      `router fuzz: ${INPUTS} inputs over ${ops.length} operations: ${uncaught} uncaught exceptions, ${unhandled} unhandled rejections, ` +
        `${invalidSent} paid calls with invalid parameters (of ${invalidTried} tried); ${refused} refused, ${service.requests} requests reached the service`,
    );
    expect({ uncaught, unhandled, invalidSent, nonResults }).toEqual({ uncaught: 0, unhandled: 0, invalidSent: 0, nonResults: 0 });
    expect(invalidTried).toBeGreaterThan(1000);
    // Nothing polluted Object.prototype, and only allowed links went to the browser.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const url of opened) expect(new URL(url).protocol).toBe('https:');
  }, 300_000);
});
