// Saving a chart: a PNG made from the SVG the page drew (twice the pixels, for print), sent to main with
// what the chart is (its kind, numbers, colours and width). Main draws the SVG file and the CSV of the
// numbers itself and writes the three into the study's exports folder (or the app's), atomically.
import type { AppError } from '../../../../shared/api/errors';
import type { ChartPalette } from '../../../../shared/chart-option';
import type { ChartKind, ChartsData } from '../../../../shared/charts';
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

export interface ChartToSave {
  studyId?: string;
  name: string;
  kind: ChartKind;
  data: ChartsData;
  palette: ChartPalette;
  /** The SVG as the page drew it: only the PNG is made from it. */
  drawnSvg: string;
  width: number;
  height: number;
}

export async function saveChart(o: ChartToSave): Promise<{ ok: true; files: string[] } | { ok: false; error: AppError }> {
  let png: string;
  try {
    png = await svgToPng(o.drawnSvg, o.width, o.height);
  } catch (error) {
    return { ok: false, error: { kind: 'internal', message: error instanceof Error ? error.message : String(error), billed: false, retryable: true } };
  }
  // Main's bounds: a chart squeezed or stretched past them is drawn at the nearest.
  const width = Math.min(4096, Math.max(120, Math.round(o.width)));
  const r = await feedlens().chartSave({ ...(o.studyId ? { studyId: o.studyId } : {}), name: o.name, kind: o.kind, data: o.data, palette: o.palette, width, png });
  return r.ok ? { ok: true, files: r.value.files } : r;
}
