import { setKeyForm } from '../store/writes';
import type { CheckAnswer } from '../outlook/command-replies';

/**
 * The one-click fix offered when a key is refused in the header (the real servers' public clients
 * spell it with the service's own name): the stored account sends its key in the address from
 * now on, and a full check runs at once so the user sees whether that was it.
 */
export async function switchToAddressForm(
  { accountId }: { accountId: string },
  checkNow: (data: { accountId: string }) => Promise<CheckAnswer>,
): Promise<CheckAnswer> {
  await setKeyForm(accountId, 'matrix');
  return checkNow({ accountId });
}
