// The export operation for the IPC router: exportRun writes the items to `<download folder>/exports/`
// and reports progress with `export` events. The lead spreads these handlers into core.ts.
import { join } from 'node:path';
import { validationError, type ParamIssue } from '../../shared/api/errors';
import type { EventPayloads } from '../../shared/ipc';
import type { Ledger } from '../ledger';
import type { Handlers } from '../router';
import type { ProjectKeys, ProjectKeyStore } from './pseudonymise';
import { runExport, type SavedItem } from './run';

export interface ExportHandlerDeps {
  /** The download folder (the setting, or `<Downloads>/Feedlens` when it is empty). */
  downloadFolder: () => string;
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
// Kinds whose records always carry an id string (locations and hashtags may have none).
const ID_KINDS: ReadonlySet<string> = new Set(['user', 'profile', 'post', 'comment', 'story', 'highlight', 'track']);

/** The records crossed IPC as loose objects: check the fields the writers rely on. */
function checkItems(items: readonly { record: { kind: string } & Record<string, unknown> }[]): void {
  const issues: ParamIssue[] = [];
  items.forEach(({ record }, i) => {
    if (ID_KINDS.has(record.kind) && (typeof record['id'] !== 'string' || record['id'] === '')) {
      issues.push({ param: `items.${i}.record.id`, message: `A ${record.kind} record needs its id as a string` });
    }
  });
  if (issues.length > 0) throw validationError(issues.slice(0, 20));
}

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
      checkItems(args.items);
      const items = args.items as unknown as SavedItem[];
      const label = args.label ?? '';
      let lastEmit = 0;
      return runExport(
        {
          items,
          format: args.format,
          ...(args.columns ? { columns: args.columns } : {}),
          delimiter: args.delimiter,
          bom: args.bom,
          includeMedia: args.includeMedia,
          ...(args.pseudonymise ? { pseudonymise: args.pseudonymise } : {}),
          label,
        },
        {
          folder: join(deps.downloadFolder(), 'exports'),
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
    },
  };
}
