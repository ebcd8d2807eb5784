// What every domain of the IPC contract shares: the Result envelope, the bounds on a call's parameters
// and request ids, and the selected record with its provenance as it crosses to main.
import { z } from 'zod';
import type { AppError } from '../api/errors';
import { boundedJson } from '../bounded-json';

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

const paramValue = z.union([z.string().max(4000), z.number().finite(), z.boolean(), z.array(z.string().max(200)).max(50)]);
/** A call's parameters: a few named values (no endpoint takes more than a dozen). */
export const params = z.record(z.string().max(100), paramValue).refine((p) => Object.keys(p).length <= 40, 'too many parameters');
export const requestId = z.string().min(1).max(100);
/** A study's id, as the registry makes them. */
export const studyId = z.string().regex(/^[a-z0-9-]{8,64}$/, 'not a study id');

/** Where a record came from: the call that fetched it (main adds the answer's sha256 from its ledger). */
export const provenanceSchema = z.strictObject({
  path: z.string().startsWith('/').max(200),
  params,
  requestId: requestId.nullable(),
  /** When the answer was fetched from the service (epoch ms). */
  fetchedAt: z.number(),
});
export type Provenance = z.infer<typeof provenanceSchema>;

/** A record the user selected, as it crosses to main for saving or exporting. */
export const savedItemSchema = z.strictObject({
  /** An AppRecord of shared/records.ts (main checks `kind` and the fields it uses). */
  record: z
    .looseObject({ kind: z.enum(['user', 'profile', 'post', 'comment', 'story', 'highlight', 'location', 'hashtag', 'track']) })
    .superRefine(boundedJson({ maxDepth: 24, maxString: 20_000, maxKeys: 2_000, maxNodes: 50_000 })),
  provenance: provenanceSchema,
});
export type SavedItemArg = z.input<typeof savedItemSchema>;
