import { describe, expect, it, vi } from 'vitest';
import type { ExtensionSession } from '../../../../testbed/browsers/chromium';
import { NotificationLog } from '../../../e2e/notification-log';

// The e2e tests' notification log of a Chromium session (test/e2e/notification-log.ts): "no
// notice" can only be read from polls that looked.

/** A session whose worker answers each poll with `answer()`: the notifications shown, or a throw. */
const session = (answer: () => string[]) =>
  ({
    currentWorker: () => ({ evaluate: () => Promise.resolve().then(answer) }),
  }) as unknown as ExtensionSession;

describe('NotificationLog', () => {
  it('refuses to say "none" while its polls fail, and says what it saw once one succeeds', async () => {
    let polls = 0;
    let failing = true;
    const log = new NotificationLog();
    log.start(
      session(() => {
        polls++;
        if (failing) throw new Error('Target page, context or browser has been closed');
        return polls === 3 ? [] : ['usage:a'];
      }),
    );
    await vi.waitFor(() => expect(polls).toBeGreaterThanOrEqual(1));
    expect(() => log.of('usage:a')).toThrow(/has not looked yet/);
    failing = false;
    await vi.waitFor(() => expect(log.of('usage:a').length).toBeGreaterThan(0), { timeout: 3_000 });
    failing = true;
    const seen = polls;
    await vi.waitFor(() => expect(polls).toBeGreaterThan(seen + 1), { timeout: 3_000 });
    expect(() => log.of('usage:a')).toThrow(/last poll failed: Target page/);
    log.stop();
  });
});
