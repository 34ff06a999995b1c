import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installFakeExtensionApis } from '../helpers/fake-extension';
import { watchStorageReads } from '../helpers/storage-reads';

// A worker starts at every alarm (MV3 stops it when idle): before it checks its alarms it asks
// storage once, for what the run works from (accounts, settings, snapshots), and nothing else.
// A stored item defined with @wxt-dev/storage's defineItem reads itself at once: seven of them
// read the whole history and activity log at every start, before the alarms.

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  vi.resetModules();
});
afterEach(() => vi.restoreAllMocks());

// Loading the worker's module graph afresh takes seconds on a busy machine.
it('asks storage once, for the run, before it checks its alarms', { timeout: 60_000 }, async () => {
  // Every read (any area, any form: get(null), a key, keys, keys with defaults, getKeys) until the alarms are first looked at or set.
  let alarmsChecked = false;
  const asked: string[][] = [];
  watchStorageReads((keys) => {
    if (!alarmsChecked) asked.push(keys);
  });
  const alarms = fakeBrowser.alarms;
  const allAlarms = alarms.getAll.bind(alarms);
  for (const method of ['get', 'getAll', 'create', 'clear'] as const) {
    const real = alarms[method].bind(alarms) as (...args: unknown[]) => unknown;
    vi.spyOn(alarms, method).mockImplementation((...args: unknown[]) => {
      alarmsChecked = true;
      return real(...args);
    });
  }

  // The worker's module graph is loaded afresh, as a new worker loads it.
  const { default: background } = await import('@/entrypoints/background');
  background.main();
  await vi.waitFor(async () => expect(await allAlarms()).toHaveLength(2));

  expect(alarmsChecked).toBe(true);
  expect(asked).toEqual([['accounts', 'accounts$', 'settings', 'settings$', 'snapshots']]);
});
