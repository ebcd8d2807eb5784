// The records an export is asked to write come from the renderer (or a job's file): they are checked
// here, kind by kind, against a schema of the fields the writers read, before anything is written. A
// record of another shape is refused with the path of the field, instead of failing half-way through a
// file. The schemas are plain checks, not zod's: zod copies every object it parses, which cost as much
// as writing the row itself (npm run bench -- export). Each object schema's test is compiled once, at
// load, into one function that reads its fields by name: a loop over the field names with a call per
// field took 5 µs per post, as much as a tenth of writing its NDJSON line; the compiled test takes 1.
// Only this file's own constant schemas go into the compiled code, never a record's keys or values.
import { validationError, type ParamIssue } from '../../shared/api/errors';
import { isDict } from '../../shared/guards';

/**
 * A schema: `test` is its check as a JavaScript expression over a variable, compiled into its object's
 * test (fast: no path is built for a valid record, the usual case); `explain` names what is wrong, field
 * by field, for a record that fails it.
 */
interface Check {
  /** The check of the variable named `x` as an expression; a function it calls is added to `calls` and named `c<index>`. */
  test(x: string, calls: Test[]): string;
  explain(value: unknown, path: string, issues: ParamIssue[]): void;
}

type Test = (value: unknown) => boolean;

/** An object's schema, with its compiled test. */
interface ObjectCheck extends Check {
  ok: Test;
}

/** The name of a function in the compiled code, added to `calls`. */
function call(calls: Test[], f: Test): string {
  calls.push(f);
  return `c${calls.length - 1}`;
}

