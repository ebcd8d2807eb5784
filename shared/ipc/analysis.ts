// Analysis of a study and field-standard exports (docs/analysis.md): charts, networks (GEXF and CSV),
// Parquet tables, 4CAT's Zeeschuimer format, data-minimisation presets and the ethics reminder. What
// crosses IPC about them: argument schemas (added to OPS in shared/ipc/index.ts) and the values main answers.
import { z } from 'zod';
import { studyId } from './common';
import { chartPaletteSchema, chartsDataSchema } from './chart-schema';
import { CHART_KINDS, type ChartsData } from '../charts';
import { NETWORK_KINDS, type NetworkKind } from '../study-values';

export { NETWORK_KINDS, NO_MINIMISATION } from '../study-values';
export type { NetworkKind };

/** Data-minimisation presets of a study, applied when it collects and when it exports. */
export const minimisationSchema = z.strictObject({
  /** Only what the watched accounts published: no comments, likers, followers or following are collected. */
  captionsOnly: z.boolean().default(false),
  /** Comments are kept without their authors (no id, username, name or picture). */
  noCommenterIdentities: z.boolean().default(false),
  /** No media files are saved for the study, and none go into its exports. */
  noMediaFiles: z.boolean().default(false),
  /** Profile picture links are not kept (collection) nor written (exports). */
  noProfilePictures: z.boolean().default(false),
  /** Raw answers older than this many days are deleted and their records pseudonymised; null: kept. */
  retentionDays: z.number().int().min(1).max(36_500).nullable().default(null),
});
export type Minimisation = z.output<typeof minimisationSchema>;


/** What the user chose at the ethics reminder of an export; the manifest records it. */
export const ethicsSchema = z.strictObject({
  /** The reminder was on screen for this export (false: dismissed for good earlier). */
  reminderShown: z.boolean(),
  /** The user answered it: went on from the reminder, or (the export dialog's note) said how quotes are treated. */
  acknowledged: z.boolean(),
  /** What the user means to do with quotes: paraphrase them, rely on pseudonymisation, or nothing said. */
  quotes: z.enum(['paraphrase', 'pseudonymise', 'unspecified']).default('unspecified'),
});
export type EthicsChoice = z.output<typeof ethicsSchema>;


// Profile picture links lead back to the account: a pseudonymised export drops them unless asked to keep them.
const pseudonymise = z.strictObject({ dropNames: z.boolean().default(false), dropPictures: z.boolean().default(true), dropText: z.boolean().default(false) });

export const ANALYSIS_OPS = {
  /** The numbers of a study's charts, from its database. Sends nothing. */
  studyCharts: z.strictObject({
    id: studyId,
    unit: z.enum(['day', 'week']).default('day'),
    timeZone: z.enum(['UTC', 'local']).default('UTC'),
    /** Only the posts of this target's lists. */
    targetId: z.number().int().min(1).optional(),
  }),
  /** Writes networks (GEXF + node and edge CSVs), Parquet tables or a 4CAT (Zeeschuimer NDJSON) file into the study's exports folder. */
  studyAnalysisExport: z.strictObject({
    id: studyId,
    kind: z.enum(['networks', 'parquet', '4cat']),
    runId: z.number().int().min(1).optional(),
    scope: z.enum(['new', 'seen']).default('seen'),
    networks: z.array(z.enum(NETWORK_KINDS)).min(1).max(NETWORK_KINDS.length).optional(),
    pseudonymise: pseudonymise.optional(),
    ethics: ethicsSchema.optional(),
  }),
  studyMinimisationGet: z.strictObject({ id: studyId }),
  /** Sets the study's presets; a retention rule that would delete raw answers now is confirmed in main's question first. */
  studyMinimisationSet: z.strictObject({ id: studyId, minimisation: minimisationSchema }),
  /**
   * Saves a chart as SVG, PNG and the CSV of its numbers (a study's exports folder, else the app's exports
   * folder). Main draws the SVG and makes the CSV itself from what the chart is; the PNG the page drew must
   * be a real PNG.
   */
  chartSave: z.strictObject({
    studyId: studyId.optional(),
    name: z.string().trim().min(1).max(120),
    kind: z.enum(CHART_KINDS),
    data: chartsDataSchema,
    palette: chartPaletteSchema,
    /** The chart's width on the page, in CSS pixels; its height follows from the data (chartHeight). */
    width: z.number().int().min(120).max(4096),
    /** Base64 of the PNG bytes the page drew. */
    png: z.base64().min(1).max(30_000_000),
  }),
} as const;

export interface MinimisationInfo {
  minimisation: Minimisation;
  /** Records whose raw answer the retention rule deleted so far. */
  retained: number;
  /** When the retention rule last ran (epoch ms), or null. */
  retentionRanAt: number | null;
}

export interface AnalysisExportResult {
  /** The file, or the folder of a network export. */
  path: string;
  files: string[];
  rows: number;
  manifestPath: string;
}

export interface AnalysisOpResults {
  studyCharts: ChartsData;
  studyAnalysisExport: AnalysisExportResult;
  studyMinimisationGet: MinimisationInfo;
  studyMinimisationSet: MinimisationInfo;
  chartSave: { folder: string; files: string[] };
}
