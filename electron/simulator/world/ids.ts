// Ids of the world: media pks (19 digits, beyond 2^53), shortcodes, share codes.
// The shortcode codec is the one in service-facts.md: base-64 positional over A-Za-z0-9-_, decoding only
// the first 11 characters of a code.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The platform's epoch for media pks (ms); pks carry the creation time in their upper bits. */
const MEDIA_EPOCH_MS = 1314220021721n;

export function pkToShortcode(pk: bigint | string): string {
  let n = typeof pk === 'bigint' ? pk : BigInt(pk);
  if (n < 0n) throw new Error('negative pk');
  // 30 bits (five characters) at a time in plain numbers: far fewer BigInt operations.
  let code = '';
  do {
    let chunk = Number(n & 0x3fffffffn);
    n >>= 30n;
    for (let i = 0; i < 5 && (chunk > 0 || n > 0n); i++) {
      code = ALPHABET.charAt(chunk & 63) + code;
      chunk >>>= 6;
    }
  } while (n > 0n);
  return code || 'A';
}

/** The pk a shortcode stands for (decimal string), or null when it is not a shortcode. */
export function shortcodeToPk(code: string): string | null {
  const head = code.slice(0, 11);
  if (head.length === 0) return null;
  let n = 0n;
  for (const ch of head) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    n = n * 64n + BigInt(v);
  }
  return n.toString();
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
export function mediaId(pk: string, ownerPk: string): string {
  return `${pk}_${ownerPk}`;
}

/** Share links `/s/<code>`: the code is base64 of `<type>:<pk>`. */
export function shareCode(type: 'highlight' | 'story', pk: string): string {
  return Buffer.from(`${type}:${pk}`, 'utf8').toString('base64').replace(/=+$/, '');
}

/** Decodes a share code; null when it does not decode to `<type>:<digits>`. */
export function decodeShareCode(code: string): { type: string; pk: string } | null {
  const normal = code.replace(/-/g, '+').replace(/_/g, '/');
  let text: string;
  try {
    text = Buffer.from(normal, 'base64').toString('utf8');
  } catch {
    return null;
  }
  const m = /^([a-z_]+):(\d+)$/.exec(text);
  return m && m[1] && m[2] ? { type: m[1], pk: m[2] } : null;
}
