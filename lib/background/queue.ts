/**
 * The background's queue: work runs one piece at a time, so each sees what the previous one
 * recorded; a piece that fails is logged, and the next one runs all the same.
 */
export function oneAtATime() {
  let queue: Promise<unknown> = Promise.resolve();
  return function serial<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work);
    queue = next.catch((error: unknown) =>
      console.warn('Storage Keeper: a background run failed', error),
    );
    return next;
  };
}
