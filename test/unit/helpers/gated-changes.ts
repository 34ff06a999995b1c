import { changeSession } from '@/lib/background/changes';
import { ChecksInFlight } from '@/lib/background/checks-in-flight';
import { onChanges } from '@/lib/extension/change-port';
import type { Change } from '@/lib/store/changes';

/**
 * The pages' changes carried out as the background carries them out (account-commands.ts), each
 * held at the gate until the test lets it through: `sent`, every change received (held or not);
 * `pass`, lets the oldest held one through; `open`, lets every one through from now on.
 */
export function gatedChanges() {
  const inFlight = new ChecksInFlight();
  const sent: Change[] = [];
  const gate: (() => void)[] = [];
  let opened = false;
  const stop = onChanges((accountId) => {
    const session = changeSession(inFlight, accountId, () => {});
    return {
      carryOut: async (change) => {
        sent.push(change);
        if (!opened) await new Promise<void>((resolve) => gate.push(resolve));
        return session.carryOut(change);
      },
      close: session.close,
    };
  });
  return {
    sent,
    /** Changes waiting at the gate. */
    held: () => gate.length,
    pass: () => gate.shift()?.(),
    open: () => {
      opened = true;
      gate.splice(0).forEach((resolve) => resolve());
    },
    stop,
  };
}
