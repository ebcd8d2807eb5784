// Checks a request's parameters against the catalog before anything is sent (a refused call can still
// be billed), and turns them into the query string entries. Messages say what to fix.
import type { Endpoint, ParamRule, ParamSpec } from './catalog';
import type { ParamIssue } from './errors';

export type { ParamIssue };

export type ParamCheck = { ok: true; query: [string, string][] } | { ok: false; issues: ParamIssue[] };

/** Hosts of the platform's web pages, and of its media CDN. */
const PLATFORM_HOSTS: ReadonlySet<string> = new Set(['instagram.com', 'www.instagram.com', 'instagr.am']);
const CDN_DOMAINS: readonly string[] = ['cdninstagram.com', 'fbcdn.net'];

/** First path segments that are platform pages, not usernames. */
const NOT_USERNAMES: ReadonlySet<string> = new Set(['p', 'reel', 'reels', 'tv', 'stories', 's', 'share', 'explore', 'accounts', 'direct']);

const EXAMPLES: Readonly<Record<string, string>> = {
  profile_url: 'https://www.instagram.com/<username>/',
  post_url: 'https://www.instagram.com/p/<code>/ (or /reel/<code>/, /tv/<code>/)',
  story_url: 'https://www.instagram.com/stories/<username>/<story id>/',
  highlight_url: 'https://www.instagram.com/stories/highlights/<highlight id>/',
  share_url: 'https://www.instagram.com/s/<code>',
  platform_url: 'https://www.instagram.com/…',
  media_file_url: 'https://scontent-….cdninstagram.com/…',
};

type Checked = { value: string } | { message: string };

// Id forms (service-facts.md, spec/recorded): pks are 64-bit integers, at most 20 digits (media pks have 19).
const ID_DIGITS = 20;
const NUMERIC_ID = /^\d{1,20}$/;
const MEDIA_ID = /^\d{1,20}(_\d{1,20})?$/;
const HIGHLIGHT_ID = /^(highlight:)?\d{1,20}$/;
/** A post's code: base64url; 11 characters carry the pk, private posts add a suffix. */
const SHORTCODE_CHARS = 64;
const SHORTCODE = /^[A-Za-z\d_-]{1,64}$/;
/** A share code: base64 of `<type>:<pk>` (/s/ links, '+', '/' and '=' allowed), or a /share/ token. */
const SHARE_CODE = /^[A-Za-z\d_\-+/=]{1,200}$/;

/** A value as it may appear in a message: short, with control characters shown as '?'. */
function shown(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}

const absent = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

// ---- types ----------------------------------------------------------------------------------------

/** Text, or an id given as a number. A number beyond 2^53 has already lost digits, so it is refused. */
function asText(spec: ParamSpec, value: unknown): Checked {
  if (typeof value === 'string') {
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) return { message: `'${spec.name}' must not contain control characters.` };
    return { value: value.trim() };
  }
  if (typeof value === 'bigint') return { value: value.toString() };
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
      return { message: `'${spec.name}' is too large to pass as a number without losing digits: pass it as text ('${spec.name}': '…').` };
    }
    return { value: String(value) };
  }
  return { message: `'${spec.name}' must be text.` };
}

function asInteger(spec: ParamSpec, value: unknown): Checked {
  const bad = { message: `'${spec.name}' must be a whole number, such as 12.` };
  if (typeof value === 'number') return Number.isSafeInteger(value) ? { value: String(value) } : bad;
  if (typeof value === 'bigint') return { value: value.toString() };
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return { value: value.trim() };
  return bad;
}

function asNumber(spec: ParamSpec, value: unknown): Checked {
  const bad = { message: `'${spec.name}' must be a number, such as 40.74.` };
  if (typeof value === 'number') return Number.isFinite(value) ? { value: String(value) } : bad;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return { value: value.trim() };
  return bad;
}

function asBoolean(spec: ParamSpec, value: unknown): Checked {
  if (typeof value === 'boolean') return { value: String(value) };
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return { value: value.trim().toLowerCase() };
  return { message: `'${spec.name}' must be true or false.` };
}

/**
 * A list: an array, or one string of ids separated by commas or spaces. Sent as repeated parameters
 * (`media_ids=a&media_ids=b`): OpenAPI gives no `style`/`explode`, so its defaults (form, explode)
 * apply, which is also how the FastAPI server reads a list parameter.
 */
