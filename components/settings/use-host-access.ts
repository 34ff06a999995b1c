import { useState } from 'preact/hooks';
import { credentialsKey } from '@/lib/store/accounts';
import type { ConnectionReport } from '@/lib/extension/messages';
import { requestHostPermissions } from '@/lib/extension/permissions';
import type { AccountDraft } from '@/lib/input/form-schemas';
import { NoAnswer, sendCommand } from '@/lib/pages/send-command';
import { checkedDraft } from './use-account-draft';

export type AccessStatus =
  | { kind: 'idle' }
  /** The browser's permission prompt is open. */
  | { kind: 'asking'; origins: string[] }
  // A refusal keeps the test's report: saving again must still ask for the node it named.
  | { kind: 'refused'; origins: string[]; report?: ConnectionReport; tested?: string }
  | { kind: 'testing' }
  /** The background could not carry out the test. */
  | { kind: 'test-failed' }
  /** The background did not answer within the test's limit (a lost answer, or a worker that never started). */
  | { kind: 'no-answer' }
  /** Stopped by a change of the account (its Save clicked, in this tab or another). */
  | { kind: 'test-stopped' }
  /** `tested`: the credentials key of the values tested (see credentialsKey). */
  | { kind: 'tested'; report: ConnectionReport; draft: AccountDraft; tested: string };

/** The fields a connection test depends on: editing one makes its result stale. */
const TESTED_FIELDS: ReadonlySet<string> = new Set([
  'baseUrl',
  'userId',
  'password',
  'apiKey',
  'keyForm',
  'keySource',
]);

/**
 * An account form's host access and Test connection: `permitted` asks the browser for the hosts
 * valid values need (its first await: still inside the click), a test's node only when it tested
 * exactly these values; `test` runs the background's test of them. `latestRef`: the values on
 * screen now, for a test whose answer arrives after an edit.
 */
export function useHostAccess(accountId: string, latestRef: { current: AccountDraft }) {
  const [status, setStatus] = useState<AccessStatus>({ kind: 'idle' });

  /** Fields edited: a test result about other values is no result, and so is the node it named. */
  function edited(keys: string[]) {
    const stale = keys.some((key) => TESTED_FIELDS.has(key));
    if (stale && status.kind !== 'testing' && status.kind !== 'asking') setStatus({ kind: 'idle' });
  }

  async function permitted(valid: AccountDraft, withNode: boolean): Promise<boolean> {
    const tested = status.kind === 'tested' || status.kind === 'refused' ? status : undefined;
    const key = credentialsKey(valid);
    const report = tested?.tested === key ? tested.report : undefined;
    const node = withNode ? report?.nodeOrigin : undefined;
    const origins = [valid.baseUrl, ...(node ? [node] : [])];
    const granted = await requestHostPermissions(origins, () =>
      setStatus({ kind: 'asking', origins }),
    );
    setStatus(
      granted
        ? { kind: 'idle' }
        : { kind: 'refused', origins, ...(report && { report, tested: key }) },
    );
    return granted;
  }

  async function test(valid: AccountDraft) {
    if (!(await permitted(valid, false))) return;
    setStatus({ kind: 'testing' });
    const tested = credentialsKey(valid);
    try {
      const report = await sendCommand('testConnection', { draft: valid, accountId });
      if ('stopped' in report) return setStatus({ kind: 'test-stopped' });
      // A result applies only to the values it tested: edited meanwhile, it is no result.
      const now = checkedDraft(latestRef.current);
      setStatus(
        now.success && credentialsKey(now.data) === tested
          ? { kind: 'tested', report, draft: valid, tested }
          : { kind: 'idle' },
      );
    } catch (error) {
      setStatus({ kind: error instanceof NoAnswer ? 'no-answer' : 'test-failed' });
    }
  }

  return { status, edited, permitted, test };
}
