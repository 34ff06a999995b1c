import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { settingsFields } from '@/lib/input/form-schemas';
import { parseExportFile } from '@/lib/input/export-file';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';

// Issue 27, item 3: the usage update never asks the service more often than every 5 minutes,
// wherever a value comes from (the form, an export file, storage written by anything). Written
// out, not read from SETTING_LIMITS: a lowered floor must fail here.
const file = (refreshMinutes: number) =>
  JSON.stringify({
    format: 'storage-keeper-settings',
    version: 1,
    secrets: false,
    accounts: [],
    settings: { refreshMinutes },
  });

async function storedAs(refreshMinutes: number) {
  fakeBrowser.reset();
  // Stored as any writer would: under the stored name.
  await fakeBrowser.storage.local.set({ settings: { refreshMinutes } });
  vi.resetModules();
  const { loadSettings } = await import('@/lib/store/reads');
  return (await loadSettings()).usageUpdateMinutes;
}

describe("the usage update's 5-minute floor", () => {
  beforeEach(() => fakeBrowser.reset());

  it.each([1, 3, 4])(
    '%i minutes: refused by the form, an export file and storage',
    async (minutes) => {
      expect(settingsFields.usageUpdateMinutes.safeParse(minutes).success).toBe(false);
      expect(parseExportFile(file(minutes), DEFAULT_SETTINGS)).toMatchObject({
        ok: false,
        problems: [{ field: 'usageUpdateMinutes', message: 'errorOutOfRange' }],
      });
      expect(await storedAs(minutes)).toBe(DEFAULT_SETTINGS.usageUpdateMinutes);
    },
  );

  it('5 minutes: taken everywhere', async () => {
    expect(settingsFields.usageUpdateMinutes.safeParse(5).success).toBe(true);
    expect(parseExportFile(file(5), DEFAULT_SETTINGS)).toMatchObject({ ok: true });
    expect(await storedAs(5)).toBe(5);
  });
});
