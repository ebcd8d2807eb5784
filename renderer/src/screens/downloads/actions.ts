// Small helpers the downloads panel and the library share: show a saved file in the system file manager,
// and run a button's work keeping its error for display (main answers errors as values).
import { useState } from 'react';
import { feedlens, unwrap } from '../../api/bridge';

/** Shows a file or folder in the file manager (main allows only paths inside the download folder). */
export async function reveal(path: string): Promise<void> {
  unwrap(await feedlens().revealPath({ path }));
}

export function useAction() {
  const [error, setError] = useState<unknown>(null);
  const run = (work: () => Promise<unknown>) => {
    setError(null);
    work().catch(setError);
  };
  return { error, run };
}
