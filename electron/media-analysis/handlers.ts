// The IPC handlers of media analysis (shared/ipc/media.ts): its state, start and pause, and the reuse
// groups. Nothing here sends a request to the service; media bytes come as sources.ts says.
import type { MEDIA_OPS } from '../../shared/ipc/media';
import type { OpName } from '../../shared/ipc';
import type { Handlers } from '../ipc/router';
import type { Db } from '../studies/db';
import { withStudyDbErrors } from '../studies/db-errors';
import { refusal } from '../studies/handlers';
import { findingsOf } from './findings';
import { refreshReuse } from './reuse';
import { AnalysisRefused, type MediaAnalysis } from './service';

type MediaOps = keyof typeof MEDIA_OPS & OpName;

export interface MediaHandlerDeps {
  analysis: MediaAnalysis;
  study: (id: string) => { db: Db; folder: string; readOnly: string | null };
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
      return refreshReuse(study.db, maxBits ?? null, study.readOnly === null);
    },
    studyMediaOf: async ({ id, rowid }) => {
      const study = d.study(id);
      return findingsOf(study.db, study.folder, rowid, d.fileUrl);
    },
  });
}
