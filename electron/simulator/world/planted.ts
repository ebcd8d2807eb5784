// What the world plants for media analysis to find, among the business account and three public
// accounts with few posts, with no other change to the world (pictures.ts draws them):
// - pictures that travel: later posts of other accounts repost an earlier post's picture, resized,
//   slightly cropped or brightened, so that the app's reuse groups have known answers;
// - pictures with words in them, so that text found in pictures (OCR) has known answers.
import { CROP_KEEP, WORDS_PREFIX, type PictureVariant } from '../pictures';
import type { WorldMedia, WorldUser } from './model';
import { ANCHORS } from './people';

export interface PlantedReuse {
  original: string;
  copies: { pk: string; variant: PictureVariant }[];
}

/** Which account's picture the others copy: indexes into [business, first, second, third]. */
const PLAN: { from: number; copies: [number, PictureVariant][] }[] = [
  { from: 0, copies: [[1, 'resized'], [2, 'cropped']] },
  { from: 1, copies: [[0, 'brightened']] },
  { from: 2, copies: [[3, 'resized'], [1, 'brightened']] },
];

const sizeOf = (variant: PictureVariant, w: number, h: number): [number, number] =>
  variant === 'resized' ? [Math.round(w / 2), Math.round(h / 2)] : variant === 'cropped' ? [Math.round(w * CROP_KEEP), Math.round(h * CROP_KEEP)] : [w, h];

export interface PlantedWords {
  pk: string;
  words: string;
}

/** The words drawn into pictures, each into the newest picture of one of the accounts that has no planted picture yet. */
const WORDS = ['GRAND OPENING TODAY', 'SUMMER SALE', 'FREE COFFEE'];

export interface Planted {
  reuse: PlantedReuse[];
  words: PlantedWords[];
}

/** Plants the reposts and the words in `media` (in place) and says which they are. */
export function plant(users: readonly WorldUser[], media: readonly WorldMedia[]): Planted {
  const images = new Map<string, WorldMedia[]>();
  for (const m of [...media].sort((a, b) => a.takenAt - b.takenAt)) {
    if (m.kind !== 'image') continue;
    const list = images.get(m.ownerPk);
    if (list) list.push(m);
    else images.set(m.ownerPk, [m]);
  }
  const business = users.find((u) => u.username === ANCHORS.business);
  const anchors = new Set<string>(Object.values(ANCHORS));
  const others = users.filter((u) => u.tier === 'main' && !u.isPrivate && !anchors.has(u.username) && (images.get(u.pk)?.length ?? 0) >= 6 && (images.get(u.pk)?.length ?? 0) <= 20);
  const accounts = [business, ...others.slice(0, 3)];
  if (accounts.some((a) => a === undefined)) return { reuse: [], words: [] };
  const used = new Set<string>();
  const planted: PlantedReuse[] = [];
  for (const { from, copies } of PLAN) {
    // The original: the account's oldest picture not yet used, so that every copy comes later.
    const original = images.get(accounts[from]!.pk)!.find((m) => !used.has(m.pk));
    if (!original) continue;
    used.add(original.pk);
    const group: PlantedReuse = { original: original.pk, copies: [] };
    for (const [who, variant] of copies) {
      const copy = images.get(accounts[who]!.pk)!.find((m) => !used.has(m.pk) && m.takenAt > original.takenAt);
      if (!copy) continue;
      used.add(copy.pk);
      copy.picture = `${original.pk}~${variant}`;
      [copy.width, copy.height] = sizeOf(variant, original.width, original.height);
      group.copies.push({ pk: copy.pk, variant });
    }
    planted.push(group);
  }
  const words: PlantedWords[] = [];
  WORDS.forEach((text, i) => {
    const post = [...images.get(accounts[i]!.pk)!].reverse().find((m) => !used.has(m.pk) && m.picture === null);
    if (!post) return;
    used.add(post.pk);
    post.picture = `${post.pk}~${WORDS_PREFIX}${text.replace(/ /g, '-')}`;
    words.push({ pk: post.pk, words: text });
  });
  return { reuse: planted, words };
}
