// Runs an async task over many items a few at a time: file-system calls go to a small thread pool, so a
// handful in flight keeps it busy without queueing thousands of callbacks at once.
export async function eachLimited<T>(items: Iterable<T>, limit: number, task: (item: T) => Promise<void>): Promise<void> {
  const list = [...items];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < list.length) await task(list[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
}