function asList(spec: ParamSpec, value: unknown): { values: string[] } | { message: string } {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [value];
  const values: string[] = [];
  for (const item of raw) {
    const checked = asText(spec, item);
    if ('message' in checked) return { message: `Each item of '${spec.name}' must be text.` };
    if (checked.value !== '') values.push(checked.value);
  }
  if (spec.maxItems !== undefined && values.length > spec.maxItems) {
    return { message: `'${spec.name}' takes at most ${spec.maxItems} items per call, got ${values.length}: split them over several calls.` };
  }
  return { values };
}

// ---- rules ----------------------------------------------------------------------------------------

/** The interface's rule: letters and digits in any script; no leading '#', trailing dots or '_.'. */
function checkHashtag(name: string): string | null {
  if (name.startsWith('#')) {
    return `Hashtag names cannot start with '#': use '${name.replace(/^#+/, '')}', not '${name}'.`;
  }
  if (name.endsWith('.')) {
    return `Hashtag names cannot end with a dot: use '${name.replace(/\.+$/, '')}', not '${name}'.`;
  }
  if (name.includes('_.')) return `Hashtag names cannot contain '_.': '${name}' is not a hashtag the platform accepts.`;
  if (/\s/.test(name)) {
    return `Hashtag names cannot contain spaces: give one hashtag, such as '${name.split(/\s+/)[0] ?? ''}'.`;
  }
  const symbols = [...new Set([...name].filter((ch) => !/[\p{L}\p{M}\p{Nd}_]/u.test(ch)))];
  if (symbols.length > 0) {
    return `Hashtag names may contain only letters, digits and underscores (any script): remove ${symbols.map((s) => `'${s}'`).join(', ')} from '${name}'.`;
  }
  return null;
}

function isCdnHost(host: string): boolean {
  return CDN_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** The link with `https://` added when it was pasted without a scheme, or null when it is not a web link. */
function withScheme(value: string): { text: string; url: URL } | null {
  const text = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { text, url } : null;
  } catch {
    return null;
  }
}

/** Why the path of a platform link does not fit the rule, or null when it does. */
function pathProblem(rule: ParamRule, segments: string[]): string | null {
  const [first = '', second = '', third = ''] = segments;
  const shareHint = first === 's' ? ' Share links (/s/…) must first be resolved with /v1/share/by/url.' : '';
  switch (rule) {
    case 'profile_url':
      return /^[A-Za-z\d._]{1,30}$/.test(first) && !NOT_USERNAMES.has(first) ? null : 'This is not a profile link.';
    case 'post_url': {
      const at = segments.findIndex((s) => s === 'p' || s === 'reel' || s === 'reels' || s === 'tv');
      return at >= 0 && segments[at + 1] !== undefined ? null : `This is not a post or reel link.${shareHint}`;
    }
    case 'story_url':
      if (first === 'stories' && second === 'highlights') return 'This is a highlight link, not a story link: use the highlight endpoints.';
      return first === 'stories' && second !== '' && /^\d+$/.test(third) ? null : `This is not a story link.${shareHint}`;
    case 'highlight_url':
      return first === 'stories' && second === 'highlights' && /^\d+$/.test(third) ? null : `This is not a highlight link.${shareHint}`;
    case 'share_url':
      return first === 's' && second !== '' ? null : 'This is not a share link (it must contain /s/).';
    default:
      return null;
  }
}

function checkUrl(spec: ParamSpec, rule: ParamRule, value: string): Checked {
  const example = EXAMPLES[rule] ?? '';
  const parsed = withScheme(value);
  if (!parsed) return { message: `'${spec.name}' must be a web link, such as ${example}.` };
  const host = parsed.url.hostname.toLowerCase();
  if (rule === 'media_file_url') {
    if (isCdnHost(host)) return { value: parsed.text };
    return {
      message: `Use the address of the media file itself (on cdninstagram.com or fbcdn.net, e.g. a story's video_url or thumbnail_url), not ${host === '' ? 'this link' : `a page on ${host}`}.`,
    };
  }
  if (!PLATFORM_HOSTS.has(host)) {
    return { message: `This link is not on instagram.com: use a link such as ${example}.` };
  }
  const problem = pathProblem(rule, parsed.url.pathname.split('/').filter(Boolean));
  return problem ? { message: `${problem} Use a link such as ${example}.` } : { value: parsed.text };
}

