import { browser } from 'wxt/browser';
import type { Failure } from '@/lib/failures';
import { describeFailure } from '@/lib/failure-text';
import { t } from '@/lib/i18n';

/** A failure as a sentence with its fix; an options button where the fix is there. */
export function FailureNotice({ failure, showFix = true }: { failure: Failure; showFix?: boolean }) {
  const { message, remedy } = describeFailure(failure);
  return (
    <div class="failure" role="alert">
      <p>{message}</p>
      {showFix && remedy === 'options' && (
        <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('openOptions')}
        </button>
      )}
    </div>
  );
}
