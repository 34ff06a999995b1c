// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "fetch": { "disableSameOriginPolicy": true } } }
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App as Options } from '@/entrypoints/options/App';
import { unpackActivity, type ActivityEntry } from '@/lib/store/activity';
import { demoAccount } from '../../../testbed/simulator/simulator';
import {
  backgroundSuite,
  clock,
  DAY,
  HOUR,
  openSettingsPage,
  runAlarmsUntil,
  storeSettings,
} from '../helpers/harness';

// A few days of real work, logged by the background itself on the fake clock, jumping from one
// alarm to the next: daily sign-ins, usage updates twice a day, one outage the retry gets over.
// Then the Settings page's activity log sums them up.

const START = Date.UTC(2026, 10, 2, 6);
const { sim, stored, freshBrowser } = backgroundSuite({
  users: [demoAccount({ userId: 'logged' })],
  clockStartsAt: START,
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const entries = async (): Promise<ActivityEntry[]> =>
  unpackActivity(
    (
      (await fakeBrowser.storage.local.get('activity')).activity as
        Record<string, { entries: string }> | undefined
    )?.['id-logged']?.entries ?? '',
  );
const signIns = async () => (await entries()).filter((e) => e.check === 'sign-in');

it('logs days of sign-ins and usage updates, an outage and the retry that got over it; the Settings page sums them up', async () => {
  // One worker all along: alarms twice a day keep it running, as in a browser left open.
  const worker = await freshBrowser([stored('logged', { label: 'Logged' })]);
  await storeSettings({
    signInHours: 24,
    usageUpdateMinutes: 720,
    notifyUsage: false,
    notifySignIn: false,
    notifyForecast: false,
  });
  await worker.start('browser-start');
  const running = () => worker;
  await runAlarmsUntil(START + 2 * DAY + HOUR, running, { wakes: false });
  // An outage over the next scheduled sign-in: it fails, the retry after it gets through.
  sim().setFault('api', 'server-error');
  const outageFrom = clock.now;
  while (!(await signIns()).some((e) => e.outcome === 'server-error'))
    await runAlarmsUntil(clock.now + HOUR, running, { wakes: false });
  expect(clock.now - outageFrom).toBeLessThanOrEqual(DAY);
  sim().setFault('api', undefined);
  await runAlarmsUntil(START + 6 * DAY + HOUR, running, { wakes: false });

  const logged = await signIns();
  // The first when the browser started; then one a day from the schedule, and the retry.
  expect(logged[0]).toMatchObject({ outcome: 'ok', trigger: 'start' });
  expect(logged.filter((e) => e.trigger === 'schedule' && e.outcome === 'ok')).toHaveLength(5);
  const failed = logged.findIndex((e) => e.outcome === 'server-error');
  expect(logged[failed]?.trigger).toBe('schedule');
  expect(logged[failed + 1]).toMatchObject({ outcome: 'ok', trigger: 'retry' });
  expect(logged.filter((e) => e.outcome !== 'ok')).toHaveLength(1);
  // Usage updates twice a day, the outage (of the sign-in server) notwithstanding.
  const usageUpdates = (await entries()).filter((e) => e.check === 'usage');
  expect(usageUpdates.map((e) => e.outcome)).toEqual(Array(1 + 2 * 6).fill('ok'));

  vi.useFakeTimers({ toFake: ['Date'], now: clock.now });
  openSettingsPage('activity');
  render(<Options now={() => clock.now} />);
  const log = await screen.findByRole('article', { name: 'Logged' });
  const retryAfter = Math.round((logged[failed + 1]!.at - logged[failed]!.at) / 60_000);
  expect(within(log).getByText(/^Days with a successful sign-in/).textContent).toBe(
    `Days with a successful sign-in since Nov 2, 2026: 7 of 7. 1 failure, followed by a successful sign-in ${retryAfter} minute${retryAfter === 1 ? '' : 's'} later.`,
  );
});
