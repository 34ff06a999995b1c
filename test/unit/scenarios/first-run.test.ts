import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { backgroundSuite } from '../helpers/harness';

describe('the first run', () => {
  const { freshBrowser, newWorker } = backgroundSuite();
  let opened: string[];
  beforeEach(async () => {
    await freshBrowser();
    opened = [];
    fakeBrowser.tabs.create = (async ({ url }: { url?: string }) =>
      void opened.push(url ?? '')) as unknown as typeof fakeBrowser.tabs.create;
    newWorker({ listening: true });
  });

  it('opens the settings page in setup mode on install', async () => {
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(opened).toEqual([fakeBrowser.runtime.getURL('/options.html#setup')]);
  });

  it('opens it once: an install reported again (an unpacked extension at each browser start) opens nothing', async () => {
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(opened).toHaveLength(1);
  });

  it('opens nothing on an update of the extension or of the browser', async () => {
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.9.0' });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'chrome_update' });
    expect(opened).toEqual([]);
  });
});
