// The IPC contract of saving to disk: the download queue (media of selected records) and the library
// of what was saved, indexed from the JSON sidecars written beside the files.
import { z } from 'zod';
import { savedItemSchema } from './common';

export const DOWNLOAD_OPS = {
  /** Queues the media of these items for download (skips what is already saved). */
  downloadsEnqueue: z.strictObject({ items: z.array(savedItemSchema).min(1).max(20_000) }),
  /** Pause/resume/cancel/retry some downloads (ids) or all; clear removes finished ones from the list. */
  downloadsControl: z.strictObject({ action: z.enum(['pause', 'resume', 'cancel', 'retry', 'clear']), ids: z.array(z.string().max(200)).max(20_000).optional() }),
  downloadsList: z.strictObject({}),

  libraryList: z.strictObject({ username: z.string().max(100).optional(), kind: z.enum(['post', 'story', 'highlight', 'profile']).optional(), offset: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(5000).optional() }),
  libraryAccounts: z.strictObject({}),
  /** Rebuilds the library's index from the JSON sidecars on disk. */
  libraryRebuild: z.strictObject({}),
} as const;

export type DownloadState = 'queued' | 'running' | 'paused' | 'done' | 'skipped' | 'failed' | 'cancelled';

export interface DownloadItem {
  id: string;
  /** "@nasa · 2024-05-01 · 2/7" */
  label: string;
  kind: 'post' | 'story' | 'highlight' | 'profile';
  state: DownloadState;
  bytes: number;
  totalBytes: number | null;
  /** Bytes per second over the last seconds, while running. */
  speed: number | null;
  path: string | null;
  error: string | null;
  attempts: number;
}

export interface DownloadsSnapshot {
  items: DownloadItem[];
  totals: { queued: number; running: number; done: number; skipped: number; failed: number; bytes: number; totalBytes: number | null; speed: number; etaSeconds: number | null };
  paused: boolean;
}

export interface LibraryItem {
  id: string;
  kind: 'post' | 'story' | 'highlight' | 'profile';
  username: string | null;
  takenAt: number | null;
  /** Saved media files of the item (absolute paths), and the sidecar. */
  files: string[];
  sidecar: string;
  /** The normalised record from the sidecar. */
  record: unknown;
  /** Where it came from, as the sidecar records it. */
  provenance: {
    endpoint: string;
    params: Record<string, unknown>;
    requestId: string | null;
    /** ISO 8601, UTC. */
    fetchedAt: string;
    savedAt: string;
    appVersion: string;
    answerSha256: string | null;
    /** True for demo mode's invented data (absent in sidecars written before Feedlens recorded it). */
    simulated?: boolean | null;
    origin?: string | null;
  } | null;
  /** file:// is not loadable: the renderer shows files through the media protocol with this URL. */
  previewUrl: string | null;
}

export interface DownloadOpResults {
  /** `ids`: the files queued, as the downloads snapshot names them, to follow them to the end. */
  downloadsEnqueue: { queued: number; skipped: number; ids: string[] };
  downloadsControl: DownloadsSnapshot;
  downloadsList: DownloadsSnapshot;
  libraryList: { items: LibraryItem[]; total: number };
  libraryAccounts: { username: string; items: number; lastSaved: number | null }[];
  libraryRebuild: { items: number };
}
