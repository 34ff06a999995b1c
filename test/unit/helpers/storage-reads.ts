import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

type Keys = string | string[] | Record<string, unknown> | null | undefined;
interface ReadableArea {
  get(keys?: Keys, callback?: unknown): Promise<Record<string, unknown>>;
  getKeys?(callback?: unknown): Promise<string[]>;
}

const AREAS = ['local', 'session', 'sync', 'managed'] as const;

/**
 * Watches every read of the fake browser's storage: every area, and every form a read takes:
 * `get()` or `get(null)` (each item stored at that moment), a key, a list of keys, an object of
 * keys with defaults, and `getKeys()` where an area has it (seen as a read of `<keys>`). Each read
 * is the list of keys it asks for, prefixed with the area's name unless it is `local`; `onRead`
 * hears each as it is made. `stop` puts storage back as it was.
 */
export function watchStorageReads(onRead: (keys: string[]) => void = () => undefined): {
  reads: string[][];
  stop(): void;
} {
  const reads: string[][] = [];
  const spies = AREAS.flatMap((name) => {
    const area = fakeBrowser.storage[name] as unknown as ReadableArea;
    const named = (keys: string[]) => {
      const read = name === 'local' ? keys : keys.map((key) => `${name}:${key}`);
      reads.push(read);
      onRead(read);
    };
    const get = area.get.bind(area);
    const getKeys = area.getKeys?.bind(area);
    return [
      vi.spyOn(area, 'get').mockImplementation(async (keys?: Keys, ...rest: unknown[]) => {
        if (keys === null || keys === undefined) named(Object.keys(await get(null)));
        else
          named(
            typeof keys === 'string' ? [keys] : Array.isArray(keys) ? [...keys] : Object.keys(keys),
          );
        return get(keys, ...rest);
      }),
      ...(getKeys
        ? [
            vi
              .spyOn(area as Required<ReadableArea>, 'getKeys')
              .mockImplementation((...args: unknown[]) => {
                named(['<keys>']);
                return getKeys(...args);
              }),
          ]
        : []),
    ];
  });
  return { reads, stop: () => spies.forEach((spy) => spy.mockRestore()) };
}

/** How often each key was read (several keys in one read count once each). */
export function readsByKey(reads: readonly string[][]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of reads.flat()) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}
