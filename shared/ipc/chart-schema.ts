// What a chart to save is, as main accepts it from the renderer (chartSave in shared/ipc/analysis.ts): the
// chart numbers (ChartsData of shared/charts.ts) and the theme's colours, bounded and exact. Main draws
// the SVG from them itself, so nothing the page sends is ever written as markup.
import { z } from 'zod';
import type { ChartPalette } from '../chart-option';
import type { ChartsData } from '../charts';

/** bucketRange() makes at most this many buckets. */
const MAX_BUCKETS = 20_000;
/** The top lists hold 15 by default; room for a longer list, not for a flood. */
const MAX_RANKED = 100;

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const bucket = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a bucket is a date, YYYY-MM-DD');
/** Hashtags and usernames: text, drawn as text; never a control character or what XML cannot hold. */
const name = z
  .string()
  .min(1)
  .max(300)
  .regex(/^[^\p{Cc}\p{Cs}\uFFFE\uFFFF]+$/u, 'a name has no control characters');

const activityPoint = z.strictObject({ bucket, posts: count });
const engagementPoint = z.strictObject({ bucket, posts: count, likes: count, comments: count, plays: count });
const observedPoint = z.strictObject({ bucket, posts: count, likes: count, comments: count });
const ranked = z.array(z.strictObject({ name, count })).max(MAX_RANKED);

export const chartsDataSchema: z.ZodType<ChartsData> = z.strictObject({
  posts: count,
  dated: count,
  unit: z.enum(['day', 'week']),
  timeZone: z.enum(['UTC', 'local']),
  activity: z.array(activityPoint).max(MAX_BUCKETS),
  heatmap: z.array(z.array(count).length(24)).length(7),
  engagement: z.array(engagementPoint).max(MAX_BUCKETS),
  observed: z.array(observedPoint).max(MAX_BUCKETS).nullable(),
  observedFrom: z.literal('history').nullable(),
  top: z.strictObject({ hashtags: ranked, mentions: ranked, tagged: ranked, coauthors: ranked }),
});

/** A colour as the app's themes write them; ECharts puts colours into attributes without escaping them. */
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a chart colour is #rrggbb');

export const chartPaletteSchema: z.ZodType<ChartPalette> = z.strictObject({
  background: colour,
  text: colour,
  muted: colour,
  border: colour,
  sunken: colour,
  series: z.array(colour).min(1).max(8),
});
