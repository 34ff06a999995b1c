import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BADGE_COLORS } from '@/lib/outlook/badge';
import { ALARM } from '@/lib/store/stored-names';
import { clock, HOUR, MINUTE, aliceAndBob, backgroundSuite } from '../../helpers/harness';
import { GIB as GB } from '@/lib/basics/bytes';
import { badgeRgba } from '../../../../testbed/browsers/badge-color';

const { sim, freshBrowser, stored } = backgroundSuite({ users: aliceAndBob });

// A run's end: the notices it shows and records, and the badge it draws.

describe('notifications', () => {
  it('notifies once per rising crossing, re-armed only below the threshold minus the margin', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const worker = await freshBrowser([stored('alice')]);
    const usageAt = async (percent: number) => {
      sim().account('alice').used = percent * GB;
      clock.now += 30 * MINUTE;
      await worker.onAlarm(ALARM.usageUpdate);
      return notices(create).map(([id, options]) => `${id} ${options.title}`);
    };
    await worker.start('worker-start');
    expect(await usageAt(91)).toEqual(['usage:id-alice alice: storage nearly full']);
    expect(await usageAt(92)).toHaveLength(1);
    expect(await usageAt(89)).toHaveLength(1); // still within the margin: not re-armed
    expect(await usageAt(91)).toHaveLength(1);
    expect(await usageAt(96)).toEqual([
      'usage:id-alice alice: storage nearly full',
      'usage:id-alice alice: storage critically full',
    ]);
    expect(await usageAt(94)).toHaveLength(2);
    expect(await usageAt(80)).toHaveLength(2); // re-armed
    expect(await usageAt(90)).toHaveLength(3);
    create.mockRestore();
  });

  it('tells about a sign-in failing for over a day, once, with the reason; and about the recovery', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const worker = await freshBrowser([stored('alice')]);
    await worker.start('worker-start');
    const lastSuccess = clock.now;
    const password = sim().account('alice').password;
    sim().account('alice').password = 'changed-on-the-website';
    for (let hour = 1; hour <= 48; hour++) {
      clock.now += HOUR;
      await worker.onAlarm(ALARM.retry);
      await worker.onAlarm(ALARM.signIn);
    }
    const failing = notices(create).filter(([id]) => id === 'keep-alive:id-alice');
    expect(failing).toHaveLength(1);
    expect(failing[0]![1]).toMatchObject({
      title: 'alice: sign-in is failing',
      message: expect.stringContaining('apps password was rejected'),
    });
    expect(failing[0]![1].message).toContain(
      `No sign-in since ${new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(lastSuccess)}.`,
    );
    sim().account('alice').password = password;
    await worker.checkNow({});
    expect(notices(create).at(-1)?.[1]).toMatchObject({ title: 'alice: sign-in works again' });
    create.mockRestore();
  });
});

describe('badge', () => {
  it.each([
    ['normal', 40, '40%', BADGE_COLORS.normal, '40%'],
    ['warning', 91, '91%', BADGE_COLORS.warning, 'Nearly full: 91%'],
    ['critical', 97.5, '98%', BADGE_COLORS.critical, 'Critically full: 98%'],
  ])(
    'shows the usage in the %s colour, named with its level in the title',
    async (_level, percent, text, color, words) => {
      sim().account('alice').used = percent * GB;
      const worker = await freshBrowser([stored('alice')]);
      await worker.start('worker-start');
      expect(await fakeBrowser.action.getBadgeText({})).toBe(text);
      expect(await fakeBrowser.action.getBadgeBackgroundColor({})).toEqual(badgeRgba(color));
      expect(await fakeBrowser.action.getTitle({})).toMatch(
        new RegExp(`^Storage Keeper\nalice: ${words} · Last sign-in `),
      );
    },
  );

  it('shows ! in its own colour with the reason in the title when an account needs the user', async () => {
    const worker = await freshBrowser([stored('alice'), { ...stored('bob'), apiKey: 'wrong' }]);
    await worker.start('worker-start');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    expect(await fakeBrowser.action.getBadgeBackgroundColor({})).toEqual(
      badgeRgba(BADGE_COLORS['needs-you']),
    );
    expect(await fakeBrowser.action.getTitle({})).toContain(
      'bob: usage unknown · No sign-in yet\n! needs you: The API key was rejected.',
    );
  });
});

function notices(create: { mock: { calls: unknown[][] } }) {
  return create.mock.calls.map(
    ([id, options]) => [id as string, options as { title: string; message: string }] as const,
  );
}
