import { E2E_BUILD, launchExtension, type ExtensionSession as Session } from '../browsers/chromium';
import type { Simulator } from '../simulator/simulator';
import { ALARM } from '../../lib/store/stored-names';
import { storedAccount } from '../simulator/stored-account';
import { runRecorded, storeAccounts, type CheckField, type Measured } from './measure';

/** The time an alarm is next due (its `scheduledTime`). */
const dueAt = (browser: Session, name: string) =>
  browser
    .currentWorker()
    .evaluate((n) => chrome.alarms.get(n).then((a) => a?.scheduledTime ?? NaN), name);

/** The check an alarm runs, as its field in an account's snapshot. */
const FIELD: Record<string, CheckField> = {
  [ALARM.signIn]: 'keepAlive',
  [ALARM.usageUpdate]: 'refresh',
};

/** A guard only: an alarm of the e2e build fires every few seconds. */
const FIRING_GUARD_MS = 120_000;

/**
 * Waits until the alarm due at `due` has fired (its next time moved on) and its run of each
 * account in `ids` has been recorded, its requests with it. Returns the time it was due.
 */
async function firing(browser: Session, name: string, ids: string[], due: number) {
  // A string, as in runRecorded (measure.ts): no `__name` in the worker.
  const moved = await browser.currentWorker().evaluate<boolean>(`new Promise((resolve) => {
    const [name, due, guard] = ${JSON.stringify([name, due, FIRING_GUARD_MS])};
    const end = Date.now() + guard;
    const poll = async () => {
      if ((await chrome.alarms.get(name))?.scheduledTime !== due) return resolve(true);
      if (Date.now() > end) return resolve(false);
      setTimeout(poll, 20);
    };
    void poll();
  })`);
  if (!moved || !(await runRecorded(browser, FIELD[name]!, ids, due, FIRING_GUARD_MS)))
    throw new Error(`alarm ${name} due at ${due} did not fire and record its run`);
  return due;
}

/** Waits for an alarm's next firing and its recorded run; returns when it was due. */
const nextFiring = async (browser: Session, name: string, ids: string[]) =>
  firing(browser, name, ids, await dueAt(browser, name));

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
      // New intervals, then the alarm about to be counted set again with its new period (the
      // background's reschedule): its due time read before that would never come.
      const setIntervals = async (
        keepAliveHours: number,
        refreshMinutes: number,
        alarm: string,
      ) => {
        const period = () =>
          browser
            .currentWorker()
            .evaluate((n) => chrome.alarms.get(n).then((a) => a?.periodInMinutes), alarm);
        const before = await period();
        await browser
          .currentWorker()
          .evaluate((s) => chrome.storage.local.set({ settings: s, settings$: { v: 1 } }), {
            keepAliveHours,
            refreshMinutes,
            warningPercent: 90,
            criticalPercent: 95,
            notifyUsage: true,
            notifyKeepAlive: true,
          });
        const moved = await browser.currentWorker().evaluate<boolean>(`new Promise((resolve) => {
          const [name, before, guard] = ${JSON.stringify([alarm, before, FIRING_GUARD_MS])};
          const end = Date.now() + guard;
          const poll = async () => {
            if ((await chrome.alarms.get(name))?.periodInMinutes !== before) return resolve(true);
            if (Date.now() > end) return resolve(false);
            setTimeout(poll, 20);
          };
          void poll();
        })`);
        if (!moved) throw new Error(`alarm ${alarm} kept its period ${before} after new settings`);
      };
      const ids = sim.accounts.slice(0, count).map((a) => storedAccount(sim, a).id);
      const perAccount = (from: number, to: number, server?: 'api' | 'node') =>
        sim.requests.filter(
          (r) => r.atMs >= from && r.atMs < to && (!server || r.server === server),
        ).length / count;
      // An alarm's requests: those from when it was due until its run was recorded.
      const perFiring = async (name: string) => {
        const due = await dueAt(browser, name);
        await firing(browser, name, ids, due);
        return perAccount(due, Date.now());
      };
      // A page open's requests: from the open until the usage update's next firing, which comes
      // after the page's data showed (otherwise the open is made again, right after a firing).
      const perOpen = async (open: () => Promise<void>) => {
        for (;;) {
          await nextFiring(browser, ALARM.usageUpdate, ids);
          const from = Date.now();
          const due = await dueAt(browser, ALARM.usageUpdate);
          await open();
          if (Date.now() >= due) continue;
          await firing(browser, ALARM.usageUpdate, ids, due);
          return perAccount(from, due);
        }
      };
      await setIntervals(1, 1440, ALARM.signIn); // a sign-in every 5 s, a usage update every 2 min
      await nextFiring(browser, ALARM.signIn, ids);
      const signIn = await perFiring(ALARM.signIn);
      await setIntervals(168, 60, ALARM.usageUpdate); // a usage update every 5 s, a sign-in every 14 min
      await nextFiring(browser, ALARM.usageUpdate, ids);
      const usageUpdate = await perFiring(ALARM.usageUpdate);
      const popupOpen = await perOpen(async () => {
        const page = await browser.open('popup');
        await page.locator('.usage__figures').first().waitFor();
        await page.close();
      });
      const settingsOpen = await perOpen(async () => {
        const page = await browser.open('options');
        await page.getByRole('button', { name: 'Add account' }).waitFor();
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
