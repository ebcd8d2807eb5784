// What the study screens ask main to do (add targets, start a run, set a schedule, code rows, export):
// main's actions (api/useMainAction.ts) after which the study's queries and the list of studies are
// read again.
import { useMainAction, type MainAction } from '../../api/useMainAction';
import { studyKeys } from './queries';

export type StudyAction = MainAction;

/** Actions on one study (`studyId`), or on the list of studies (null). */
export function useStudyAction(studyId: string | null): StudyAction {
  return useMainAction(studyId === null ? [studyKeys.list] : [studyKeys.list, studyKeys.all(studyId)]);
}
