// The section layouts of v2 media feeds (`/v2/hashtag/medias/*`, `/v2/fbsearch/topsearch`): rows of
// three posts (`media_grid`, `layout_content.medias[].media`) alternating with production's
// `one_by_two_left` / `one_by_two_right` rows, where one tall reel sits in
// `layout_content.one_by_two_item.clips.items[].media` and the two posts beside it in
// `layout_content.fill_items[].media`.
import type { WorldMedia } from '../world/model';
import type { ShapeContext } from './common';
import { rawMedia, type RawForm } from './raw';

type Json = Record<string, unknown>;

function section(layoutType: string, layoutContent: Json, feedType = 'media'): Json {
  return {
    layout_type: layoutType,
    feed_type: feedType,
    explore_item_info: { num_columns: 3, total_num_columns: 3, aspect_ratio: layoutType === 'media_grid' ? 1 : 0.5, autoplay: layoutType !== 'media_grid' },
    layout_content: layoutContent,
  };
}

/** A tall reel and the posts beside it (`one_by_two_left` / `one_by_two_right`). */
function oneByTwo(side: string, feedType: string, reel: Json, fill: Json[], clips: Json): Json {
  return section(side, { one_by_two_item: { clips: { id: `clips-${String((reel.media as Json).pk)}`, items: [reel], ...clips } }, fill_items: fill }, feedType);
}

/**
 * The posts of one page in rows of three; an odd row that starts with a reel is a one_by_two row (left
 * and right in turn), so reading a row's reel and then its fill items keeps the feed's order. The top
 * search grid (`explore`) is explore's layout, as the service's documented answer shows it: a reel that
 * leads five posts stands tall beside the four after it, in a section of the `clips` feed.
 */
export function mediaSections(ctx: ShapeContext, list: readonly WorldMedia[], form: RawForm = {}, explore = false): Json[] {
  const wrap = (m: WorldMedia): Json => ({ media: rawMedia(ctx, m, form) });
  const sections: Json[] = [];
  let tall = 0;
  for (let i = 0, row = 0; i < list.length; row++) {
    if (explore && list[i]?.productType === 'clips' && i + 5 <= list.length) {
      const [reel, ...fill] = list.slice(i, i + 5).map(wrap);
      const clips = { max_id: '', more_available: false, design: 'FLAT', label: 'Reels', type: 'clips', badge_label: null, chaining_info: null, content_source: null, tag: null };
      sections.push(oneByTwo(tall++ % 2 === 0 ? 'one_by_two_right' : 'one_by_two_left', 'clips', reel as Json, fill, clips));
      i += 5;
      continue;
    }
    const three = list.slice(i, i + 3);
    const reel = three[0]?.productType === 'clips' ? three[0] : undefined;
    if (!explore && row % 2 === 1 && reel && three.length === 3) {
      const side = row % 4 === 1 ? 'one_by_two_left' : 'one_by_two_right';
      sections.push(oneByTwo(side, 'media', wrap(reel), three.slice(1).map(wrap), { max_id: null, more_available: false, design: 'FLAT' }));
    } else {
      sections.push(section('media_grid', { medias: three.map(wrap) }));
    }
    i += three.length;
  }
  return sections;
}
