// Reads the spec documents for the catalog tests and pulls out what they state about endpoints.
// Default: the copies in test/fixtures/spec (so a clean clone works); FEEDLENS_SPEC_DIR points elsewhere
// (e.g. the shared spec folder) to check the catalog against newer documents.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParamType } from '../../../../shared/api/catalog';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURE_SPEC_DIR = resolve(here, '../../../fixtures/spec');
/** Where the project's shared spec lives next to the repository, when it does. */
export const SHARED_SPEC_DIR = resolve(here, '../../../../../shared/spec');
export const SPEC_DIR = process.env.FEEDLENS_SPEC_DIR ?? FIXTURE_SPEC_DIR;

export const SPEC_FILES = ['service-interface.md', 'service-facts.md', 'openapi-1.7.9.json'] as const;

export const readSpec = (name: (typeof SPEC_FILES)[number]): string => readFileSync(resolve(SPEC_DIR, name), 'utf8');

export const interfaceMd = readSpec('service-interface.md');
export const factsMd = readSpec('service-facts.md');

// ---- OpenAPI ---------------------------------------------------------------------------------------

interface OpenApiSchema {
  type?: string;
  anyOf?: OpenApiSchema[];
  default?: unknown;
  maxItems?: number;
}
interface OpenApiParam {
  name: string;
  in: string;
  required?: boolean;
  schema: OpenApiSchema;
}
interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  deprecated?: boolean;
  parameters?: OpenApiParam[];
}
// The OpenAPI document is ours, not a service answer: plain JSON.parse is fine here.
const openapi = JSON.parse(readSpec('openapi-1.7.9.json')) as { paths: Record<string, { get: OpenApiOperation }> };

export interface DocParam {
  name: string;
  type: ParamType;
  required: boolean;
  default?: unknown;
}

function openApiType(schema: OpenApiSchema): ParamType {
  const type = schema.type ?? schema.anyOf?.map((s) => s.type).find((t) => t !== 'null');
  if (type === 'array') return 'string[]';
  if (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean') return type;
  throw new Error(`unexpected OpenAPI type ${String(type)}`);
}

export const openApiPaths: string[] = Object.keys(openapi.paths);

export function openApiOperation(path: string): OpenApiOperation {
  const op = openapi.paths[path]?.get;
  if (!op) throw new Error(`no GET ${path} in OpenAPI`);
  return op;
}

export function openApiParams(path: string): DocParam[] {
  return (openApiOperation(path).parameters ?? []).map((p) => ({
    name: p.name,
    type: openApiType(p.schema),
    required: p.required === true,
    default: p.schema.default,
  }));
}

// ---- the interface document -----------------------------------------------------------------------

const PATH_IN_BACKTICKS = /`(?:GET )?(\/(?:g1|g2|gql|a2|v1|v2|v3|sys)\/[^`\s]*)`/g;

export function backtickedPaths(text: string): string[] {
  return [...text.matchAll(PATH_IN_BACKTICKS)].map((m) => m[1] ?? '');
}

function section(md: string, heading: string): string {
  const start = md.indexOf(heading);
  if (start < 0) throw new Error(`no section ${heading}`);
  const rest = md.slice(start + heading.length);
  const end = rest.search(/\n#{2,3} /);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Table rows (cells without the outer pipes) of a markdown section, header and rule lines excluded. */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-| ]+\|$/.test(line))
    .slice(1)
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
}

/** Every path the interface names; wildcard forms (`/v1/hashtag/medias/*\/chunk`) kept as they are. */
export const interfacePaths: string[] = [...new Set(backtickedPaths(interfaceMd))];
export const listedPaths: string[] = backtickedPaths(section(interfaceMd, '### Endpoints listed without further detail'));

/** The deprecated table: path -> replacement paths. */
export const deprecatedTable: Map<string, string[]> = new Map(
  tableRows(section(interfaceMd, '### Deprecated endpoints')).flatMap(([paths = '', replacements = '']) =>
    backtickedPaths(paths).map((p): [string, string[]] => [p, backtickedPaths(replacements)]),
  ),
);

/** The paging summary: path (wildcards kept) -> cursor parameter names. */
export const pagingSummary: Map<string, string[]> = new Map(
  tableRows(section(interfaceMd, '### Paging summary')).flatMap(([paths = '', params = '']) => {
    const names = [...params.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? '');
    return backtickedPaths(paths).map((p): [string, string[]] => [p, names]);
  }),
);

/** A pattern for a wildcard path of the interface (`*` stands for one or more segments). */
export function wildcard(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.+')}$`);
}

const INTERFACE_TYPES: Record<string, ParamType> = {
  string: 'string',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  array: 'string[]',
};

/**
 * The parameters of every detailed table row: "`user_id` string (req); `end_cursor` string".
 * "same as above" repeats the previous row's parameters.
 */
export const interfaceParams: Map<string, DocParam[]> = (() => {
  const rows = new Map<string, DocParam[]>();
  let previous: DocParam[] = [];
  for (const line of interfaceMd.split('\n')) {
    const row = /^\| GET `([^`]+)`[^|]*\| ([^|]*) \|/.exec(line);
    if (!row) continue;
    const [, path = '', cell = ''] = row;
    if (cell.trim() === 'same as above') {
      rows.set(path, previous);
      continue;
    }
    const params: DocParam[] = [];
    for (const part of cell.split(';')) {
      const p = /^\s*`([a-z_]+)` (\w+)(.*)$/.exec(part);
      if (!p) continue;
      const [, name = '', word = '', rest = ''] = p;
      const type = INTERFACE_TYPES[word];
      if (!type) throw new Error(`unknown interface type ${word} in ${path}`);
      params.push({ name, type, required: /\(req\b/.test(rest) });
    }
    rows.set(path, params);
    previous = params;
  }
  return rows;
})();

// ---- the facts ------------------------------------------------------------------------------------

/** "Cost per call (units): 2 for `…`, …; 3 for `…`, …; 1 for everything else." */
export const factsCosts: Map<string, number> = (() => {
  const start = factsMd.indexOf('Cost per call');
  const end = factsMd.indexOf('1 for everything else', start);
  const costs = new Map<string, number>();
  for (const group of factsMd.slice(start, end).split(';')) {
    const units = /(\d+) for /.exec(group);
    if (!units) continue;
    for (const path of backtickedPaths(group)) costs.set(path, Number(units[1]));
  }
  return costs;
})();

/** "Other cursor names seen in production: `name` (`/path`, `/path`), …" -> path -> cursor name. */
export const factsCursorNames: Map<string, string> = (() => {
  const start = factsMd.indexOf('Other cursor names seen in production');
  const text = factsMd.slice(start, factsMd.indexOf('\n- ', start + 1));
  const names = new Map<string, string>();
  for (const m of text.matchAll(/`([a-z_]+)` \(([^)]*)\)/g)) {
    for (const path of backtickedPaths(m[2] ?? '')) names.set(path, m[1] ?? '');
  }
  return names;
})();