function applyRule(spec: ParamSpec, value: string): Checked {
  switch (spec.rule) {
    case undefined:
      return { value };
    case 'hashtag_name': {
      const problem = checkHashtag(value);
      return problem ? { message: problem } : { value };
    }
    case 'numeric_id':
      return NUMERIC_ID.test(value)
        ? { value }
        : { message: `'${spec.name}' must be a numeric id (digits only, at most ${ID_DIGITS}, such as 25025320), not '${shown(value)}'. To start from a username, look the account up by username first.` };
    case 'media_id':
      return MEDIA_ID.test(value)
        ? { value }
        : { message: `'${spec.name}' must be a media id: digits, or <pk>_<owner id> (such as 3568163913290539022_25025320), not '${shown(value)}'. To start from a link, paste it in the search box.` };
    case 'highlight_id':
      return HIGHLIGHT_ID.test(value)
        ? { value }
        : { message: `'${spec.name}' must be a highlight id: digits, or highlight:<digits>, not '${shown(value)}'.` };
    case 'username': {
      const name = value.replace(/^@/, '');
      return /^[A-Za-z\d._]{1,30}$/.test(name)
        ? { value: name }
        : { message: `'${spec.name}' must be a username: letters, digits, '.' and '_' only, at most 30 characters (such as nasa), not '${shown(value)}'.` };
    }
    case 'shortcode':
      return SHORTCODE.test(value)
        ? { value }
        : { message: `'${spec.name}' must be a post's code as it appears in its link (letters, digits, '-' and '_', at most ${SHORTCODE_CHARS}), not '${shown(value)}'.` };
    case 'share_code':
      return SHARE_CODE.test(value)
        ? { value }
        : { message: `'${spec.name}' must be the code of a share link (the part after /s/ or /share/), not '${shown(value)}'.` };
    case 'cursor':
      return /^[\x20-\x7e]{1,4000}$/.test(value)
        ? { value }
        : { message: `'${spec.name}' is not a cursor the service sent (cursors come from the previous page; leave it empty for the first page).` };
    default:
      return checkUrl(spec, spec.rule, value);
  }
}

// ---- the check ------------------------------------------------------------------------------------

function checkOne(spec: ParamSpec, value: unknown): { values: string[] } | { message: string } {
  let values: string[];
  if (spec.type === 'string[]') {
    const list = asList(spec, value);
    if ('message' in list) return list;
    values = list.values;
  } else {
    const convert = { string: asText, integer: asInteger, number: asNumber, boolean: asBoolean }[spec.type];
    const checked = convert(spec, value);
    if ('message' in checked) return checked;
    values = [checked.value];
  }
  const out: string[] = [];
  for (const v of values) {
    const checked = applyRule(spec, v);
    if ('message' in checked) return checked;
    out.push(checked.value);
  }
  return { values: out };
}

function describe(spec: ParamSpec): string {
  return spec.description ? ` (${spec.description})` : '';
}

/**
 * Checks `input` against the endpoint's parameters: required ones present and non-empty, no unknown
 * ones, types and rules. Absent values (undefined, null, blank) count as not given. On success, the
 * query entries in the catalog's parameter order; values are trimmed, booleans are 'true'/'false'.
 * `safe_int` is not added here: the api client adds it where the endpoint takes it.
 */
export function validateParams(endpoint: Endpoint, input: Record<string, unknown>): ParamCheck {
  const issues: ParamIssue[] = [];
  const query: [string, string][] = [];
  const known = new Set(endpoint.params.map((p) => p.name));

  for (const [name, value] of Object.entries(input)) {
    if (known.has(name) || absent(value)) continue;
    const accepted = endpoint.params.map((p) => p.name).join(', ');
    issues.push({
      param: name,
      message: `${endpoint.path} has no parameter '${name}': ${accepted ? `it takes ${accepted}` : 'it takes no parameters'}.`,
    });
  }

  for (const spec of endpoint.params) {
    const value = input[spec.name];
    const checked = absent(value) ? null : checkOne(spec, value);
    if (checked === null || ('values' in checked && checked.values.length === 0)) {
      if (spec.required) issues.push({ param: spec.name, message: `'${spec.name}' is required${describe(spec)}.` });
    } else if ('message' in checked) {
      issues.push({ param: spec.name, message: checked.message });
    } else {
      for (const v of checked.values) query.push([spec.name, v]);
    }
  }

  return issues.length > 0 ? { ok: false, issues } : { ok: true, query };
}
