import { describe, expect, it } from 'vitest';
import { alarmFirings } from '../../../testbed/alarm-firings';

// The wait for alarms to have fired: it returns once the alarm's scheduledTime has moved on the
// number of times asked, and never before.

const PERIOD_MS = 5_000;

/** An alarm that moves on one period each `fireEvery` reads; `stopAfter` firings, then stuck. */
function alarmReader(fireEvery: number, stopAfter = Infinity) {
  let reads = 0;
  return async () => {
    reads++;
    const fired = Math.min(stopAfter, Math.floor(reads / fireEvery));
    return [
      {
        name: 'keep-alive',
        scheduledTime: 1_000_000 + fired * PERIOD_MS,
        periodInMinutes: PERIOD_MS / 60_000,
      },
    ];
  };
}

describe('alarmFirings', () => {
  it('waits for the firings asked, one period each', async () => {
    expect(await alarmFirings(alarmReader(2), 'keep-alive', 2)).toEqual([
      1_000_000, 1_005_000, 1_010_000,
    ]);
  });

  it('counts two firings between reads as two', async () => {
    const twoAtOnce = async () => [
      {
        name: 'keep-alive',
        scheduledTime: 1_000_000 + (calls++ > 0 ? 2 * PERIOD_MS : 0),
        periodInMinutes: PERIOD_MS / 60_000,
      },
    ];
    let calls = 0;
    expect(await alarmFirings(twoAtOnce, 'keep-alive', 2)).toEqual([1_000_000, 1_010_000]);
  });

  it('fails when the alarm stops firing, and when it is not set', async () => {
    await expect(
      alarmFirings(alarmReader(2, 1), 'keep-alive', 2, { timeoutMs: 500 }),
    ).rejects.toThrow(/fired 1 of 2 times/);
    await expect(alarmFirings(alarmReader(1), 'refresh', 1)).rejects.toThrow(/no alarm refresh/);
  });
});
