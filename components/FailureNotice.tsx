import { useContext } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Failure } from '@/lib/service/failures';
import { describeFailure } from '@/lib/service/failure-words';
import { t } from '@/lib/i18n';
import type { KeyForm } from '@/lib/service/client';
import { AllowAccessButton } from './AllowAccessButton';
import { failureKey, StandingFailures } from './standing-failures';

interface Props {
  failure: Failure;
  /** The stored account it belongs to: announced if new, and fixable in place (host access). */
  accountId?: string;
  /** How the account sends its API key: a refused key in the header has a second suspect. */
  keyForm?: KeyForm;
  /** Offer "Open options" where the fix is there. */
  showFix?: boolean;
}

/** A failure as a sentence with its fix: a button where the fix is one click away. */
export function FailureNotice({ failure, accountId, keyForm, showFix = true }: Props) {
  const { message, remedy } = describeFailure(failure);
  const standing = useContext(StandingFailures);
  const isNews = accountId !== undefined && !standing.has(failureKey(accountId, failure));
  return (
    <div class="failure" role={isNews ? 'alert' : undefined}>
      <p>{message}</p>
      {failure.kind === 'api-key-rejected' && keyForm === 'header' && <p>{t('failureApiKeyHeaderHint')}</p>}
      {failure.kind === 'permission-missing' && accountId !== undefined ? (
        <AllowAccessButton origin={failure.origin} accountId={accountId} />
      ) : (
        showFix && remedy === 'options' && (
          <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
            {t('openOptions')}
          </button>
        )
      )}
    </div>
  );
}
