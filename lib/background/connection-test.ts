import { fail } from '../service/failures';
import type { ConnectionReport, ServiceCredentials } from '../service/client';
import { nodeOrigin } from '../service/addresses';
import { blocker } from './blocker';
import type { BackgroundDeps } from './run';

/** *Test connection*: unsaved credentials tried, getUser, then the capacity call on its node, each stopped at `stop`. Stores nothing. */
export async function testConnection(
  { api, canReach }: BackgroundDeps,
  draft: ServiceCredentials,
  stop?: AbortSignal,
): Promise<ConnectionReport> {
  const unreachable = await blocker(canReach, draft);
  if (unreachable) return { user: fail(unreachable) };
  const user = await api.getUser(draft, stop);
  if (!user.ok) return { user };
  const origin = nodeOrigin(draft.baseUrl, user.value.node);
  const blocked = await blocker(canReach, draft, user.value.node);
  const capacity = blocked ? fail(blocked) : await api.getCapacity(draft, user.value.node, stop);
  return { user, capacity, ...(origin.ok && { nodeOrigin: origin.value }) };
}
