// Shape contract over the OpenAPI document's examples (issue 41 item 5): for every endpoint the document
// gives a 200 example for, the simulator's answer to the same endpoint has the example's key paths with
// the same JSON types (the vendor's "..." placeholders left out), and the figure is printed:
//   shape contract (OpenAPI examples): N/M endpoints match, K of L key paths
// The document is read from ../shared/spec; where it is absent the test says so and skips.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../../shared/api/catalog';
import { postUrl } from '../../../../electron/simulator/shapes/v1';
import { ANCHORS, threadOf } from '../../../../electron/simulator/world/world';
import { compare, keyPaths } from './shape-contract-support';
import { callRoute, sharedWorld, wireText, type Params } from './routes-support';

const OPENAPI = process.env.FEEDLENS_OPENAPI ?? resolve(__dirname, '../../../../../shared/spec/openapi-1.7.9.json');
/** Where the figure stands today: a drop below it fails (raise it as the simulator gets closer). */
const FLOOR = { endpoints: 37, keyPaths: 0.85 };

type Json = unknown;

/** The example without the vendor's placeholders: keys and strings "...", array items "... (N more items)". */
function withoutPlaceholders(value: Json): Json {
  if (Array.isArray(value)) return value.filter((v) => !(typeof v === 'string' && v.startsWith('...'))).map(withoutPlaceholders);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, Json>).filter(([k, v]) => k !== '...' && v !== '...').map(([k, v]) => [k, withoutPlaceholders(v)]));
  }
  return value;
}

function examples(): Map<string, Json> {
  const doc = JSON.parse(readFileSync(OPENAPI, 'utf8')) as { paths: Record<string, { get?: { responses?: Record<string, { content?: Record<string, { example?: Json; examples?: Record<string, { value?: Json }> }> }> } }> };
  const out = new Map<string, Json>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    const content = ops.get?.responses?.['200']?.content?.['application/json'];
    const example = content?.example ?? Object.values(content?.examples ?? {})[0]?.value;
    if (example !== null && typeof example === 'object') out.set(path, withoutPlaceholders(example));
  }
  return out;
}

const world = sharedWorld();
const big = world.users.find((u) => u.username === ANCHORS.big)!;
const post = world.media.find((m) => !world.userByPk.get(m.ownerPk)?.isPrivate && !m.commentsDisabled && threadOf(world, m).top.some((c) => c.replies.length >= 2))!;
const parent = threadOf(world, post).top.find((c) => c.replies.length >= 2)!;
const storied = world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.stories.length > 0)!;
const story = storied.stories[0];
const hashtag = [...world.hashtags].sort((a, b) => b.recent.length - a.recent.length)[0]!;

/** The parameters an endpoint is asked with here, from its required ones; null when this test cannot make them. */
function paramsOf(path: string): Params | null {
  const endpoint = findEndpoint(path);
  if (!endpoint) return null;
  const out: Params = {};
  for (const p of endpoint.params.filter((x) => x.required)) {
    const v: string | undefined = {
      user_id: big.pk, username: big.username, query: 'a', name: hashtag.name, code: post.code, media_id: post.pk, comment_id: parent.pk,
      url: path.startsWith('/v2/story') ? undefined : postUrl(post),
      id: path.startsWith('/v2/story') ? story : path.startsWith('/v2/user') ? big.pk : post.pk,
    }[p.name];
    if (v === undefined) return null;
    out[p.name] = v;
  }
  return out;
}

describe('shape contract over the OpenAPI document’s examples', () => {
  it('the simulator has the examples’ key paths with their types', (ctx) => {
    if (!existsSync(OPENAPI)) ctx.skip(`no OpenAPI document at ${OPENAPI}`);
    let endpoints = 0;
    let matching = 0;
    let total = 0;
    let matched = 0;
    const worst: string[] = [];
    for (const [path, example] of examples()) {
      const params = paramsOf(path);
      if (params === null) continue;
      const outcome = callRoute(path, params);
      if (outcome.status !== 200) continue;
      const c = compare(keyPaths(JSON.stringify(example)), keyPaths(wireText(outcome)));
      endpoints += 1;
      total += c.total;
      matched += c.matched;
      if (c.matched === c.total) matching += 1;
      else worst.push(`${path} ${c.matched}/${c.total} (missing e.g. ${[...c.missing, ...c.wrongType].slice(0, 3).join(', ')})`);
    }
    console.log(`shape contract (OpenAPI examples): ${matching}/${endpoints} endpoints match, ${matched} of ${total} key paths (${((100 * matched) / Math.max(1, total)).toFixed(1)} %)`);
    for (const w of worst.sort()) console.log(`  ${w}`);
    expect(endpoints).toBeGreaterThan(20);
    expect(matching).toBeGreaterThanOrEqual(FLOOR.endpoints);
    expect(matched / total).toBeGreaterThanOrEqual(FLOOR.keyPaths);
  });
});
