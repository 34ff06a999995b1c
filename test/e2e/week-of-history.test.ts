import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackPoints, type HistoryPoint } from '../../lib/store/history';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import {
  FAST_E2E_BUILD,
  launchExtension,
  type ExtensionSession,
} from '../../testbed/browsers/chromium';
import { NotificationLog } from './notification-log';
import { Popup } from '../../testbed/browsers/chromium-pages';
import { GIB as GB } from '../../lib/basics/bytes';

// A week of real readings, made by the extension itself on the build whose days last 10 s:
// the account grows a GB a (scaled) day, the background reads it twice a day, and then the popup
// draws the sparkline and says when the account will be full, and the forecast notice is shown.

const SCALED_DAY_MS = 10_000;
let sim: Simulator;
let browser: ExtensionSession;
let growth: NodeJS.Timeout;
const notices = new NotificationLog();
const growing = demoAccount({
  userId: 'growing',
  password: 'growing-pw',
  apiKey: 'growing-key',
  used: 14 * GB,
  bonus: undefined,
});

beforeAll(async () => {
  sim = await startSimulator({ accounts: [growing] });
  browser = await launchExtension({ extensionDir: FAST_E2E_BUILD });
  // Capacity every 12 h (5 s), sign-in daily (10 s).
  await browser.storeSettings({
    keepAliveHours: 24,
    refreshMinutes: 720,
    warningPercent: 90,
    criticalPercent: 95,
    notifyUsage: true,
    notifyKeepAlive: true,
    notifyForecast: true,
  });
  await browser.storeAccounts([storedAccount(sim, growing, { id: 'growing', label: 'Growing' })]);
  // A GB a day, added a little at a time as a user's uploads would.
  growth = setInterval(() => (growing.used += Math.round(GB / 20)), SCALED_DAY_MS / 20);
  notices.start(browser);
});
afterAll(async () => {
  clearInterval(growth);
  notices.stop();
  await browser?.close();
  await sim?.close();
});

const points = async () =>
  unpackPoints(
    ((await browser.storage()).history as Record<string, { points: string }> | undefined)?.growing
      ?.points ?? '',
  );

describe('a week of history in Chromium', () => {
  it(
    'the background records one point a day; then the popup shows the sparkline and "full in about N days", and the notice comes',
    async () => {
      await expect.poll(points, { timeout: 10 * SCALED_DAY_MS, interval: 1_000 }).toHaveLength(8);
      const week = (await points()) as HistoryPoint[];
      // One point a day, consecutive days, rising with the account.
      expect(week.map(([day]) => day - week[0]![0])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      for (let i = 1; i < week.length; i++) expect(week[i]![1]).toBeGreaterThan(week[i - 1]![1]);
      expect(week.every(([, , quota]) => quota === 28 * GB)).toBe(true);

      const popup = new Popup(await browser.open('popup'));
      const card = popup.card('Growing');
      const sparkline = card.getByRole('img');
      await sparkline.waitFor();
      expect(await sparkline.getAttribute('aria-label')).toMatch(
        /^Usage over the last 30 days: from 1\d(\.\d)? GB to 2\d(\.\d)? GB\.$/,
      );
      expect(await sparkline.locator('polyline').getAttribute('points')).toMatch(/^(\S+ ){7,}\S+$/);
      // About 21 GB used of 28 GB, a GB a day: full in about a week.
      const forecast = await card
        .getByText(/^At this rate, full in about \d+ days \(around .+\)\.$/)
        .textContent();
      const days = Number(/about (\d+) days/.exec(forecast!)![1]);
      expect(days).toBeGreaterThanOrEqual(4);
      expect(days).toBeLessThanOrEqual(10);
      // Within two weeks: the forecast notice, once.
      expect(notices.of('forecast:growing')).toHaveLength(1);
      await popup.page.screenshot({ path: 'artifacts/screenshots/week-of-history-popup.png' });
      await popup.page.close();
    },
    15 * SCALED_DAY_MS + 30_000,
  );
});
