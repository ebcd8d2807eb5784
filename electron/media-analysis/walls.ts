// Image walls: the posts and stories of a selection, a filter or a reuse group laid out as one large PNG
// (tiles of TILE pixels, sorted by date, engagement, account or reuse group), with `captions.csv` naming
// every tile, and `index.html`, a contact sheet that opens in any browser without the app (the tiles as
// JPEGs beside it). Into `<study>/exports/walls/<label>_<UTC time>/`. Pictures come as for the analysis
// (sources.ts): nothing is sent to the service.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import sharp from 'sharp';
import type { WallSort } from '../../shared/ipc/media';
import { csvLines } from '../export/csv';
import { xmlText } from '../export/gexf';
import { safeLabel, utcStamp } from '../export/naming';
import { folderInside } from '../storage/confined';
import { writeFileAtomic } from '../storage/fs-atomic';
import { fileNameOf } from './items';
import type { Sources } from './sources';
import { AnalysisRefused } from './refused';

export const TILE = 200;
/** Tiles a wall holds at most (20 columns of 50 rows: a 4,000 x 10,000 PNG); beyond, the first in order. */
export const MAX_TILES = 1000;
const MAX_COLUMNS = 20;

interface TileRow {
  rowid: number;
  id: string;
  kind: 'post' | 'story';
  code: string | null;
  username: string | null;
  takenAt: number | null;
  likes: number | null;
  comments: number | null;
  reuseGroup: number | null;
  pictureId: string;
  mediaType: string | null;
  imageUrl: string | null;
}

const ORDER: Record<WallSort, string> = {
  date: 'r.taken_at IS NULL, r.taken_at, r.rowid',
  engagement: 'coalesce(r.like_count, 0) + coalesce(r.comment_count, 0) DESC, r.rowid',
  account: 'r.username IS NULL, lower(r.username), r.taken_at, r.rowid',
  group: 'reuseGroup IS NULL, reuseGroup, r.taken_at, r.rowid',
};

/** The posts and stories `where` selects (over `records r`), in the wall's order: a carousel shows its first item. */
function tilesOf(db: DatabaseSync, where: { sql: string; args: (string | number)[] }, sort: WallSort): TileRow[] {
  return db
    .prepare(
      `SELECT r.rowid AS rowid, r.id AS id, r.kind AS kind, json_extract(r.record, '$.code') AS code, r.username AS username, r.taken_at AS takenAt,
              r.like_count AS likes, r.comment_count AS comments, (SELECT min(m.group_no) FROM media_reuse m WHERE m.post_rowid = r.rowid) AS reuseGroup,
              coalesce(c.id, r.id) AS pictureId, coalesce(c.media_type, r.media_type) AS mediaType,
              coalesce(json_extract(c.record, '$.images[0].url'), json_extract(r.record, '$.images[0].url'), json_extract(r.record, '$.thumbnailUrl')) AS imageUrl
       FROM records r LEFT JOIN records c ON c.rowid = (SELECT min(x.rowid) FROM records x WHERE r.media_type = 'carousel' AND x.parent_id = r.id AND +x.kind = 'carousel_item')
       WHERE r.kind IN ('post', 'story') AND (${where.sql})
       ORDER BY ${ORDER[sort]} LIMIT ${MAX_TILES}`,
    )
    .all(...where.args) as unknown as TileRow[];
}

const urlOf = (t: TileRow): string => (t.kind === 'post' && t.code ? `https://www.instagram.com/p/${t.code}/` : '');
const dateOf = (sec: number | null): string => (sec === null ? '' : new Date(sec * 1000).toISOString().replace('.000Z', 'Z'));

/** A tile: the picture cut to a square; a grey square when the picture cannot be had. */
async function tileOf(t: TileRow, sources: Sources): Promise<Buffer | null> {
  try {
    const source = await sources.find({ mediaPk: t.pictureId, role: t.mediaType === 'video' ? 'cover' : 'media', url: t.imageUrl });
    if (!source) return null;
    const input = typeof source.input === 'string' ? source.input : Buffer.from(source.input.buffer, source.input.byteOffset, source.input.byteLength);
    return await sharp(input).resize(TILE, TILE, { fit: 'cover' }).flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toBuffer();
  } catch {
    return null;
  }
}

