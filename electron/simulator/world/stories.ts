// Stories (active and archived) and highlights.
//
// Active stories expire 24 h after taken_at. To keep demo mode useful on any date, an active story
// stores its age in seconds (ageSec) instead of a date: routes compute taken_at = now - ageSec from
// ctx.now at answer time, so the same stories are always active. Archived stories (highlight items)
// have fixed dates in the past.
import { VIDEO_ASSETS } from '../types';
import { mediaPk, pkToShortcode } from './ids';
import type { StorySticker, WorldHashtag, WorldHighlight, WorldLocation, WorldMedia, WorldStory, WorldUser } from './model';
import { ANCHORS } from './people';
import type { Rng } from './random';
import { HIGHLIGHT_TITLES, LINK_SITES } from './text';

const DAY = 86_400;

export interface StoryContext {
  users: WorldUser[];
  locations: WorldLocation[];
  hashtags: WorldHashtag[];
  /** Public posts that can be shared into stories. */
  shareable: WorldMedia[];
  baseNow: number;
  nextSeq: () => number;
}

/** Users a story may mention and places it may show, computed once per owner. */
export interface Nearby {
  others: WorldUser[];
  places: WorldLocation[];
}

const r4 = (n: number): number => Math.round(n * 1e4) / 1e4;

export function makeStory(rng: Rng, ctx: StoryContext, owner: WorldUser, near: Nearby, time: { ageSec: number } | { takenAt: number }): WorldStory {
  const takenAt = 'ageSec' in time ? ctx.baseNow - time.ageSec : time.takenAt;
  const pk = mediaPk(takenAt, ctx.nextSeq());
  const isVideo = rng.chance(0.4);
  const stickers: StorySticker[] = [];
  const links: WorldStory['links'] = [];
  if (rng.chance(0.15)) {
    const url = rng.pick(LINK_SITES);
    const box = { x: r4(rng.float(0.3, 0.7)), y: r4(rng.float(0.6, 0.85)), width: 0.51, height: 0.06 };
    links.push({ url, ...box });
    stickers.push({ id: `story_link_${rng.digits(6)}`, type: 'story_link', ...box, rotation: 0, url });
  }
  if (rng.chance(0.25)) {
    const type = rng.pick(['gif', 'emoji_slider', 'poll'] as const);
    stickers.push({
      id: `${type}_${rng.digits(6)}`,
      type,
      x: r4(rng.float(0.2, 0.8)),
      y: r4(rng.float(0.2, 0.8)),
      width: r4(rng.float(0.2, 0.6)),
      height: r4(rng.float(0.1, 0.3)),
      rotation: r4(rng.float(-0.3, 0.3)),
      url: null,
    });
  }
  const box = () => ({ x: r4(rng.float(0.2, 0.8)), y: r4(rng.float(0.15, 0.85)), width: r4(rng.float(0.3, 0.5)), height: r4(rng.float(0.04, 0.08)) });
  return {
    pk,
    code: pkToShortcode(pk),
    ownerPk: owner.pk,
    ageSec: 'ageSec' in time ? time.ageSec : null,
    takenAt: 'ageSec' in time ? null : time.takenAt,
    mediaType: isVideo ? 2 : 1,
    width: isVideo ? VIDEO_ASSETS.portrait.width : 1080,
    height: isVideo ? VIDEO_ASSETS.portrait.height : 1920,
    video: isVideo ? 'portrait' : null,
    mentions: rng.chance(0.3) ? rng.sample(near.others, rng.int(1, 2)).map((u) => ({ userPk: u.pk, ...box() })) : [],
    links,
    hashtags: rng.chance(0.25) ? [{ name: rng.pick(ctx.hashtags).name, ...box() }] : [],
    locations: rng.chance(0.15) ? [{ locationPk: rng.pick(near.places.length > 0 ? near.places : ctx.locations).pk, ...box() }] : [],
    stickers,
    resharedMediaPk: rng.chance(0.1) && ctx.shareable.length > 0 ? rng.pick(ctx.shareable).pk : null,
    highlightPk: null,
  };
}

function activeCount(rng: Rng, u: WorldUser): number {
  switch (u.username) {
    case ANCHORS.big:
      return 8;
    case ANCHORS.private:
      return 3;
    case ANCHORS.business:
      return 4;
    case ANCHORS.empty:
      return 0;
    default:
      return rng.chance(0.35) ? rng.int(1, 7) : 0;
  }
}

function highlightCount(rng: Rng, u: WorldUser): number {
  switch (u.username) {
    case ANCHORS.big:
      return 14;
    case ANCHORS.private:
      return 3;
    case ANCHORS.business:
      return 5;
    case ANCHORS.empty:
      return 0;
    default:
      return rng.chance(0.3) ? rng.int(1, 8) : 0;
  }
}

export function buildStories(rng: Rng, ctx: StoryContext): { stories: WorldStory[]; highlights: WorldHighlight[] } {
  const main = ctx.users.filter((u) => u.tier === 'main');
  const stories: WorldStory[] = [];
  const highlights: WorldHighlight[] = [];
  const highlightPks = new Set<string>();
  for (const owner of main) {
    const r = rng.fork(`stories:${owner.pk}`);
    const near: Nearby = { others: main.filter((u) => u.pk !== owner.pk), places: ctx.locations.filter((l) => l.city === owner.homeCity) };
    const ages = Array.from({ length: activeCount(r, owner) }, () => r.int(300, DAY - 1800)).sort((a, b) => b - a);
    owner.storiesPerDay = ages.length;
    for (const ageSec of ages) {
      const s = makeStory(r, ctx, owner, near, { ageSec });
      stories.push(s);
      owner.stories.push(s.pk);
    }
    const own: WorldHighlight[] = [];
    const hCount = highlightCount(r, owner);
    for (let h = 0; h < hCount; h++) {
      let pk = `${r.pick(['178', '179', '180', '181'])}${r.digits(14)}`;
      while (highlightPks.has(pk)) pk = `${r.pick(['178', '179', '180', '181'])}${r.digits(14)}`;
      highlightPks.add(pk);
      const start = ctx.baseNow - r.int(3 * DAY, 3 * 365 * DAY);
      const times = Array.from({ length: r.int(2, 12) }, () => start + r.int(0, 20 * DAY)).sort((a, b) => a - b);
      const items = times.map((takenAt) => {
        const s = makeStory(r, ctx, owner, near, { takenAt: Math.min(takenAt, ctx.baseNow - 2 * DAY) });
        s.highlightPk = pk;
        stories.push(s);
        return s.pk;
      });
      const last = times[times.length - 1] ?? start;
      own.push({
        pk,
        ownerPk: owner.pk,
        title: r.pick(HIGHLIGHT_TITLES),
        createdAt: Math.min(last + r.int(3600, 5 * DAY), ctx.baseNow - DAY),
        items,
        coverStoryPk: r.pick(items),
        isPinned: false,
      });
    }
    own.sort((a, b) => b.createdAt - a.createdAt);
    const pinned = owner.username === ANCHORS.big ? 2 : r.chance(0.2) ? 1 : 0;
    own.slice(0, pinned).forEach((h) => (h.isPinned = true));
    highlights.push(...own);
    owner.highlights = own.map((h) => h.pk);
  }
  return { stories, highlights };
}
