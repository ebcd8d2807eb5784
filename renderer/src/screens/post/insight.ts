// A media insight answer (`/v1/media/insight`) as labelled rows. The answer is a loose upstream record
// (the interface neutralises brand names the service writes, e.g. `platform_media_type` is
// `instagram_media_type` in production), so values are found by key name at any depth.
import { formatUtc } from './format';

export interface InsightRow {
  label: string;
  value: string;
}

type Found = { found: true; value: unknown } | { found: false };

/** The first value under `key` (depth first, objects only), or nothing. */
function findDeep(value: unknown, key: string, depth = 0): Found {
  if (typeof value !== 'object' || value === null || depth > 6) return { found: false };
  if (!Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, key)) {
    return { found: true, value: (value as Record<string, unknown>)[key] };
  }
  for (const child of Object.values(value)) {
    const hit = findDeep(child, key, depth + 1);
    if (hit.found) return hit;
  }
  return { found: false };
}

/** A count as digits: numbers, digit strings (big integers arrive as strings) and `{value}` wrappers. */
function countOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value.toLocaleString();
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value).toLocaleString();
  if (typeof value === 'object' && value !== null) {
    const inner = findDeep(value, 'value');
    if (inner.found) return countOf(inner.value);
  }
  return null;
}

const COUNTS: readonly [string, string][] = [
  ['like_count', 'Likes'],
  ['comment_count', 'Comments'],
  ['save_count', 'Saves'],
  ['share_count', 'Shares'],
  ['reach_count', 'Accounts reached'],
  ['impression_count', 'Impressions'],
  ['owner_account_follows_count', 'Follows from this post'],
  ['shopping_product_click_count', 'Product clicks'],
  ['shopping_outbound_click_count', 'Outbound clicks'],
];

const TYPE_KEYS = ['platform_media_type', 'instagram_media_type', 'media_type'];

/** The insight metrics the answer has, in a fixed order; metrics the service left out are not shown. */
export function insightRows(answer: unknown): InsightRow[] {
  const rows: InsightRow[] = [];
  for (const key of TYPE_KEYS) {
    const hit = findDeep(answer, key);
    if (hit.found && typeof hit.value === 'string' && hit.value !== '') {
      rows.push({ label: 'Media type', value: hit.value.replace(/_/g, ' ').toLowerCase() });
      break;
    }
  }
  const created = findDeep(answer, 'creation_time');
  if (created.found && typeof created.value === 'number' && created.value > 0) rows.push({ label: 'Created', value: formatUtc(created.value) });
  for (const [key, label] of COUNTS) {
    const hit = findDeep(answer, key);
    const value = hit.found ? countOf(hit.value) : null;
    if (value !== null) rows.push({ label, value });
  }
  return rows;
}
