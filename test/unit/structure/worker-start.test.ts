import { beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installFakeExtensionApis } from '../helpers/fake-extension';

// A worker starts at every alarm (MV3 stops it when idle): before it checks its alarms it asks
// storage once, for what the run works from (accounts, settings, snapshots), and nothing else.
// A stored item defined with @wxt-dev/storage's defineItem reads itself at once: seven of them
// read the whole history and activity log at every start, before the alarms.

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  vi.resetModules();
});

it('asks storage once, for the run, before it checks its alarms', async () => {
  const local = fakeBrowser.storage.local as unknown as { get(keys?: string | string[] | null): Promise<Record<string, unknown>> };
  const get = local.get.bind(local);
  const asked: string[][] = [];
  let alarmsChecked = false;
  vi.spyOn(local, 'get').mockImplementation((keys) => {
    if (!alarmsChecked) asked.push(typeof keys === 'string' ? [keys] : (keys ?? []));
    return get(keys);
  });
  const create = fakeBrowser.alarms.create.bind(fakeBrowser.alarms);
  vi.spyOn(fakeBrowser.alarms, 'create').mockImplementation(((...args: Parameters<typeof create>) => {
    alarmsChecked = true;
    return create(...args);
  }) as typeof create);

  // The worker's module graph is loaded afresh, as a new worker loads it.
  const { default: background } = await import('@/entrypoints/background');
  background.main();
  await vi.waitFor(async () => expect(await fakeBrowser.alarms.getAll()).toHaveLength(2));

  expect(asked).toEqual([['accounts', 'accounts$', 'settings', 'settings$', 'snapshots']]);
});
