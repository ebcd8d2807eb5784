// The simulated service as one fetch-style handler: `handle(Request) => Promise<Response>`. Demo mode
// calls it in-process (no port, no network); http.ts puts the same handler behind node:http.
//
// The shell answers what production's front door and billing answer (keys, balance, rate, retired
// paths, validation, media files, faults); everything an endpoint returns comes from ROUTES (routes.ts, routes-more.ts)
// over the world built from the seed. Order of checks for an API call:
//   front door: injected 1010 or no User-Agent (1010) -> method (405) -> key (401, 403) -> rate (429)
//   -> retired (410) -> not simulated (404) -> balance below cost (402) -> injected status -> params (422)
//   -> route (a route that throws: 500). Latency and reset faults act before all of these.
// Units billed per answer: see billing.ts. Every API answer carries `x-hiker-info` (`reqs=N` or
// `{"reqs": N}`, by family: billing.ts).
import { costOf, findEndpoint, type Endpoint } from '../../shared/api/catalog';
import { validateParams } from '../../shared/api/params';
import { hikerInfo, unitsFor } from './billing';
import {
  AUTH_REQUIRED,
  BLOCKED_1010_TEXT,
  INSUFFICIENT_FUNDS,
  INVALID_KEY,
  METHOD_NOT_ALLOWED,
  endpointRetired,
  faultBody,
  notSimulated,
  rateLimited,
  serverError,
  validationFailed,
  type ValidationItem,
} from './errors';
import { ConnectionResetError, createFaults, isMediaPath, type Faults } from './faults';
import { createKeyStore, type KeySpec, type KeyStore } from './keys';
import { createMediaFiles } from './media';
import { ROUTES } from './routes-more';
import { forgetSearches } from './routes';
import { toJsonText } from './serialize';
import type { RouteContext, RouteHandler, RouteOutcome } from './types';
import { advanceWorld, createWorldClock, deletePost, editBiography, renameAccount, syncWorld, worldTime } from './world/clock';
import { buildWorld, type World } from './world/world';
import { sleep as wait } from '../../shared/timing';

/** The key demo mode uses: always present, with a generous balance and rate. */
export const DEMO_KEY = 'demo-feedlens-0000';
export const DEMO_KEY_SPEC: KeySpec = { key: DEMO_KEY, balance: 1_000_000, rate: 1000, amount: 600, currency: 'USD' };
/** Origins used in-process. `.invalid` never resolves, so nothing can leak to the network. */
export const DEFAULT_API_ORIGIN = 'https://api.feedlens-sim.invalid';
export const DEFAULT_MEDIA_ORIGIN = 'https://media.feedlens-sim.invalid';
export const DEFAULT_SEED = 7;

export interface SimulatorOptions {
  seed?: number;
  /** Extra keys; the demo key is always added (a spec with the same key replaces it). */
  keys?: KeySpec[];
  /**
   * Production's limit of about 50 followers for outsiders: followers lists of bigger accounts stop
   * after one page of 50 with `should_limit_list_of_followers: true` (following lists page normally).
   * On by default, as production; tests that need long follower lists turn it off.
   */
  followerLimit?: boolean;
  /** Clock in epoch ms (rate window, media expiry, stories' 24 h). Default Date.now. */
  now?: () => number;
  /** Origin of media URLs in answers; http.ts sets its own. */
  mediaOrigin?: string;
  /** Folder of the shipped MP4/M4A files (the packaged app passes its resources path). */
  mediaDir?: string;
  routes?: Record<string, RouteHandler>;
  world?: World;
  /** Used for injected latency (tests may pass a fake). */
  sleep?: (ms: number) => Promise<void>;
}

export interface Simulator {
  handle(req: Request): Promise<Response>;
  world: World;
  faults: Faults;
  keys: KeyStore;
  demoKey: string;
  seed: number;
  mediaOrigin: string;
  /** True for URLs this simulator serves as media (demo mode routes them to handle()). */
  isMediaUrl(url: string): boolean;
  /** The world's clock: world time, and moving it on (accounts post, stories expire... world/clock.ts). */
  clock: {
    /** World time, epoch ms. */
    now(): number;
    /** Moves world time on by `ms`; returns the hour steps applied. */
    advance(ms: number): number;
    /** Now, this account takes a new username (its id stays). */
    rename(userPk: string, username: string): void;
    /** Now, this account's biography becomes `biography`. */
    editBio(userPk: string, biography: string): void;
    /** Now, its author deletes this post. */
    deletePost(mediaPk: string): void;
  };
}

