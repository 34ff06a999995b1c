import type { GetDataType, GetReturnType } from '@webext-core/messaging';
import type { ProtocolMap } from '@/lib/extension/messages';

/**
 * How long a page waits for the background's answer to each command (ms). A service call gives up
 * after 20 s (lib/service/client.ts): a test makes two, after a suspended background has started.
 * A check first waits for the run under way (runs go one at a time, each up to two calls per
 * account, accounts side by side), then makes its own, so it gets a few runs' time. (A change of
 * the stored data has a port of its own: lib/extension/change-port.ts.)
 */
export const ANSWER_LIMIT_MS = {
  testConnection: 60_000,
  checkNow: 180_000,
  useAddressForm: 180_000,
} as const satisfies Record<keyof ProtocolMap, number>;
const limitOf = (type: keyof ProtocolMap): number => ANSWER_LIMIT_MS[type];

/** A command's limit in whole seconds, as the pages' words name it. */
export const answerLimitSeconds = (type: keyof ProtocolMap): number => limitOf(type) / 1000;

/** The background did not answer in time: the command may still be under way, or its answer was lost. */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
}

/**
 * Sends a command to the background (lib/extension/messages.ts); rejects when the background fails to carry
 * it out, and with NoAnswer when it has not answered within the command's limit. Commands come
 * from clicks: the messaging library is loaded at the first one, so the pages open without it
 * (docs/benchmarks.md); its loading counts in the wait.
 */
export async function sendCommand<K extends keyof ProtocolMap>(
  type: K,
  data: GetDataType<ProtocolMap[K]>,
): Promise<GetReturnType<ProtocolMap[K]>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = limitOf(type);
  const answer = async () => {
    const { sendMessage } = await import('@/lib/extension/messages');
    return sendMessage(type, data);
  };
  try {
    return await Promise.race([
      answer(),
      new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new NoAnswer(type)), limit)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
