// The IPC contract of the API Explorer's own operations (see shared/explorer.ts): the big integers of
// an answer it made, and saving its answers to a file with their provenance.
import { z } from 'zod';
import type { ExplorerAnswerInfo, ExplorerSaved } from '../explorer';
import { requestId } from './common';

export const EXPLORER_OPS = {
  /** The API Explorer: where one of its answers held integers beyond 2^53 (shared/explorer.ts). */
  explorerAnswer: z.strictObject({ requestId }),
  /** The API Explorer: saves these answers of its own, in order, as one new JSON file with their provenance. */
  explorerSave: z.strictObject({ requestIds: z.array(requestId).min(1).max(1000) }),
} as const;

export interface ExplorerOpResults {
  explorerAnswer: ExplorerAnswerInfo;
  explorerSave: ExplorerSaved;
}