interface Answer {
  status: number;
  text: string;
  contentType: string;
  units: number;
  headers?: Record<string, string>;
}

const JSON_TYPE = 'application/json';

function json(status: number, body: unknown, units: number, safeInt = false): Answer {
  return { status, text: toJsonText(body, { safeInt }), contentType: JSON_TYPE, units };
}

function blocked1010(): Answer {
  return { status: 403, text: BLOCKED_1010_TEXT, contentType: 'text/plain; charset=UTF-8', units: 0 };
}

function isTrue(value: string | null): boolean {
  return value !== null && value.trim().toLowerCase() === 'true';
}

/** Retired: the catalog says so, or anything under the removed /a1/ and /s1/ families. */
function retiredReplacements(path: string, endpoint: Endpoint | undefined): string[] | null {
  if (endpoint?.status.kind === 'retired') return endpoint.status.replacements;
  if (path.startsWith('/a1/') || path === '/a1' || path.startsWith('/s1/') || path === '/s1') return [];
  return null;
}

/** The declared params as the validator takes them. Unknown params are ignored, as FastAPI does. */
function readParams(endpoint: Endpoint, query: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of endpoint.params) {
    if (p.type === 'string[]') {
      const all = query.getAll(p.name);
      if (all.length > 0) out[p.name] = all;
      continue;
    }
    const value = query.get(p.name);
    // An empty optional value (e.g. a first page's empty cursor) counts as absent.
    if (value === null || (value === '' && !p.required)) continue;
    out[p.name] = value;
  }
  return out;
}

function validationItems(endpoint: Endpoint, input: Record<string, unknown>, issues: { param: string; message: string }[]): ValidationItem[] {
  return issues.map(({ param, message }) => {
    const spec = endpoint.params.find((p) => p.name === param);
    const value = input[param];
    const missing = spec?.required === true && (value === undefined || value === '' || (Array.isArray(value) && value.length === 0));
    return missing ? { loc: ['query', param], msg: 'Field required', type: 'missing' } : { loc: ['query', param], msg: message, type: 'value_error' };
  });
}

function toResponse(answer: Answer, path: string): Response {
  const bytes = Buffer.from(answer.text); // encoded once: gives the length and the body
  return new Response(bytes, {
    status: answer.status,
    headers: {
      'content-type': answer.contentType,
      'content-length': String(bytes.length),
      'x-hiker-info': hikerInfo(path, answer.units),
      ...answer.headers,
    },
  });
}

