// The IPC contract of exports: selected records (with their provenance) to CSV, NDJSON, JSON or a ZIP
// bundle in the export folder, optionally pseudonymised.
import { z } from 'zod';
import { ethicsSchema } from './analysis';
import { savedItemSchema } from './common';

const pseudonymiseSchema = z.strictObject({
  /** Pseudonyms are keyed per project: the same person gets the same pseudonym across its exports. */
  project: z.string().trim().min(1).max(100),
  dropNames: z.boolean().default(false),
  /** Profile picture links lead back to the account: dropped unless asked to keep them. */
  dropPictures: z.boolean().default(true),
  dropText: z.boolean().default(false),
});

export const EXPORT_OPS = {
  /** Exports items (a selection or all loaded items of a list) to a file in the export folder. */
  exportRun: z.strictObject({
    items: z.array(savedItemSchema).min(1).max(200_000),
    format: z.enum(['csv', 'ndjson', 'json', 'zip']),
    /** Which column set for CSV: posts use 4CAT's Instagram columns. Default: from the items' kind. */
    columns: z.enum(['posts', 'users', 'stories', 'comments']).optional(),
    delimiter: z.enum([',', ';', '\t']).default(','),
    bom: z.boolean().default(false),
    /** ZIP: also put each item's saved media files in the bundle (downloading what is missing). */
    includeMedia: z.boolean().default(false),
    pseudonymise: pseudonymiseSchema.optional(),
    /** A name for the export's folder/file, e.g. "followers of @nasa". */
    label: z.string().max(200).optional(),
    /** What was chosen at the ethics reminder (recorded in the manifest). */
    ethics: ethicsSchema.optional(),
    /**
     * What the export holds, for its file name `<target>_<list>_<date>`: e.g. skyward.atlas + following.
     * `person`: the target is an account (pseudonymised in the name when the export is).
     */
    name: z.strictObject({ target: z.string().min(1).max(200), list: z.string().min(1).max(60), person: z.boolean().default(false) }).optional(),
  }),
} as const;

export interface ExportResult {
  path: string;
  rows: number;
  files: number;
  manifestPath: string | null;
}

export interface ExportOpResults {
  exportRun: ExportResult;
}
