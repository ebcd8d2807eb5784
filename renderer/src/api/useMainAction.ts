// An action main does for a screen (save a setting, start a job, rebuild the library...): a react-query
// mutation whose pending and error state the screen shows, after which the queries it names are read
// again. A confirmation the user declined in main's window is not an error: its words are kept apart.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { AppError } from '../../../shared/api/errors';
import type { Result } from '../../../shared/ipc';
import { appErrorOf, unwrap } from './bridge';

export interface MainAction {
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

/** `invalidates`: the queries read again after a success (not awaited: the screen goes on meanwhile). */
export function useMainAction(invalidates: readonly QueryKey[] = []): MainAction {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (call: Call) => unwrap(await call()),
    onSuccess: () => {
      for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
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
