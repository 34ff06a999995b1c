import { onMessages } from '@/lib/extension/messages';
import { withChanges } from './account-commands';

/** An answer that never comes: the background's answer lost. */
export const never = () => new Promise<never>(() => {});

/**
 * A background that answers the pages' commands with `handlers`, each command not named never
 * (its answer lost), and carries the pages' changes out (account-commands.ts). Returns how to stop.
 */
export function answerCommands(
  handlers: Partial<Parameters<typeof onMessages>[0]> = {},
): () => void {
  return withChanges(
    onMessages({ checkNow: never, testConnection: never, useAddressForm: never, ...handlers }),
  );
}
