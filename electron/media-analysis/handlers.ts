// The IPC handlers of media analysis (shared/ipc/media.ts): its state, start and pause, the reuse
// groups, what it found of a record, and image walls. Nothing here sends a request to the service; media bytes come as sources.ts says.
import type { MEDIA_OPS } from '../../shared/ipc/media';
import type { OpName } from '../../shared/ipc';
import type { Handlers } from '../ipc/router';
import type { Db } from '../studies/db';
import { withStudyDbErrors } from '../studies/db-errors';
import { refusal } from '../studies/handlers';
import { findingsOf } from './findings';
import { refreshReuse } from './reuse';
import { makeWall } from './walls';
import { rowsWhere } from '../studies/browse';
import { diskError } from '../storage/disk-errors';
import { AnalysisRefused } from './refused';
import type { MediaAnalysis } from './service';

type MediaOps = keyof typeof MEDIA_OPS & OpName;

export interface MediaHandlerDeps {
  analysis: MediaAnalysis;
  study: (id: string) => { db: Db; folder: string; readOnly: string | null; name(): string };
  /** A file's `file:` URL: the renderer loads it through the media protocol, which serves the studies' analysis folders. */
  fileUrl: (path: string) => string;
}

export function createMediaHandlers(d: MediaHandlerDeps): Pick<Handlers, MediaOps> {
  const refused = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      throw error instanceof AnalysisRefused ? refusal(error.message) : error;
    }
  };
  return withStudyDbErrors({
    studyMediaStatus: async ({ id }) => d.analysis.status(id),
    studyMediaStart: async ({ id, languages }) => refused(() => d.analysis.start(id, languages)),
    studyMediaPause: async ({ id }) => d.analysis.pause(id),
    studyReuse: async ({ id, maxBits }) => {
      const study = d.study(id);
      // Reading the groups keeps nothing: a pass keeps them when it ends, a new k when it is chosen.
      return refreshReuse(study.db, maxBits ?? null, maxBits !== undefined && study.readOnly === null);
    },
    studyWall: async ({ id, rows, group, sort }) => {
      const study = d.study(id);
      if ((rows === undefined) === (group === undefined)) throw refusal('A wall is of rows of the data browser or of a reuse group: choose one.');
      const where = rows ? rowsWhere(rows) : { sql: 'r.rowid IN (SELECT post_rowid FROM media_reuse WHERE ?1 = 0 OR group_no = ?1)', args: [group!] };
      const label = `${study.name()} ${rows ? 'wall' : group === 0 ? 'reuse groups' : `reuse group ${group}`}`;
      try {
        return await makeWall({ db: study.db, studyFolder: study.folder, sources: await d.analysis.sources(study.folder), where, sort, label, now: Date.now() });
      } catch (error) {
        if (error instanceof AnalysisRefused) throw refusal(error.message);
        throw diskError(error, 'The wall could not be written', study.folder, null) ?? error;
      }
    },
    studyMediaOf: async ({ id, rowid }) => {
      const study = d.study(id);
      return findingsOf(study.db, study.folder, rowid, d.fileUrl);
    },
  });
}
