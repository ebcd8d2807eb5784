// The IPC contract of bulk collection jobs: what to collect, its estimate, a budget main confirms with
// the user before anything is spent, and the jobs' state.
import { z } from 'zod';
import type { EstimateShare } from './studies';

/** Bulk collection: what to collect. */
export const jobSpecSchema = z.strictObject({
  kind: z.enum(['posts', 'reels', 'tagged', 'followers', 'following', 'comments', 'hashtag', 'location']),
  /** User id (account jobs), media id (comments), hashtag name or location pk. */
  target: z.string().min(1).max(200),
  /** For display: "@nasa", "#travel", ... */
  label: z.string().max(200),
  /** The list's size as the app showed it (profile follower_count...), for the estimate. */
  knownCount: z.number().int().min(0).optional(),
  /** Stop after this many items (hashtag and place jobs: "the latest N"). */
  limit: z.number().int().min(1).max(1_000_000).optional(),
  /** Stop before spending more than this many units. */
  budget: z.number().int().min(1).max(10_000_000),
  /** Where the items go when collected. */
  then: z.enum(['library', 'export', 'none']).default('none'),
  /** Include replies for comment jobs. */
  withReplies: z.boolean().default(true),
});
export type JobSpec = z.infer<typeof jobSpecSchema>;

export const JOB_OPS = {
  /** Requests, units and money a bulk job would take, from known counts and page sizes. Sends nothing. */
  jobEstimate: z.strictObject({ spec: jobSpecSchema }),
  /** Starts a job once the user confirmed its budget in main's own question. */
  jobStart: z.strictObject({ spec: jobSpecSchema }),
  /** Raises a job's budget (main asks the user first); a job stopped at its budget continues. */
  jobBudgetRaise: z.strictObject({ id: z.string().max(100), budget: z.number().int().min(1).max(10_000_000) }),
  jobControl: z.strictObject({ id: z.string().max(100), action: z.enum(['pause', 'resume', 'cancel', 'remove']) }),
  jobList: z.strictObject({}),
} as const;

export interface JobEstimate {
  items: number | null;
  /** Likely pages and units. */
  pages: number;
  units: number;
  /** What the job may take at most, short of a surprise: its budget defaults to it. */
  upperPages: number;
  upperUnits: number;
  /** The largest shares of the units ("replies: about 45 %"). */
  dominant: EstimateShare[];
  money: number | null;
  currency: string | null;
  /** How the figures were found, in words. */
  basis: string;
}

export type JobState = 'running' | 'paused' | 'done' | 'stopped_budget' | 'failed' | 'cancelled';

export interface JobInfo {
  id: string;
  spec: JobSpec;
  state: JobState;
  items: number;
  pages: number;
  unitsSpent: number;
  error: string | null;
  startedAt: number;
  updatedAt: number;
  /** Where the result went (export file or library folder). */
  output: string | null;
}

export interface JobOpResults {
  jobEstimate: JobEstimate;
  jobStart: JobInfo;
  jobBudgetRaise: JobInfo;
  jobControl: JobInfo | null;
  jobList: JobInfo[];
}
