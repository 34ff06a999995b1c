import type { GetDataType, GetReturnType } from '@webext-core/messaging';
import type { ProtocolMap } from '@/lib/messages';

/**
 * Sends a command to the background (lib/messages.ts); rejects when the background fails to carry
 * it out. Commands come from clicks: the messaging library is loaded at the first one, so the
 * pages open without it (README, Performance).
 */
export async function sendCommand<K extends keyof ProtocolMap>(
  type: K,
  data: GetDataType<ProtocolMap[K]>,
): Promise<GetReturnType<ProtocolMap[K]>> {
  const { sendMessage } = await import('@/lib/messages');
  return sendMessage(type, data);
}
