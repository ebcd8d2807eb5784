// Ids of the world: media pks (19 digits, beyond 2^53), shortcodes, share codes.
// The shortcode codec is the one in service-facts.md: base-64 positional over A-Za-z0-9-_, decoding only
// the first 11 characters of a code (shared with the app: shared/links.ts).
import { decodeShareCode as decodeShare, mediaIdOf, shortcodeToPk as codeToPk } from '../../../shared/links';

/** The platform's epoch for media pks (ms); pks carry the creation time in their upper bits. */
const MEDIA_EPOCH_MS = 1314220021721n;

export { pkToShortcode } from '../../../shared/links';

/** The pk a shortcode stands for (decimal string), or null when it is not a shortcode. */
export function shortcodeToPk(code: string): string | null {
  try {
    return codeToPk(code);
  } catch {
    return null;
  }
}

/**
 * A 19-digit media pk in the platform's style: creation time (ms since the media epoch) shifted left by
 * 23 bits, a per-world sequence number in the low bits (unique, since the sequence never repeats).
 */
export function mediaPk(takenAtSec: number, sequence: number): string {
  const ms = BigInt(takenAtSec) * 1000n - MEDIA_EPOCH_MS;
  return ((ms << 23n) | BigInt(sequence & 0x7fffff)).toString();
}

/** `<pk>_<owner pk>`: the media `id` form. */
export const mediaId = mediaIdOf;

/** Share links `/s/<code>`: the code is base64 of `<type>:<pk>`. */
export function shareCode(type: 'highlight' | 'story', pk: string): string {
  return Buffer.from(`${type}:${pk}`, 'utf8').toString('base64').replace(/=+$/, '');
}

/** Decodes a share code; null when it does not decode to `<type>:<digits>`. */
export function decodeShareCode(code: string): { type: string; pk: string } | null {
  return decodeShare(code) ?? null;
}
