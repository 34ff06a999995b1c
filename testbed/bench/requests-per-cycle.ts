import { E2E_BUILD, launchExtension, type ExtensionSession as Session } from '../browsers/chromium';
import type { Simulator } from '../simulator/simulator';
import { ALARM } from '../../lib/store/stored-names';
import { storeAccounts, type Measured } from './measure';

/** Waits until an alarm has fired (its next time moved on), then lets its requests finish. */
async function nextFiring(browser: Session, name: string) {
  const worker = browser.currentWorker();
  const before = await worker.evaluate(
    (n) => chrome.alarms.get(n).then((a) => a?.scheduledTime),
    name,
  );
  await worker.evaluate(
    async ([n, t]) => {
      while ((await chrome.alarms.get(n))?.scheduledTime === t)
        await new Promise((r) => setTimeout(r, 20));
    },
    [name, before] as const,
  );
  await new Promise((r) => setTimeout(r, 1_000));
}

/**
 * Requests the simulator sees per sign-in, per usage update, per popup and Settings page open, in real
 * Chromium. The e2e build runs intervals 720 times faster (1 h = 5 s), so real alarms fire.
 */
export async function requestsPerCycle(sim: Simulator): Promise<Measured> {
  const rows: Measured['rows'] = [];
  const json: Measured['json'] = {};
  for (const count of [1, 3]) {
    const browser = await launchExtension({ extensionDir: E2E_BUILD });
    try {
      await storeAccounts(browser, sim, count);
      const setIntervals = (keepAliveHours: number, refreshMinutes: number) =>
        browser
          .currentWorker()
          .evaluate((s) => chrome.storage.local.set({ settings: s, settings$: { v: 1 } }), {
            keepAliveHours,
            refreshMinutes,
            warningPercent: 90,
            criticalPercent: 95,
            notifyUsage: true,
            notifyKeepAlive: true,
          });
      const per = async (run: () => Promise<void>, server?: 'api' | 'node') => {
        sim.requests.length = 0;
        await run();
        return sim.requests.filter((r) => !server || r.server === server).length / count;
      };
      await setIntervals(1, 1440); // a sign-in every 5 s, a usage update every 2 min
      await nextFiring(browser, ALARM.signIn);
      const signIn = await per(() => nextFiring(browser, ALARM.signIn));
      await setIntervals(168, 60); // a usage update every 5 s, a sign-in every 14 min
      await nextFiring(browser, ALARM.usageUpdate);
      const usageUpdate = await per(() => nextFiring(browser, ALARM.usageUpdate));
      await setIntervals(168, 1440);
      const popupOpen = await per(async () => {
        const page = await browser.open('popup');
        await page.locator('.usage__figures').first().waitFor();
        await page.waitForTimeout(500);
        await page.close();
      });
      const settingsOpen = await per(async () => {
        const page = await browser.open('options');
        await page.getByRole('button', { name: 'Add account' }).waitFor();
        await page.waitForTimeout(500);
        await page.close();
      });
      rows.push({
        measure: `requests per account, ${count} account${count > 1 ? 's' : ''}`,
        value: `sign-in ${signIn}, usage update ${usageUpdate}, popup open ${popupOpen}, Settings page open ${settingsOpen}`,
        note: 'goal 1, 1, 0, 0',
      });
      json[`requests.${count}`] = { signIn, usageUpdate, popupOpen, settingsOpen };
    } finally {
      await browser.close();
    }
  }
  return { rows, json };
}
