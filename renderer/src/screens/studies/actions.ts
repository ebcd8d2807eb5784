// What the study screens ask main to do (add targets, start a run, set a schedule, code rows, export):
// a react-query mutation whose pending and error state the screen shows, after which the study's queries
// are read again. A confirmation the user declined in main's window is not an error.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { AppError } from '../../../../shared/api/errors';
import type { Result } from '../../../../shared/ipc';
import { appErrorOf, unwrap } from '../../api/bridge';
import { studyKeys } from './queries';

export interface StudyAction {
  /** Runs `call` (one of main's operations) and answers its result; a failure also shows in `error`. */
  run<T>(call: () => Promise<Result<T>>): Promise<Result<T>>;
  /** A call is under way. */
  busy: boolean;
  /** The last call's error: null while one runs, after a success or a declined confirmation. */
  error: AppError | null;
  /** Main's word when the user declined its confirmation in the last call ("Nothing was spent"). */
  declined: string | null;
  /** Forgets the last call's error. */
  clear(): void;
}

type Call = () => Promise<Result<unknown>>;

/** Actions on one study (`studyId`), or on the list of studies (null). */
export function useStudyAction(studyId: string | null): StudyAction {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (call: Call) => unwrap(await call()),
    // Not awaited: the screen goes on while the queries are read again.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: studyKeys.list });
      if (studyId !== null) void queryClient.invalidateQueries({ queryKey: studyKeys.all(studyId) });
    },
  });
  const { mutateAsync, reset } = mutation;
  const run = useCallback(
    async <T>(call: () => Promise<Result<T>>): Promise<Result<T>> => {
      try {
        return { ok: true, value: (await mutateAsync(call)) as T };
      } catch (error) {
        return { ok: false, error: appErrorOf(error) };
      }
    },
    [mutateAsync],
  );
  const failure = mutation.error ? appErrorOf(mutation.error) : null;
  const error = failure && failure.kind !== 'cancelled' ? failure : null;
  const declined = failure?.kind === 'cancelled' ? failure.message : null;
  return useMemo(() => ({ run, busy: mutation.isPending, error, declined, clear: reset }), [run, mutation.isPending, error, declined, reset]);
}
