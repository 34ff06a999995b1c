import { missingCredentials } from '../store/accounts';
import { ok, type Failure } from '../service/failures';
import type { ServiceCredentials } from '../service/client';
import { nodeOrigin } from '../service/addresses';
import type { BackgroundDeps } from './run';

/** Why nothing may be sent for this account (to this node), if anything: missing credentials, a bad node, no host access. */
export async function blocker(
  canReach: BackgroundDeps['canReach'],
  account: ServiceCredentials,
  node?: string,
): Promise<Failure | undefined> {
  const missing = missingCredentials(account);
  if (missing.length > 0) return { kind: 'not-configured', missing };
  const target = node === undefined ? ok(account.baseUrl) : nodeOrigin(account.baseUrl, node);
  if (!target.ok) return target.failure;
  if (!(await canReach(target.value))) return { kind: 'permission-missing', origin: target.value };
  return undefined;
}
