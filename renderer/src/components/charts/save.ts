// Saving a chart: its SVG as drawn, a PNG made from that SVG (twice the pixels, for print) and the CSV
// of the numbers drawn, written by main into the study's exports folder (or the app's), atomically.
import type { AppError } from '../../../../shared/api/errors';
import type { ChartTable } from '../../../../shared/charts';
import { feedlens } from '../../api/bridge';

/** Draws an SVG string on a canvas and returns the PNG's bytes as base64. */
export async function svgToPng(svg: string, width: number, height: number, scale = 2): Promise<string> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.width = width;
    img.height = height;
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No canvas to draw the chart on.');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function saveChart(o: { studyId?: string; name: string; svg: string; width: number; height: number; table: ChartTable }): Promise<{ ok: true; files: string[] } | { ok: false; error: AppError }> {
  let png: string;
  try {
    png = await svgToPng(o.svg, o.width, o.height);
  } catch (error) {
    return { ok: false, error: { kind: 'internal', message: error instanceof Error ? error.message : String(error), billed: false, retryable: true } };
  }
  const r = await feedlens().chartSave({ ...(o.studyId ? { studyId: o.studyId } : {}), name: o.name, svg: o.svg, png, columns: o.table.columns, rows: o.table.rows });
  return r.ok ? { ok: true, files: r.value.files } : r;
}
