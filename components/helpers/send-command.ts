import type { GetDataType, GetReturnType } from '@webext-core/messaging';
import type { ProtocolMap, SaveAnswer } from '@/lib/extension/messages';
import type { LockReason } from '@/lib/store/items';

/**
 * How long a page waits for the background's answer to each command (ms). A service call gives up
 * after 20 s (lib/service/client.ts): a test makes two, after a suspended background has started.
 * A check first waits for the run under way (runs go one at a time, each up to two calls per
 * account, accounts side by side), then makes its own, so it gets a few runs' time.
 */
export const ANSWER_LIMIT_MS = {
  testConnection: 60_000,
  checkNow: 180_000,
  useAddressForm: 180_000,
  saveAccount: 30_000,
  removeAccount: 30_000,
  importSettings: 30_000,
  removeDamagedEntry: 30_000,
  removeAllData: 30_000,
  saveSettings: 30_000,
} as const satisfies Record<keyof ProtocolMap, number>;

/** A command's limit in whole seconds, as the pages' words name it. */
export const answerLimitSeconds = (type: keyof ProtocolMap): number => ANSWER_LIMIT_MS[type] / 1000;

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
  const limit = ANSWER_LIMIT_MS[type];
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

/** What came of a change sent to the background, as the page says it. */
export type ChangeOutcome<Stored = never> =
  | { kind: 'saved' }
  /** Data the extension cannot read is not overwritten. */
  | { kind: 'refused'; reason: LockReason }
  /** Made from an older revision than the one stored: what is stored now (null: removed). */
  | { kind: 'newer'; stored: Stored | null }
  /** The background could not carry it out: its error's message. */
  | { kind: 'failed'; message: string }
  /** No answer within the limit, and storage does not hold the change. */
  | { kind: 'no-answer'; seconds: number };

/**
 * Sends a change of the stored data and says what came of it. When no answer came (a lost
 * answer, a worker that never started), storage is read (`made`): a change it holds was made.
 */
export async function sendChange<K extends keyof ProtocolMap, Stored = never>(
  type: K,
  data: GetDataType<ProtocolMap[K]>,
  made: () => Promise<boolean>,
): Promise<ChangeOutcome<Stored>> {
  let answer: SaveAnswer<Stored>;
  try {
    answer = (await sendCommand(type, data)) as SaveAnswer<Stored>;
  } catch (error) {
    if (!(error instanceof NoAnswer))
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    return (await made().catch(() => false))
      ? { kind: 'saved' }
      : { kind: 'no-answer', seconds: answerLimitSeconds(type) };
  }
  if ('refused' in answer) return { kind: 'refused', reason: answer.refused };
  if ('newer' in answer) return { kind: 'newer', stored: answer.newer };
  return { kind: 'saved' };
}
