// Expired media links. CDN URLs are signed and expire (`oe` = expiry, hex epoch seconds); an expired one
// answers 403. The record is then asked for again through the call service (so the cost guard, cache,
// ledger and balance apply as for any call) and the download continues with the fresh URL. Renewals
// cost units: the queue gathers them in batches and asks once per batch (renewals.ts); the grant the
// answer gives goes with each renewal call, nothing else authorises it.
import { findEndpoint } from '../../shared/api/catalog';
import { normalizeAnswer } from '../../shared/api/normalize';
import type { CallValue, OpArgs, Result } from '../../shared/ipc';
import type { SpendGrant } from '../calls/cost-guard';
import type { Priority } from '../calls/scheduler';
import type { RefreshRef } from './plan';
import { isDict, type Dict } from '../../shared/guards';

/** What main's confirmation of a batch of renewals gave: the units it may spend, passed on with each renewal call. */
export type RenewalGrant = SpendGrant;

export type CallFn = (args: OpArgs<'call'>, options?: { grant?: RenewalGrant; priority?: Priority }) => Promise<Result<CallValue>>;

/** The call that renewed a file's URL, for the sidecar. */
export interface RefreshedBy {
  path: string;
  params: Record<string, string>;
  requestId: string;
  units: number;
  fetchedAt: number;
}

export class RefreshError extends Error {}

/** True when the URL carries an `oe` expiry that has passed. */
export function urlExpired(url: string, nowMs: number): boolean {
  let oe: string | null;
  try {
    oe = new URL(url).searchParams.get('oe');
  } catch {
    return false;
  }
  if (oe === null || !/^[0-9a-f]{1,12}$/i.test(oe)) return false;
  return parseInt(oe, 16) * 1000 <= nowMs;
}

function firstUrl(files: unknown): string | null {
  if (!Array.isArray(files)) return null;
  for (const f of files) if (isDict(f) && typeof f.url === 'string' && f.url !== '') return f.url;
  return null;
}

/** The URL for `ref` in a freshly fetched record, or null when it is not there. */
function pickUrl(ref: RefreshRef, record: Dict): string | null {
  if (ref.path === '/v1/user/by/id') {
    const raw = record.raw;
    const hd = isDict(raw) ? raw.profile_pic_url_hd : null;
    const info = isDict(raw) ? raw.hd_profile_pic_url_info : null;
    const infoUrl = isDict(info) ? info.url : null;
    for (const url of [hd, infoUrl, record.avatarUrl]) if (typeof url === 'string' && url !== '') return url;
    return null;
  }
  let media: Dict | undefined = record;
  if (ref.childIndex !== null) {
    const children = Array.isArray(record.children) ? record.children.filter(isDict) : [];
    media = children.find((c) => ref.childId !== null && c.id === ref.childId) ?? children[ref.childIndex - 1];
    if (!media) return null;
  }
  const video = firstUrl(media.videos);
  const image = firstUrl(media.images) ?? (typeof media.thumbnailUrl === 'string' ? media.thumbnailUrl : null);
  return ref.role === 'cover' ? image : (video ?? image);
}

export interface RefreshOptions {
  call: CallFn;
  /** The confirmation of the batch this renewal belongs to. */
  grant: RenewalGrant;
  now: () => number;
}

/** A fresh URL for the file `ref` points to; throws a RefreshError saying what went wrong. */
export async function refreshUrl(ref: RefreshRef, staleUrl: string, o: RefreshOptions): Promise<{ url: string; by: RefreshedBy }> {
  const endpoint = findEndpoint(ref.path);
  if (!endpoint) throw new RefreshError(`Cannot renew the link: ${ref.path} is unknown.`);
  const params = { id: ref.id };
  // First from the cache if it holds the record; if that copy carries the same stale link, from the service.
  for (const refresh of [false, true]) {
    const outcome = await o.call({ path: ref.path, params, ...(refresh ? { refresh: true } : {}) }, { grant: o.grant, priority: 'background' });
    if (!outcome.ok) {
      const e = outcome.error;
      if (e.kind === 'confirmation_required') {
        throw new RefreshError(`The media link expired. Renewing it (${ref.path}) costs ${e.cost ?? '?'} requests and needs your confirmation: retry to confirm.`);
      }
      throw new RefreshError(`The media link expired and could not be renewed: ${e.message}`);
    }
    const record = normalizeAnswer(endpoint, outcome.value.data);
    const url = isDict(record) ? pickUrl(ref, record) : null;
    if (url === null) throw new RefreshError(`The media link expired and the renewed record (${ref.path}) has no media for this file.`);
    if (url === staleUrl || urlExpired(url, o.now())) {
      if (!refresh) continue;
      throw new RefreshError('The media link failed and the service sent the same link again: the media may have been removed.');
    }
    const v = outcome.value;
    return { url, by: { path: ref.path, params, requestId: v.fetchedBy, units: v.units, fetchedAt: v.fetchedAt } };
  }
  throw new RefreshError('The media link expired and could not be renewed.');
}
