// The records an export is asked to write come from the renderer (or a job's file): they are checked
// here, kind by kind, against a schema of the fields the writers read, before anything is written. A
// record of another shape is refused with the path of the field, instead of failing half-way through a
// file. The schemas are plain functions, not zod's, which copies every object it parses; they were once
// compiled at run time (docs/decisions/no-code-generation.md).
import { validationError, type ParamIssue } from '../../shared/api/errors';
import { isDict } from '../../shared/guards';

/** A schema: `ok` tells a valid value (no path built, the usual case); `explain` names what is wrong, field by field. */
interface Check {
  ok(value: unknown): boolean;
  explain(value: unknown, path: string, issues: ParamIssue[]): void;
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function scalar(expected: string, ok: (v: unknown) => boolean): Check {
  return { ok, explain: (v, p, out) => void (!ok(v) && out.push({ param: p, message: `Expected ${expected}, got ${typeName(v)}` })) };
}

const string = scalar('a string', (v) => typeof v === 'string');
const id = scalar('a non-empty string', (v) => typeof v === 'string' && v !== '');
const number = scalar('a number', (v) => typeof v === 'number');
const flag = scalar('true or false', (v) => typeof v === 'boolean');

/** May be left out (undefined), not null. */
const optional = (c: Check): Check => ({
  ok: (v) => v === undefined || c.ok(v),
  explain: (v, p, out) => void (v !== undefined && c.explain(v, p, out)),
});
/** May be left out or null. */
const nullish = (c: Check): Check => ({
  ok: (v) => v === undefined || v === null || c.ok(v),
  explain: (v, p, out) => void (v !== undefined && v !== null && c.explain(v, p, out)),
});

/** An object with at least these fields (others are let through). */
function object(fields: Record<string, Check>): Check {
  const entries = Object.entries(fields);
  return {
    ok: (v) => isDict(v) && entries.every(([key, check]) => check.ok(v[key])),
    explain: (v, p, out) => {
      if (!isDict(v)) return void out.push({ param: p, message: `Expected an object, got ${typeName(v)}` });
      for (const [key, check] of entries) check.explain(v[key], `${p}.${key}`, out);
    },
  };
}

/** A list that may be left out. */
const list = (item: Check): Check => ({
  ok: (v) => v === undefined || (Array.isArray(v) && v.every((x) => item.ok(x))),
  explain: (v, p, out) => {
    if (v === undefined) return;
    if (!Array.isArray(v)) return void out.push({ param: p, message: `Expected a list, got ${typeName(v)}` });
    v.forEach((x, i) => item.explain(x, `${p}.${i}`, out));
  },
});

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
const SCHEMAS: Record<string, Check> = {
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
