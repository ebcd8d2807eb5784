// What a browse billed against what a person saw. A page is "needed" when at least one of its rows was
// actually on screen at some point (inside the scroller's visible box: overscan rows are in the DOM but
// off screen, and do not count); a one-answer call (a profile, a post) is needed once, as the screen that
// asked for it shows it. Every call that went to the service counts as billed, so a page bought twice
// or bought and never shown makes billed/needed rise above 1.
import { findEndpoint } from '../../../shared/api/catalog';
import { normalizeItems } from '../../../shared/api/normalize';
import { readPage } from '../../../shared/api/pager';
import type { CallValue, OpArgs, Result } from '../../../shared/ipc';
import type { AppRecord } from '../../../shared/records';
import type { Harness } from '../harness/harness';

/** One call the renderer made through the bridge, with main's answer. */
interface Answered {
  args: OpArgs<'call'>;
  result: Result<CallValue>;
}

/** The calls answered so far, in the order the answers came. */
function answeredCalls(h: Harness): Answered[] {
  return h.answered.filter((a) => a.channel === 'feedlens:call').map((a) => ({ args: a.args as OpArgs<'call'>, result: a.result as Result<CallValue> }));
}

/** Calls sent to main and not answered yet. */
function callsInFlight(h: Harness): number {
  const sent = h.bridge.filter((b) => b.direction === 'to-main' && b.channel === 'feedlens:call').length;
  return sent - answeredCalls(h).length;
}

/** Waits until no call is in flight and none started for `quietMs`, then for two painted frames. */
export async function waitForQuiet(h: Harness, quietMs = 400, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  let calls = -1;
  let since = Date.now();
  while (Date.now() - start < timeoutMs) {
    const now = h.bridge.length;
    if (now !== calls || callsInFlight(h) > 0) {
      calls = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) break;
    await h.page.waitForTimeout(50);
  }
  await h.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

// ---- what is on screen ----

interface ScreenWindow {
  __seen?: Set<string>;
}

/**
 * Starts recording, on every animation frame, the list items actually on screen: each as
 * "<list id>\n<kind>:<id>" (the list id is the virtual list's data-list: [path, params] of its endpoint).
 */
export async function watchScreen(h: Harness): Promise<void> {
  await h.page.evaluate(() => {
    const w = window as unknown as ScreenWindow;
    if (w.__seen) return;
    const seen = new Set<string>();
    w.__seen = seen;
    const ID_ATTRS = [
      ['data-comment-id', 'comment'],
      ['data-code', 'post'],
      ['data-username', 'user'],
    ] as const;
    const scan = () => {
      const content = document.getElementById('content');
      if (content) {
        const box = content.getBoundingClientRect();
        const top = Math.max(box.top, 0);
        const bottom = Math.min(box.bottom, window.innerHeight);
        for (const list of document.querySelectorAll<HTMLElement>('[data-list]')) {
          for (const item of list.querySelectorAll<HTMLElement>(':scope > [data-index], :scope > [role=row] > [data-index]')) {
            const r = item.getBoundingClientRect();
            if (r.height <= 0 || r.bottom <= top || r.top >= bottom || r.right <= box.left || r.left >= box.right) continue;
            const holder = item.querySelector<HTMLElement>('[data-comment-id], [data-code], [data-username]');
            const found = holder && ID_ATTRS.find(([attr]) => holder.hasAttribute(attr));
            if (holder && found) seen.add(`${list.dataset.list}\n${found[1]}:${holder.getAttribute(found[0])}`);
          }
        }
      }
      requestAnimationFrame(scan);
    };
    requestAnimationFrame(scan);
  });
}

async function seenOnScreen(h: Harness): Promise<Set<string>> {
  return new Set(await h.page.evaluate(() => [...((window as unknown as ScreenWindow).__seen ?? [])]));
}

/** How a record shows in a list's DOM (see watchScreen). */
function shownId(record: AppRecord): string | null {
  if (record.kind === 'post') return `post:${record.code ?? ''}`;
  if (record.kind === 'comment') return `comment:${record.id}`;
  if (record.kind === 'user') return `user:${record.username ?? ''}`;
  return null;
}

// ---- the report ----

export interface BilledCall {
  path: string;
  params: Record<string, unknown>;
  /** The virtual list it is a page of, when it is a page. */
  list: string | null;
  /** Its page number in that list (1-based), when it is a page. */
  page: number | null;
  needed: boolean;
}

export interface BillingReport {
  billed: number;
  needed: number;
  ratio: number;
  calls: BilledCall[];
}

/** The list (data-list: [path, params]) a call is a page of: same path, and every list param sent as is. */
function listOf(args: OpArgs<'call'>, lists: string[]): string | null {
  for (const list of lists) {
    const [path, params] = JSON.parse(list) as [string, Record<string, unknown>];
    if (path === args.path && Object.entries(params).every(([k, v]) => JSON.stringify(args.params[k]) === JSON.stringify(v))) return list;
  }
  return null;
}

/** What the browse billed so far against the pages and answers a person saw. */
export async function billingReport(h: Harness): Promise<BillingReport> {
  const seen = await seenOnScreen(h);
  const lists = [...new Set([...seen].map((s) => s.split('\n')[0] ?? ''))];
  const calls: BilledCall[] = [];
  const needed = new Set<string>();
  // Each list's pages in the order they were first asked for (a page asked again keeps its number).
  const pagesOf = new Map<string, string[]>();
  for (const { args, result } of answeredCalls(h)) {
    const billed = result.ok ? !result.value.cacheHit : result.error.billed;
    const endpoint = findEndpoint(args.path);
    const key = JSON.stringify([args.path, args.params]);
    const list = endpoint?.paging ? listOf(args, lists) : null;
    let page: number | null = null;
    let shown = false;
    if (list !== null && endpoint) {
      const pages = pagesOf.get(list) ?? [];
      if (!pages.includes(key)) pages.push(key);
      pagesOf.set(list, pages);
      page = pages.indexOf(key) + 1;
      if (result.ok) {
        const records = normalizeItems(endpoint, readPage(endpoint, result.value.data, args.params).items);
        shown = records.some((r) => seen.has(`${list}\n${shownId(r)}`));
      }
    } else {
      // A one-answer call is shown by the screen that asked for it; a page of a list never on screen is not.
      shown = result.ok && !endpoint?.paging;
    }
    if (shown) needed.add(key);
    if (billed) calls.push({ path: args.path, params: args.params, list, page, needed: shown });
  }
  return { billed: calls.length, needed: needed.size, ratio: needed.size === 0 ? 0 : calls.length / needed.size, calls };
}

/** How many pages of the list at `path` had a row on screen so far. */
export async function pagesSeen(h: Harness, path: string): Promise<number> {
  const report = await billingReport(h);
  return new Set(report.calls.filter((c) => c.path === path && c.needed).map((c) => c.page)).size;
}

/** The report as lines: the ratio, then every billed call (page number, needed or not). */
export function describeBilling(report: BillingReport): string[] {
  const lines = report.calls.map((c) => {
    const what = c.page === null ? '' : ` page ${c.page}`;
    return `  ${c.needed ? 'needed' : 'WASTED'}  ${c.path}${what}`;
  });
  return [`billed/needed = ${report.ratio.toFixed(2)} (${report.billed} billed, ${report.needed} needed)`, ...lines];
}
