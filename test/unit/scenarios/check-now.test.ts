import { expect, it } from 'vitest';
import {
  aliceAndBob,
  backgroundSuite,
  clock,
  countRequests,
  HOUR,
  storeSettings,
} from '../helpers/harness';

// Check now, as the popup's button sends it: a full check (a sign-in and the usage update) of
// every account, and not repeated within 10 s however fast the clicks come (real time in every
// build). On the fake clock, the clicks come at exact moments around the gap's end.

const { sim, stored, freshBrowser, newWorker } = backgroundSuite({ users: aliceAndBob });
/** The gap the popup promises, spelled here: the code's constant changed is a break to see. */
const GAP_MS = 10_000;

it('is a full check of every account, not repeated within 10 s however fast the clicks come', async () => {
  const worker = await freshBrowser([stored('alice'), stored('bob')]);
  // A week between sign-ins and a day between usage updates: only the clicks check.
  await storeSettings({
    signInHours: 168,
    usageUpdateMinutes: 1440,
    notifyUsage: false,
    notifySignIn: false,
    notifyForecast: false,
  });
  await worker.start('browser-start');
  clock.now += HOUR;
  const requests = () => ({ api: countRequests(sim(), 'api'), node: countRequests(sim(), 'node') });
  const before = requests();

  await newWorker().checkNow({});
  expect(requests()).toEqual({ api: before.api + 2, node: before.node + 2 });
  const checkedAt = clock.now;

  // Five clicks at once, then one a second, up to a millisecond before the gap ends: none checks.
  await Promise.all([1, 2, 3, 4, 5].map(() => newWorker().checkNow({})));
  for (let after = 1_000; after < GAP_MS; after += 1_000) {
    clock.now = checkedAt + after;
    await newWorker().checkNow({});
  }
  clock.now = checkedAt + GAP_MS - 1;
  await newWorker().checkNow({});
  expect(requests()).toEqual({ api: before.api + 2, node: before.node + 2 });

  // The gap over: the next click checks every account again, in full.
  clock.now = checkedAt + GAP_MS;
  await newWorker().checkNow({});
  expect(requests()).toEqual({ api: before.api + 4, node: before.node + 4 });
});
