// The Explorer's form, without React: one field per catalog parameter (type, required, constraint,
// default), the values turned into call params, and the catalog's own validation run on them, so an
// invalid input is explained before anything is sent.
import type { Endpoint, ParamRule, ParamSpec } from '../../../../shared/api/catalog';
import { validateParams } from '../../../../shared/api/params';

/** The text of each field, by parameter name; booleans are '', 'true' or 'false'. */
export type FormValues = Record<string, string>;

/** What a call sends: the params of shared/ipc/index.ts's `call`. */
export type CallParams = Record<string, string | string[]>;

export interface Field {
  spec: ParamSpec;
  input: 'text' | 'number' | 'boolean' | 'list';
  /** The type in words ("text", "whole number", "list of text"). */
  type: string;
  /** What the value must look like, beyond its type; null when anything of the type goes. */
  constraint: string | null;
  /** The service's default, in words; null when there is none. */
  default: string | null;
}

const RULES: Readonly<Record<ParamRule, string>> = {
  hashtag_name: 'a hashtag name: letters, digits or _ in any script, without #',
  profile_url: 'a profile link, such as https://www.instagram.com/<username>/',
  post_url: 'a post or reel link (/p/, /reel/ or /tv/)',
  story_url: 'a story link (/stories/<username>/<story id>/)',
  highlight_url: 'a highlight link (/stories/highlights/<id>/)',
  share_url: 'a share link (/s/<code>)',
  platform_url: 'a link on instagram.com',
  media_file_url: 'the address of a media file on cdninstagram.com or fbcdn.net',
  numeric_id: 'digits only, at most 20',
  media_id: 'a media id: digits, or <pk>_<owner id>',
  highlight_id: 'a highlight id: digits, or highlight:<digits>',
  username: "a username: letters, digits, '.' and '_', at most 30",
  shortcode: "a post's code as it appears in its link",
  share_code: 'the code of a share link (after /s/ or /share/)',
  cursor: 'a cursor from the previous page (leave empty for the first page)',
};

const TYPES: Readonly<Record<ParamSpec['type'], { input: Field['input']; words: string }>> = {
  string: { input: 'text', words: 'text' },
  integer: { input: 'number', words: 'whole number' },
  number: { input: 'number', words: 'number' },
  boolean: { input: 'boolean', words: 'true or false' },
  'string[]': { input: 'list', words: 'list of text' },
};

export function fieldOf(spec: ParamSpec): Field {
  const constraints: string[] = [];
  if (spec.rule) constraints.push(RULES[spec.rule]);
  if (spec.type === 'string[]') constraints.push(`${spec.maxItems !== undefined ? `at most ${spec.maxItems} items, ` : ''}separated by commas or spaces`);
  const type = TYPES[spec.type];
  return {
    spec,
    input: type.input,
    type: type.words,
    constraint: constraints.length > 0 ? constraints.join('; ') : null,
    default: spec.default === undefined ? null : String(spec.default),
  };
}

export function fieldsOf(endpoint: Endpoint): Field[] {
  return endpoint.params.map(fieldOf);
}

function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  return value === undefined || value === null ? '' : String(value);
}

/** Empty fields, filled from `from` where it names a parameter of this endpoint (a repeated request, a replacement). */
export function initialValues(endpoint: Endpoint, from: Record<string, unknown> = {}): FormValues {
  return Object.fromEntries(endpoint.params.map((p) => [p.name, textOf(from[p.name])]));
}

/** The params a call sends: empty fields left out, lists split on commas and spaces. */
export function paramsOf(endpoint: Endpoint, values: FormValues): CallParams {
  const params: CallParams = {};
  for (const spec of endpoint.params) {
    const text = (values[spec.name] ?? '').trim();
    if (text === '') continue;
    params[spec.name] = spec.type === 'string[]' ? text.split(/[\s,]+/).filter(Boolean) : text;
  }
  return params;
}

export type FormCheck = { ok: true; params: CallParams } | { ok: false; issues: Record<string, string> };

/** The catalog's validation of the form: what main would refuse, said per field before anything is sent. */
export function checkForm(endpoint: Endpoint, values: FormValues): FormCheck {
  const params = paramsOf(endpoint, values);
  const check = validateParams(endpoint, params);
  if (check.ok) return { ok: true, params };
  const issues: Record<string, string> = {};
  for (const issue of check.issues) issues[issue.param] ??= issue.message;
  return { ok: false, issues };
}
