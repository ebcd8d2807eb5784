// Small helpers the downloads panel and the library share: show a saved file in the system file manager,
// and run a button's work as a react-query mutation, keeping its error for display.
import { useMutation } from '@tanstack/react-query';
import { feedlens, unwrap } from '../../api/bridge';

/** Shows a file or folder in the file manager (main allows only paths inside the download folder). */
export async function reveal(path: string): Promise<void> {
  unwrap(await feedlens().revealPath({ path }));
}

/** `run(work)`: the work (which throws main's refusal) in a mutation; `error` is its last failure. */
export function useAction() {
  const mutation = useMutation({ mutationFn: (work: () => Promise<unknown>) => work() });
  return { error: mutation.error, busy: mutation.isPending, run: (work: () => Promise<unknown>) => mutation.mutate(work) };
}
