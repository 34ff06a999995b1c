import type { CheckAnswer } from '../outlook/command-replies';
import type { ChecksInFlight } from './checks-in-flight';
import { changeSession } from './changes';

/**
 * The one-click fix offered when a key is refused in the header (the real servers' public clients
 * spell it with the service's own name): the stored account, as the popup showed it (`revision`),
 * sends its key in the address from now on, and a full check runs at once so the user sees
 * whether that was it. An account changed or removed since is left as it is (`newer`).
 */
export async function switchToAddressForm(
  inFlight: ChecksInFlight,
  { accountId, revision }: { accountId: string; revision: string },
  checkNow: (data: { accountId: string }) => Promise<CheckAnswer>,
): Promise<CheckAnswer | { newer: true }> {
  // Held and carried out as a page's change of that account; its check is made below.
  const change = changeSession(inFlight, accountId, () => {});
  const answer = await change.carryOut({ kind: 'key-in-address', accountId, revision });
  change.close();
  if ('newer' in answer) return { newer: true };
  if (!('saved' in answer)) throw new Error('refused' in answer ? answer.refused : answer.failed);
  return checkNow({ accountId });
}
