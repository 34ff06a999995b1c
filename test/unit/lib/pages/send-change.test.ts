import { expect, it } from 'vitest';
import { sendChange } from '@/lib/pages/send-change';
import { CHANGE_LIMIT_MS, NoAnswer, type PendingChange } from '@/lib/extension/change-port';
import type { ChangeKind, OutcomeOf } from '@/lib/store/changes';
import { account } from '../../helpers/fixtures';

// sendChange reads the answer of a change sent on its click's port; without one, storage decides.

/** A port whose change is answered with `answer`, or lost when there is none. */
const port = (answer?: unknown): PendingChange => ({
  send: <K extends ChangeKind>() =>
    answer === undefined ? Promise.reject(new NoAnswer()) : Promise.resolve(answer as OutcomeOf<K>),
  close: () => {},
});
const removal = { kind: 'remove-account', accountId: 'home' } as const;
const notStored = () => Promise.resolve(undefined);

it('says what the answer says: stored, refused, newer or failed', async () => {
  const stored = account();
  expect(await sendChange(port({ saved: true }), removal, notStored)).toEqual({
    kind: 'saved',
    saved: true,
  });
  expect(await sendChange(port({ refused: 'newer-version' }), removal, notStored)).toEqual({
    kind: 'refused',
    reason: 'newer-version',
  });
  expect(
    await sendChange(
      port({ newer: stored }),
      { kind: 'edit-account', accountId: 'home', fields: {}, revision: 'r' },
      notStored,
    ),
  ).toEqual({ kind: 'newer', stored });
  expect(await sendChange(port({ failed: 'disk full' }), removal, notStored)).toEqual({
    kind: 'failed',
    message: 'disk full',
  });
});

it('without an answer, reads storage: saved when it holds the change, else no answer', async () => {
  expect(await sendChange(port(), removal, () => Promise.resolve(true as const))).toEqual({
    kind: 'saved',
    saved: true,
  });
  expect(await sendChange(port(), removal, notStored)).toEqual({
    kind: 'no-answer',
    seconds: CHANGE_LIMIT_MS / 1000,
  });
  expect(await sendChange(port(), removal, () => Promise.reject(new Error('unreadable')))).toEqual({
    kind: 'no-answer',
    seconds: CHANGE_LIMIT_MS / 1000,
  });
});
