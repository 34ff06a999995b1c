import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messages';

/** Asks the background to refresh now; busy (and not clickable again) until it is done. */
export function RefreshButton({ accountId }: { accountId?: string }) {
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await sendMessage('checkNow', accountId === undefined ? {} : { accountId });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" onClick={() => void refresh()} disabled={busy} aria-busy={busy}>
      {busy ? t('refreshing') : t('refresh')}
    </button>
  );
}
