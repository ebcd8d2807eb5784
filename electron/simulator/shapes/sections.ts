// The section layouts of v2 media feeds (`/v2/hashtag/medias/*`, `/v2/fbsearch/topsearch`): rows of
// three posts (`media_grid`, `layout_content.medias[].media`) alternating with production's
// `one_by_two_left` / `one_by_two_right` rows, where one tall reel sits in
// `layout_content.one_by_two_item.clips.items[].media` and the two posts beside it in
// `layout_content.fill_items[].media`.
import type { WorldMedia } from '../world/model';
import type { ShapeContext } from './common';
import { rawMedia, type RawForm } from './raw';

type Json = Record<string, unknown>;

function section(layoutType: string, layoutContent: Json): Json {
  return {
    layout_type: layoutType,
    feed_type: 'media',
    explore_item_info: { num_columns: 3, total_num_columns: 3, aspect_ratio: layoutType === 'media_grid' ? 1 : 0.5, autoplay: layoutType !== 'media_grid' },
    layout_content: layoutContent,
  };
}

/**
 * The posts of one page in rows of three; an odd row that starts with a reel is a one_by_two row (left
 * and right in turn), so reading a row's reel and then its fill items keeps the feed's order.
 */
export function mediaSections(ctx: ShapeContext, list: readonly WorldMedia[], form: RawForm = {}): Json[] {
  const wrap = (m: WorldMedia): Json => ({ media: rawMedia(ctx, m, form) });
  const sections: Json[] = [];
  for (let i = 0, row = 0; i < list.length; i += 3, row++) {
    const three = list.slice(i, i + 3);
    const reel = three[0]?.productType === 'clips' ? three[0] : undefined;
    if (row % 2 === 1 && reel && three.length === 3) {
      const side = row % 4 === 1 ? 'one_by_two_left' : 'one_by_two_right';
      sections.push(section(side, {
        one_by_two_item: { clips: { id: `clips-${reel.pk}`, items: [wrap(reel)], max_id: null, more_available: false, design: 'FLAT' } },
        fill_items: three.filter((m) => m !== reel).map(wrap),
      }));
    } else {
      sections.push(section('media_grid', { medias: three.map(wrap) }));
    }
  }
  return sections;
}
