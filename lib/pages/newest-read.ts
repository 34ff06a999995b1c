/**
 * Reads whose answers may arrive out of order (storage reads that overlap): each answer is
 * applied only if no read started later has been applied, so older state never replaces newer.
 */
export function newestRead<T>(
  apply: (value: T) => void,
): (read: () => Promise<T>) => Promise<void> {
  let started = 0;
  let applied = 0;
  return async (read) => {
    const mine = ++started;
    const value = await read();
    if (mine < applied) return;
    applied = mine;
    apply(value);
  };
}
