import { resolve } from 'node:path';
import { accountIdentity, type Account } from '../../lib/store/accounts';
import { addPoint, packPoints, type AccountHistory } from '../../lib/store/history';
import { GIB as GB } from '../../lib/basics/bytes';

/** The bench's floor: a bare Preact page, background and blank page on the same stack (built by the bench). */
export const FLOOR_DIR = resolve('testbed/bench/floor');

/** A year of daily readings for each account, stored as the background stores them (lib/store/history.ts). */
export function yearOfHistory(accounts: Account[]) {
  const today = Math.floor((Date.now() - new Date().getTimezoneOffset() * 60_000) / 86_400_000);
  return Object.fromEntries(
    accounts.map((account, n) => {
      let history: AccountHistory | undefined;
      for (let day = today - 364; day <= today; day++) {
        const used = Math.round((8 + n + (day - today + 364) * 0.03 + Math.sin(day) * 0.2) * GB);
        history = addPoint(history, accountIdentity(account), [day, used, 28 * GB]);
      }
      return [account.id, { identity: history!.identity, points: packPoints(history!.points) }];
    }),
  );
}