const CAPTION_COLUMNS = ['tile', 'row', 'column', 'kind', 'id', 'url', 'username', 'taken_at', 'likes', 'comments', 'reuse_group', 'file', 'missing'] as const;

function contactSheet(title: string, rows: Record<string, string | number | null>[]): string {
  const figures = rows
    .map((r) => {
      const caption = `${r.tile}. @${r.username ?? '?'} · ${r.taken_at || 'no date'} · ${r.likes ?? '–'} likes · ${r.comments ?? '–'} comments${r.reuse_group !== null ? ` · group ${r.reuse_group}` : ''}`;
      const img = r.file ? `<img src="${xmlText(String(r.file))}" alt="" width="${TILE}" height="${TILE}" loading="lazy">` : '<div class="missing">no picture</div>';
      const link = r.url ? `<a href="${xmlText(String(r.url))}" rel="noreferrer">${img}</a>` : img;
      return `<figure>${link}<figcaption>${xmlText(caption)}</figcaption></figure>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${xmlText(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'">
<style>body{font:13px system-ui,sans-serif;margin:16px;background:#fafafa;color:#222}main{display:flex;flex-wrap:wrap;gap:10px}
figure{margin:0;width:${TILE}px}img,.missing{display:block;width:${TILE}px;height:${TILE}px;object-fit:cover;background:#ddd}
.missing{display:flex;align-items:center;justify-content:center;color:#777}figcaption{font-size:11px;color:#555;margin-top:3px}
@media (prefers-color-scheme:dark){body{background:#181818;color:#eee}figcaption{color:#aaa}}</style></head>
<body><h1>${xmlText(title)}</h1><p>${rows.length} tiles, in the order of wall.png (left to right, top to bottom); captions.csv names each.</p>
<main>
${figures}
</main></body></html>
`;
}

export interface WallResult {
  path: string;
  tiles: number;
  missing: number;
}

/** Makes the wall of what `where` selects, sorted by `sort`, into the study's exports. */
export async function makeWall(o: { db: DatabaseSync; studyFolder: string; sources: Sources; where: { sql: string; args: (string | number)[] }; sort: WallSort; label: string; now: number }): Promise<WallResult> {
  const tiles = tilesOf(o.db, o.where, o.sort);
  if (tiles.length === 0) throw new AnalysisRefused('Nothing to lay out: the selection holds no post or story.');
  const folder = await folderInside(o.studyFolder, join(o.studyFolder, 'exports', 'walls', `${safeLabel(o.label, 'wall')}_${utcStamp(o.now)}`));
  await mkdir(join(folder, 'tiles'), { recursive: true });
  const columns = Math.min(MAX_COLUMNS, Math.ceil(Math.sqrt(tiles.length)));
  const images: { input: Buffer; left: number; top: number }[] = [];
  const rows: Record<string, string | number | null>[] = [];
  let missing = 0;
  for (const [i, t] of tiles.entries()) {
    const image = await tileOf(t, o.sources);
    const [row, column] = [Math.floor(i / columns), i % columns];
    const file = image ? `tiles/${String(i + 1).padStart(4, '0')}_${fileNameOf(t)}.jpg` : null;
    if (image && file) {
      images.push({ input: image, left: column * TILE, top: row * TILE });
      await writeFileAtomic(join(folder, file), image);
    } else missing++;
    rows.push({
      tile: i + 1, row: row + 1, column: column + 1, kind: t.kind, id: t.id, url: urlOf(t), username: t.username, taken_at: dateOf(t.takenAt),
      likes: t.likes, comments: t.comments, reuse_group: t.reuseGroup, file, missing: image ? 0 : 1,
    });
  }
  const wall = sharp({ create: { width: columns * TILE, height: Math.ceil(tiles.length / columns) * TILE, channels: 3, background: '#e6e6e6' } }).composite(images).png();
  await writeFileAtomic(join(folder, 'wall.png'), await wall.toBuffer());
  await writeFileAtomic(join(folder, 'captions.csv'), csvLines(CAPTION_COLUMNS, rows, { delimiter: ',', bom: false }));
  await writeFileAtomic(join(folder, 'index.html'), contactSheet(o.label, rows));
  return { path: folder, tiles: tiles.length, missing };
}
