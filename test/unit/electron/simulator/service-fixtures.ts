// Shared pieces of the shell's tests: a small route table over real catalog paths (so billing, errors and
// faults are tested without depending on the world's content), a movable clock and a request helper.
import type { KeySpec } from '../../../../electron/simulator/keys';
import { createSimulator, type Simulator, type SimulatorOptions } from '../../../../electron/simulator/service';
import { mediaPaths, type RouteHandler } from '../../../../electron/simulator/types';
import type { World } from '../../../../electron/simulator/world/world';

export const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
export const USER_AGENT = 'Feedlens/0.1.0';
export const TEST_KEY = 'hk-test-4f2a9c';
/** Media pk from service-facts.md (DRqAYKuAIUx) and the owner id of the interface's examples. */
export const MEDIA_PK = 3776832898280228145n;
export const OWNER_PK = '25025320';

const user = { pk: OWNER_PK, id: OWNER_PK, username: 'instagram', full_name: 'Instagram', is_private: false, is_verified: true };
const notFound = { status: 404, body: { detail: 'User not found', exc_type: 'UserNotFound' } };
const privateAccount = { status: 403, body: { detail: 'Account is private', exc_type: 'PrivateAccount' } };

/** Answers by username: 'instagram' exists, 'ghost' does not, 'hidden' is private, 'boom' makes the route throw. */
function byUsername(username: string | null, force: boolean, body: unknown): ReturnType<RouteHandler> {
  if (username === 'boom') throw new Error('route exploded');
  if (username === 'ghost') return notFound;
  if (username === 'hidden' && !force) return privateAccount;
  return { status: 200, body };
}

export const TINY_ROUTES: Record<string, RouteHandler> = {
  '/v1/user/by/username': (ctx) => byUsername(ctx.query.get('username'), false, { ...user, username: ctx.query.get('username') }),
  '/v1/user/stories': (ctx) => ({ status: 200, body: ctx.query.get('user_id') === '1' ? [] : [{ pk: String(MEDIA_PK), user }] }),
  '/v1/user/stories/by/username': (ctx) => byUsername(ctx.query.get('username'), ctx.force, []),
  '/v1/user/highlights/by/username': (ctx) => byUsername(ctx.query.get('username'), ctx.force, []),
  '/v1/hashtag/by/name': (ctx) => ({ status: 200, body: { id: '17843', name: ctx.query.get('name'), media_count: 1, allow_following: true, profile_pic_url: null } }),
  '/gql/media/usertags': (ctx) => ({ status: 200, body: { data: { ids: ctx.query.getAll('media_ids') } } }),
  // Big integers where the service writes integers (raw v2 pk, highlight media_ids).
  '/v2/user/by/id': (ctx) => ({ status: 200, body: { user: { ...user, pk: BigInt(ctx.query.get('id') ?? '0'), fbid_v2: 17841400418420356n }, status: 'ok' } }),
  '/v1/highlight/by/url': () => ({ status: 200, body: { pk: '18146216698022174', id: 'highlight:18146216698022174', media_ids: [MEDIA_PK, 2278584739065882267n] } }),
  '/v1/media/code/from/pk': () => ({ status: 200, body: 'DRqAYKuAIUx' }),
  '/v1/media/by/code': (ctx) => ({
    status: 200,
    body: {
      pk: String(MEDIA_PK),
      id: `${MEDIA_PK}_${OWNER_PK}`,
      code: ctx.query.get('code'),
      thumbnail_url: ctx.mediaUrl(mediaPaths.image(String(MEDIA_PK), 640, 800)),
      video_url: ctx.mediaUrl(mediaPaths.video('portrait', String(MEDIA_PK))),
      image_versions: [1080, 640, 320].map((w) => ({ width: w, height: w * 1.25, url: ctx.mediaUrl(mediaPaths.image(String(MEDIA_PK), w, w * 1.25)) })),
    },
  }),
};

/** The tiny routes need no world; a shell test never reads it. */
export const NO_WORLD = {} as World;

export interface Harness {
  sim: Simulator;
  clock: { now: number };
  call(path: string, init?: CallInit): Promise<Response>;
}

export interface CallInit {
  key?: string | null;
  userAgent?: string | null;
  method?: string;
  headers?: Record<string, string>;
  origin?: string;
}

export function request(path: string, init: CallInit = {}): Request {
  const headers = new Headers(init.headers);
  const key = init.key === undefined ? TEST_KEY : init.key;
  if (key !== null) headers.set('x-access-key', key);
  const ua = init.userAgent === undefined ? USER_AGENT : init.userAgent;
  if (ua !== null) headers.set('user-agent', ua);
  return new Request(new URL(path, init.origin ?? 'https://api.feedlens-sim.invalid'), { method: init.method ?? 'GET', headers });
}

export function harness(options: SimulatorOptions = {}, testKey: Omit<KeySpec, 'key'> = { balance: 100, rate: 15, amount: 0.06 }): Harness {
  const clock = { now: NOW };
  const sim = createSimulator({
    routes: TINY_ROUTES,
    world: NO_WORLD,
    now: () => clock.now,
    keys: [{ key: TEST_KEY, ...testKey }],
    ...options,
  });
  return { sim, clock, call: (path, init) => sim.handle(request(path, init)) };
}

/** Units billed, read from `x-hiker-info` in either form: `reqs=N` or `{"reqs": N}`. */
export function unitsOf(res: Response): number {
  const header = res.headers.get('x-hiker-info');
  if (header === null) throw new Error('no x-hiker-info header');
  const older = /^reqs=(\d+)$/.exec(header);
  if (older?.[1]) return Number(older[1]);
  const parsed = JSON.parse(header) as { reqs: number };
  return parsed.reqs;
}