/** A function `(v) => boolean` from its body's source, the functions it calls bound to their names. */
function compiled(body: string, calls: Test[]): Test {
  // The code is made from this file's constant schemas only (see the top).
  return new Function(...calls.map((_, i) => `c${i}`), `return function test(v) {\n${body}\n};`)(...calls) as Test;
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/**
 * A check of a plain value: `ok` as a function (for explain) and `test` as an expression (for the compiled
 * test; in parentheses, so that `!` or `||` around it cannot bind into it).
 */
function scalar(expected: string, ok: Test, test: (x: string) => string): Check {
  return {
    test: (x) => `(${test(x)})`,
    explain: (v, p, out) => void (!ok(v) && out.push({ param: p, message: `Expected ${expected}, got ${typeName(v)}` })),
  };
}

const string = scalar('a string', (v) => typeof v === 'string', (x) => `typeof ${x} === 'string'`);
const id = scalar('a non-empty string', (v) => typeof v === 'string' && v !== '', (x) => `typeof ${x} === 'string' && ${x} !== ''`);
const number = scalar('a number', (v) => typeof v === 'number', (x) => `typeof ${x} === 'number'`);
const flag = scalar('true or false', (v) => typeof v === 'boolean', (x) => `typeof ${x} === 'boolean'`);

/** May be left out (undefined), not null. */
const optional = (c: Check): Check => ({
  test: (x, calls) => `(${x} === undefined || ${c.test(x, calls)})`,
  explain: (v, p, out) => void (v !== undefined && c.explain(v, p, out)),
});
/** May be left out or null. */
const nullish = (c: Check): Check => ({
  test: (x, calls) => `(${x} === undefined || ${x} === null || ${c.test(x, calls)})`,
  explain: (v, p, out) => void (v !== undefined && v !== null && c.explain(v, p, out)),
});

/** An object with at least these fields (others are let through). */
function object(fields: Record<string, Check>): ObjectCheck {
  const entries = Object.entries(fields);
  // The test, compiled: `function (v) { if (!isDict(v)) return false; const x0 = v["id"]; if (!(...x0...)) return false; ... return true; }`.
  const calls: Test[] = [isDict];
  const lines = entries.map(([key, check], i) => `const x${i} = v[${JSON.stringify(key)}];\nif (!(${check.test(`x${i}`, calls)})) return false;`);
  const ok = compiled(`if (!c0(v)) return false;\n${lines.join('\n')}\nreturn true;`, calls);
  return {
    ok,
    // In the code of an object holding this one: a call of this test.
    test: (x, outer) => `${call(outer, ok)}(${x})`,
    explain: (v, p, out) => {
      if (!isDict(v)) return void out.push({ param: p, message: `Expected an object, got ${typeName(v)}` });
      for (const [key, check] of entries) check.explain(v[key], `${p}.${key}`, out);
    },
  };
}

/** A list that may be left out. */
const list = (item: Check): Check => ({
  // The item's test as a function of its own, compiled like an object's (a list of strings has one too).
  test: (x, calls) => `(${x} === undefined || (Array.isArray(${x}) && ${x}.every(${call(calls, compile(item))})))`,
  explain: (v, p, out) => {
    if (v === undefined) return;
    if (!Array.isArray(v)) return void out.push({ param: p, message: `Expected a list, got ${typeName(v)}` });
    v.forEach((x, i) => item.explain(x, `${p}.${i}`, out));
  },
});

/** A check's test as a function (a list's item check). */
function compile(check: Check): Test {
  if ('ok' in check) return (check as ObjectCheck).ok;
  const calls: Test[] = [];
  return compiled(`return ${check.test('v', calls)};`, calls);
}

const text = nullish(string);
const count = nullish(number);
const yesNo = nullish(flag);
const mediaFile = object({ url: string });

const userFields = { id: string, username: text, fullName: text, avatarUrl: text, isPrivate: yesNo, isVerified: yesNo };
const user = object(userFields);
const location = object({ id: text, name: text, city: text, lat: count, lng: count });

const postFields = {
  id,
  mediaId: string,
  code: text,
  mediaType: optional(string),
  takenAt: count,
  owner: nullish(user),
  caption: nullish(object({ text: optional(string), hashtags: list(string), mentions: list(string) })),
  images: list(mediaFile),
  videos: list(mediaFile),
  thumbnailUrl: text,
  usertags: list(object({ user })),
  coauthors: list(user),
  location: nullish(location),
  counts: optional(object({ likes: count, comments: count, plays: count, views: count, reshares: count })),
  likesHidden: yesNo,
};

const story = object({
  id,
  code: text,
  owner: nullish(user),
  takenAt: count,
  expiresAt: count,
  mediaType: optional(string),
  images: list(mediaFile),
  videos: list(mediaFile),
  thumbnailUrl: text,
  mentions: list(object({ user })),
  hashtags: list(object({ name: string })),
  links: list(object({ url: string })),
  locations: list(object({ location })),
  stickers: list(object({ type: text })),
});

const commentFields = { id, postId: text, parentId: text, text: optional(string), author: nullish(user), createdAt: count, likeCount: count, replyCount: count, isPinned: yesNo };

/** What the writers read of each kind (columns.ts, lines.ts, the ZIP's media names). */
const SCHEMAS: Record<string, ObjectCheck> = {
  post: object({ ...postFields, children: list(object(postFields)) }),
  story,
  highlight: object({ id, title: text, items: list(story) }),
  comment: object({ ...commentFields, previewReplies: list(object(commentFields)) }),
  user,
  profile: object({
    ...userFields,
    counts: optional(object({ media: count, followers: count, following: count })),
    biography: text,
    externalUrl: text,
    category: text,
  }),
  location: object({ name: text }),
  hashtag: object({ name: string }),
  track: object({ id }),
};

const MAX_ISSUES = 20;

/** Throws a validation error naming the first fields (`items.<n>.record.<field>`) the writers cannot use. */
export function checkExportRecords(items: readonly { record: { kind: string } }[]): void {
  const issues: ParamIssue[] = [];
  for (let i = 0; i < items.length && issues.length < MAX_ISSUES; i++) {
    const record = (items[i] as { record: { kind: string } }).record;
    const check = Object.hasOwn(SCHEMAS, record.kind) ? SCHEMAS[record.kind] : undefined;
    if (!check) issues.push({ param: `items.${i}.record.kind`, message: `Records of kind "${String(record.kind)}" cannot be exported` });
    else if (!check.ok(record)) check.explain(record, `items.${i}.record`, issues);
  }
  if (issues.length > 0) throw validationError(issues.slice(0, MAX_ISSUES));
}
