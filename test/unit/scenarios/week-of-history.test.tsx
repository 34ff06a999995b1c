// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "fetch": { "disableSameOriginPolicy": true } } }
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App as Popup } from '@/entrypoints/popup/App';
import { unpackPoints, type HistoryPoint } from '@/lib/store/history';
import { GIB as GB } from '@/lib/basics/bytes';
import { demoAccount } from '../../../testbed/simulator/simulator';
import {
  backgroundSuite,
  clock,
  DAY,
  HOUR,
  runAlarmsUntil,
  storeSettings,
} from '../helpers/harness';
import { recordNotices } from '../helpers/shown-notices';

// A week of real readings, made by the background itself on the fake clock, jumping from one alarm
// to the next: the account grows a GB a day (a little at a time, as a user's uploads would), the
// background reads it twice a day; then the popup draws the sparkline and says when the account
// will be full, and the forecast notice has been shown once.

const START = Date.UTC(2026, 10, 2, 6);
const FIRST_USED = 14 * GB;
const { sim, stored, freshBrowser, newWorker } = backgroundSuite({
  users: [demoAccount({ userId: 'growing', used: FIRST_USED, bonus: undefined })],
  clockStartsAt: START,
});
afterEach(cleanup);

const points = async () =>
  unpackPoints(
    (
      (await fakeBrowser.storage.local.get('history')).history as
        Record<string, { points: string }> | undefined
    )?.['id-growing']?.points ?? '',
  );

it('the background records one point a day for a week; then the popup shows the sparkline and "full in about N days", and the notice came once', async () => {
  const notices = recordNotices();
  const worker = await freshBrowser([stored('growing', { label: 'Growing' })]);
  await storeSettings({ signInHours: 24, usageUpdateMinutes: 720 });
  await worker.start('browser-start');
  // A GB a day, an hour's share at a time; the alarms that come due in each hour fire in it.
  const end = START + 7 * DAY + 13 * HOUR;
  while (clock.now < end) {
    sim().account('growing').used = FIRST_USED + Math.round(((clock.now - START) / DAY) * GB);
    await runAlarmsUntil(clock.now + HOUR, newWorker);
  }

  const week = (await points()) as HistoryPoint[];
  // One point a day, consecutive days, rising with the account.
  expect(week.map(([day]) => day - week[0]![0])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  for (let i = 1; i < week.length; i++) expect(week[i]![1]).toBeGreaterThan(week[i - 1]![1]);
  expect(week.every(([, , quota]) => quota === 28 * GB)).toBe(true);
  // Within two weeks of full: the forecast notice, once.
  expect(notices.map(({ id }) => id).filter((id) => id.startsWith('forecast:'))).toEqual([
    'forecast:id-growing',
  ]);

  render(<Popup now={() => clock.now} />);
  const card = (await screen.findByText('Growing')).closest('article')!;
  const sparkline = within(card).getByRole('img');
  expect(sparkline.getAttribute('aria-label')).toMatch(
    /^Usage over the last 30 days: from 14(\.\d)? GB to 2\d(\.\d)? GB\.$/,
  );
  expect(sparkline.querySelector('polyline')?.getAttribute('points')).toMatch(/^(\S+ ){7}\S+$/);
  // About 21.5 GB used of 28 GB, a GB a day: full in about a week.
  const forecast = within(card).getByText(/^At this rate, full in about \d+ days \(around .+\)\.$/);
  const days = Number(/about (\d+) days/.exec(forecast.textContent)![1]);
  expect(days).toBeGreaterThanOrEqual(5);
  expect(days).toBeLessThanOrEqual(8);
});
