import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n/translate';
import { answerLimitSeconds, NoAnswer, sendCommand } from '@/lib/pages/send-command';
import type { CheckAnswer } from '@/lib/extension/messages';
import { loadedExtras, loadPopupExtras } from './on-demand';

/**
 * "Check now": asks the background for a full check of every account; busy (not clickable again)
 * until done; says so when it could not ask, and when the service's wait held the check back
 * (until when: words that come with the popup's extras, loaded before they are shown).
 */
export function CheckNowButton() {
  const [busy, setBusy] = useState(false);
  // What went wrong: the background failed, or did not answer (the check may still be under way).
  const [failed, setFailed] = useState<'failed' | 'no-answer'>();
  const [answer, setAnswer] = useState<CheckAnswer>();
  const checkNow = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(undefined);
    try {
      const heard = await sendCommand('checkNow', {});
      if (heard.waitMs !== undefined) await loadPopupExtras();
      setAnswer(heard);
    } catch (error) {
      setFailed(error instanceof NoAnswer ? 'no-answer' : 'failed');
    } finally {
      setBusy(false);
    }
  };
  const extras = loadedExtras();
  return (
    <>
      <button type="button" onClick={() => void checkNow()} disabled={busy} aria-busy={busy}>
        {busy ? t('checkingNow') : t('checkNow')}
      </button>
      {failed && (
        <p class="failure" role="alert">
          {failed === 'failed'
            ? t('checkFailed')
            : t('checkNoAnswer', [answerLimitSeconds('checkNow')])}
        </p>
      )}
      {answer && extras && <extras.HeldCheck answer={answer} />}
    </>
  );
}