/** Keeps the first half of the body's bytes (the answer a dropped connection leaves behind). */
async function truncated(res: Response): Promise<Response> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const half = bytes.subarray(0, Math.floor(bytes.length / 2));
  const headers = new Headers(res.headers);
  headers.set('content-length', String(half.length));
  return new Response(half, { status: res.status, headers });
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => wait(ms).then(() => undefined));
  const routes = options.routes ?? ROUTES;
  const world = options.world ?? buildWorld(seed);
  // The world's hours count from now; a world served before keeps its own clock.
  world.clock ??= createWorldClock(now());
  if (world.clock.steps === 0 && world.clock.version === 0) world.clock.anchorMs = now();
  /** World time: the simulator's clock plus how far the world was advanced. */
  const worldNow = (): number => worldTime(world.clock, now());
  const moved = (steps: number): void => {
    if (steps > 0) forgetSearches(world);
  };
  const mediaOrigin = (options.mediaOrigin ?? DEFAULT_MEDIA_ORIGIN).replace(/\/+$/, '');
  const followerLimit = options.followerLimit ?? true;
  const keys = createKeyStore([DEMO_KEY_SPEC, ...(options.keys ?? [])]);
  const faults = createFaults(seed);
  const media = createMediaFiles(options.mediaDir === undefined ? {} : { mediaDir: options.mediaDir });

  function answerApi(req: Request, url: URL, path: string, nowMs: number): Answer {
    // The front door answers before the service sees the request.
    if (faults.take('block1010', path) || !req.headers.get('user-agent')) return blocked1010();
    if (req.method !== 'GET') return { ...json(405, METHOD_NOT_ALLOWED, 0), headers: { allow: 'GET' } };

    const key = req.headers.get('x-access-key');
    if (!key) return json(401, AUTH_REQUIRED, 0);
    if (!keys.has(key)) return json(403, INVALID_KEY, 0);
    if (!keys.admit(key, nowMs)) return json(429, rateLimited(keys.info(key)?.rate ?? 0), 0);

    const endpoint = findEndpoint(path);
    const retired = retiredReplacements(path, endpoint);
    if (retired) return json(410, endpointRetired(retired), 0);
    const route: RouteHandler | undefined =
      endpoint?.path === '/sys/balance' ? () => ({ status: 200, body: keys.info(key) }) : endpoint && routes[endpoint.path];
    if (!endpoint || !route) return json(404, notSimulated(path), 0);

    const input = readParams(endpoint, url.searchParams);
    const cost = costOf(endpoint, input);
    if ((keys.balance(key) ?? 0) < cost) return json(402, INSUFFICIENT_FUNDS, 0);

    const bill = (answer: Answer): Answer => {
      keys.charge(key, answer.units);
      return answer;
    };
    const injected = faults.takeStatus(path);
    if (injected) return bill(json(injected.status, injected.body ?? faultBody(injected.status), unitsFor(injected.status, cost)));

    const checked = validateParams(endpoint, input);
    if (!checked.ok) return bill(json(422, validationFailed(validationItems(endpoint, input, checked.issues)), unitsFor(422, cost)));

    const safeInt = endpoint.safeInt && isTrue(url.searchParams.get('safe_int'));
    const ctx: RouteContext = {
      world,
      path: endpoint.path,
      query: url.searchParams,
      safeInt,
      force: isTrue(url.searchParams.get('force')),
      mediaUrl: (mediaPath) => mediaOrigin + media.sign(mediaPath, nowMs),
      now: nowMs,
      followerLimit,
    };
    let outcome: RouteOutcome;
    try {
      outcome = route(ctx);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return json(500, serverError(`Simulated upstream failure: ${message}`), 0);
    }
    return bill(json(outcome.status, outcome.body, unitsFor(outcome.status, cost), safeInt));
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname.length > 1 && url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
    // Demo mode's world moves by itself as time passes: whatever hours went by are applied first.
    moved(syncWorld(world, world.clock, now()));

    const latency = faults.latencyFor(path);
    if (latency > 0) await sleep(latency);
    if (faults.take('reset', path)) throw new ConnectionResetError();
    const cut = faults.take('truncate', path);

    let res: Response;
    if (isMediaPath(path)) {
      if (faults.take('block1010', path)) res = toResponse(blocked1010(), path);
      else {
        const injected = faults.takeStatus(path);
        res = injected
          ? new Response(toJsonText(injected.body ?? faultBody(injected.status)), { status: injected.status, headers: { 'content-type': JSON_TYPE } })
          : media.serve(req, url, worldNow());
      }
    } else {
      let answer: Answer;
      try {
        answer = answerApi(req, url, path, worldNow());
      } catch (error) {
        // A bug in the shell itself: answer like an upstream failure rather than crash the caller.
        const message = error instanceof Error ? error.message : String(error);
        answer = json(500, serverError(`Simulator error: ${message}`), 0);
      }
      res = toResponse(answer, path);
    }
    return cut ? truncated(res) : res;
  }

  return {
    handle,
    world,
    faults,
    keys,
    demoKey: DEMO_KEY,
    seed,
    mediaOrigin,
    isMediaUrl: (url) => url.startsWith(`${mediaOrigin}/media/`),
    clock: {
      now: worldNow,
      advance: (ms) => {
        const steps = advanceWorld(world, world.clock, ms, now());
        moved(1);
        return steps;
      },
      // Changes made now: the hours due so far are applied first, so they come after them.
      rename: (userPk, username) => {
        moved(syncWorld(world, world.clock, now()));
        renameAccount(world, world.clock, userPk, username);
        moved(1);
      },
      editBio: (userPk, biography) => {
        moved(syncWorld(world, world.clock, now()));
        editBiography(world, world.clock, userPk, biography);
      },
      deletePost: (mediaPk) => {
        moved(syncWorld(world, world.clock, now()));
        deletePost(world, world.clock, mediaPk);
        moved(1);
      },
    },
  };
}
