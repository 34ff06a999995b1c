import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { sendCommand } from './send-command';

/** "Check now": asks the background for a full check; busy (not clickable again) until done; says so when it could not ask. */
export function CheckNowButton({ accountId }: { accountId?: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const checkNow = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      await sendCommand('checkNow', accountId === undefined ? {} : { accountId });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void checkNow()} disabled={busy} aria-busy={busy}>
        {busy ? t('checkingNow') : t('checkNow')}
      </button>
      {failed && <p class="failure" role="alert">{t('checkFailed')}</p>}
    </>
  );
}
