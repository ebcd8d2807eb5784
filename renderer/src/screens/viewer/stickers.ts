// What each sticker of a story says, for the viewer's sticker panel: mentions, links with their URLs,
// hashtags, places, and the stickers the normaliser keeps only by type, read from the raw story where
// production's answers carry their contents (polls and quizzes with their options, questions, sliders,
// countdowns, music). Pure, so it is tested without React.
import type { Story } from '../../../../shared/records';
import { stickerName } from './logic';

export interface StickerDetail {
  kind: 'mention' | 'link' | 'hashtag' | 'location' | 'poll' | 'quiz' | 'question' | 'slider' | 'countdown' | 'music' | 'sticker';
  /** "Poll", "@anna", "Link"... */
  title: string;
  /** The details, one line each: options, the URL, an address, an artist. */
  lines: string[];
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (o: unknown, key: string): Dict[] => (isDict(o) && Array.isArray(o[key]) ? (o[key] as unknown[]).filter(isDict) : []);
const str = (o: unknown, key: string): string | null => (isDict(o) && typeof o[key] === 'string' && o[key] !== '' ? (o[key] as string) : null);

/** Raw v2 sticker arrays with contents, and where the contents sit in each item. */
const RAW: readonly { key: string; inner: string; kind: StickerDetail['kind'] }[] = [
  { key: 'story_polls', inner: 'poll_sticker', kind: 'poll' },
  { key: 'story_quizs', inner: 'quiz_sticker', kind: 'quiz' },
  { key: 'story_questions', inner: 'question_sticker', kind: 'question' },
  { key: 'story_sliders', inner: 'slider_sticker', kind: 'slider' },
  { key: 'story_countdowns', inner: 'countdown_sticker', kind: 'countdown' },
  { key: 'story_music_stickers', inner: 'music_asset_info', kind: 'music' },
];

function rawDetail(kind: StickerDetail['kind'], sticker: unknown): StickerDetail {
  const title = stickerName(kind);
  switch (kind) {
    case 'poll':
    case 'quiz': {
      const options = list(sticker, 'tallies').map((t) => str(t, 'text')).filter((t): t is string => t !== null);
      const fallback = list(sticker, 'options').map((t) => str(t, 'text')).filter((t): t is string => t !== null);
      const question = str(sticker, 'question');
      const shown = options.length > 0 ? options : fallback;
      return { kind, title, lines: [...(question ? [question] : []), ...shown.map((o, i) => `${i + 1}. ${o}`)] };
    }
    case 'music': {
      const song = str(sticker, 'title');
      const artist = str(sticker, 'display_artist');
      return { kind, title: 'Music', lines: [[song, artist].filter(Boolean).join(' · ')].filter((l) => l !== '') };
    }
    case 'countdown':
      return { kind, title, lines: [str(sticker, 'text')].filter((l): l is string => l !== null) };
    default:
      return { kind, title, lines: [str(sticker, 'question'), str(sticker, 'emoji')].filter((l): l is string => l !== null) };
  }
}

/** Every sticker of the story with what it says, in reading order. */
export function stickerDetails(story: Story): StickerDetail[] {
  const out: StickerDetail[] = [];
  for (const m of story.mentions) {
    out.push({ kind: 'mention', title: m.user.username ? `@${m.user.username}` : `Account ${m.user.id}`, lines: [m.user.fullName ?? ''].filter((l) => l !== '') });
  }
  for (const l of story.links) out.push({ kind: 'link', title: l.title ?? 'Link', lines: [l.url] });
  for (const h of story.hashtags) out.push({ kind: 'hashtag', title: `#${h.name}`, lines: [] });
  for (const l of story.locations) {
    const where = [l.location.address, l.location.city].filter((x): x is string => typeof x === 'string' && x !== '').join(', ');
    out.push({ kind: 'location', title: l.location.name ?? 'Place', lines: where ? [where] : [] });
  }
  const withContents = new Set<string>();
  for (const { key, inner, kind } of RAW) {
    for (const item of list(story.raw, key)) {
      withContents.add(kind);
      out.push(rawDetail(kind, isDict(item[inner]) ? item[inner] : item));
    }
  }
  // Stickers known only by their type (v1 answers): named, as the frame shows them.
  for (const s of story.stickers) {
    if (s.type === 'story_link' || s.type === 'mention' || s.type === 'feed_media' || (s.type && withContents.has(s.type))) continue;
    out.push({ kind: 'sticker', title: stickerName(s.type), lines: [] });
  }
  return out;
}
