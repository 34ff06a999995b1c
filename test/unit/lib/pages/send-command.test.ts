import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ANSWER_LIMIT_MS, NoAnswer, sendCommand } from '@/lib/pages/send-command';
import type { ConnectionReport } from '@/lib/extension/messages';
import { answerCommands } from '../../helpers/answered-commands';
import { account, GB, userInfo } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// A page's command to the background has a time limit: a lost answer rejects with NoAnswer, a
// failure with its own error. (What each button then says: its component's tests.)

const REPORT: ConnectionReport = {
  user: { ok: true, value: userInfo() },
  capacity: { ok: true, value: { quota: 28 * GB, used: 7 * GB } },
};

let stopMessages = () => {};
/** The background as it answers each command: by default never (its answer lost). */
const background = (handlers: Parameters<typeof answerCommands>[0] = {}) =>
  (stopMessages = answerCommands(handlers));

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  // Only the timers: the limit's, and those the tests' waits set (cleared when they end).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  stopMessages();
  vi.useRealTimers();
});

describe('sendCommand', () => {
  it('rejects with NoAnswer when the background has not answered within the limit, not before', async () => {
    background();
    let outcome: unknown = 'pending';
    sendCommand('testConnection', { draft: account(), accountId: 'a' }).then(
      (report) => (outcome = report),
      (error: unknown) => (outcome = error),
    );
    await vi.advanceTimersByTimeAsync(ANSWER_LIMIT_MS.testConnection - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(NoAnswer);
  });

  it('a check gets its own, longer limit', async () => {
    background();
    let outcome: unknown = 'pending';
    sendCommand('checkNow', {}).catch((error: unknown) => (outcome = error));
    await vi.advanceTimersByTimeAsync(ANSWER_LIMIT_MS.checkNow - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(NoAnswer);
  });

  it('an answer in time resolves, and leaves no timer behind', async () => {
    background({ testConnection: async () => REPORT });
    expect(await sendCommand('testConnection', { draft: account(), accountId: 'a' })).toEqual(
      REPORT,
    );
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a background that fails rejects with its error, not NoAnswer, and leaves no timer behind', async () => {
    background({ checkNow: () => Promise.reject(new Error('worker gone')) });
    const error = await sendCommand('checkNow', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(NoAnswer);
    expect(vi.getTimerCount()).toBe(0);
  });
});
