// The export operation for the IPC router: exportRun writes the items to the export folder (the one last
// chosen in main's picker, else `<download folder>/exports/`)
// and reports progress with `export` events. The lead spreads these handlers into core.ts.
import { join } from 'node:path';
import type { EventPayloads } from '../../shared/ipc';
import type { Ledger } from '../calls/ledger';
import type { Handlers } from '../ipc/router';
import type { ProjectKeys, ProjectKeyStore } from './pseudonymise';
import { diskError } from '../storage/disk-errors';
import { checkExportRecords } from './records';
import { runExport, type SavedItem } from './run';

export interface ExportHandlerDeps {
  /** The download folder (the setting, or `<Downloads>/Feedlens` when it is empty). */
  downloadFolder: () => string;
  /** The export folder chosen in main's picker; without it, `<download folder>/exports`. */
  exportFolder?: () => string;
  /** The app's version, written in every manifest and NDJSON line. */
  version: string;
  emit: (event: 'export', payload: EventPayloads['export']) => void;
  /** For the answers' sha256 and the units spent; without it both are left unknown. */
  ledger?: Pick<Ledger, 'requests'>;
  /** One keychain entry per project for the pseudonymisation keys (e.g. openSecretStore per project). */
  projectKeys?: ProjectKeys;
  /** The saved media files of an item, for ZIP bundles (the downloads module provides it). */
  mediaFilesOf?: (item: SavedItem) => Promise<string[]>;
  now?: () => number;
}

const PROGRESS_EVERY_MS = 200;
export function createExportHandlers(deps: ExportHandlerDeps): Pick<Handlers, 'exportRun'> {
  const now = deps.now ?? Date.now;
  // One store per project for the session: a session-only (memory) store opened anew for each export
  // would make a new key, and new pseudonyms, every time.
  const stores = new Map<string, Promise<ProjectKeyStore>>();
  const ledger = deps.ledger;
  const open = deps.projectKeys;
  const projectKeys: ProjectKeys | undefined = open
    ? (project) => {
        let store = stores.get(project);
        if (!store) {
          store = open(project);
          stores.set(project, store);
          store.catch(() => stores.delete(project));
        }
        return store;
      }
    : undefined;
  return {
    exportRun: async (args) => {
      checkExportRecords(args.items);
      const items = args.items as unknown as SavedItem[];
      const label = args.label ?? '';
      let lastEmit = 0;
      const folder = deps.exportFolder?.() ?? join(deps.downloadFolder(), 'exports');
      try {
        return await runExport(
          {
            items,
            format: args.format,
            ...(args.columns ? { columns: args.columns } : {}),
            delimiter: args.delimiter,
            bom: args.bom,
            includeMedia: args.includeMedia,
            ...(args.pseudonymise ? { pseudonymise: args.pseudonymise } : {}),
            label,
            ...(args.ethics ? { manifestExtra: { ethics: args.ethics } } : {}),
            ...(args.name ? { name: args.name } : {}),
          },
          {
            folder,
            appVersion: deps.version,
            now,
            ...(ledger ? { ledgerFacts: (ids, window) => ledger.requests(ids, window) } : {}),
            ...(projectKeys ? { projectKeys } : {}),
            ...(deps.mediaFilesOf ? { mediaFilesOf: deps.mediaFilesOf } : {}),
            onProgress: (rows, total, done) => {
              const t = now();
              if (!done && t - lastEmit < PROGRESS_EVERY_MS) return;
              lastEmit = t;
              deps.emit('export', { label, rows, total, done });
            },
          },
        );
      } catch (error) {
        throw diskError(error, 'The export could not be written', folder) ?? error;
      }
    },
  };
}
