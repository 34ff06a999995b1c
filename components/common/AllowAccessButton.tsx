import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n/translate';
import { answerLimitSeconds, NoAnswer, sendCommand } from '@/lib/pages/send-command';
import { requestHostPermissions } from '@/lib/extension/permissions';
import { hostOf } from '@/lib/pages/safe-names';
import { useHeldCheck } from '../hooks/use-held-check';

type Status = 'idle' | 'asking' | 'refused' | 'checking' | 'check-failed' | 'no-answer';

/**
 * Asks for access to exactly the host an account's check was blocked on (the click is the user
 * gesture the browser requires), then checks that account again (or says when it can, if the
 * service's wait held the check back).
 */
export function AllowAccessButton({ origin, accountId }: { origin: string; accountId: string }) {
  const [status, setStatus] = useState<Status>('idle');
  const held = useHeldCheck();
  const host = hostOf(origin);
  async function allow() {
    const granted = await requestHostPermissions([origin], () => setStatus('asking'));
    if (!granted) return setStatus('refused');
    // The button waits for the check, so an older click's outcome never lands on a newer one's.
    setStatus('checking');
    await sendCommand('checkNow', { accountId }).then(
      (answer) => {
        held.heard(answer);
        setStatus('idle');
      },
      (error) => setStatus(error instanceof NoAnswer ? 'no-answer' : 'check-failed'),
    );
  }
  const waiting = status === 'asking' || status === 'checking';
  return (
    <>
      <button
        type="button"
        class="primary"
        onClick={() => void allow()}
        disabled={waiting}
        aria-busy={waiting}
      >
        {t('allowAccess', [host])}
      </button>
      <p role="status">
        {status === 'asking' && t('waitingForPermission', [host])}
        {status === 'refused' && t('allowRefused', [host])}
        {status === 'check-failed' && t('allowedCheckFailed', [host])}
        {status === 'no-answer' &&
          t('allowedCheckNoAnswer', [host, answerLimitSeconds('checkNow')])}
        {status === 'idle' && held.words}
      </p>
    </>
  );
}
