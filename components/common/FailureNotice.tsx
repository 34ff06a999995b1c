import { useContext, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Failure } from '@/lib/service/failures';
import { describeFailure } from '@/lib/service/failure-words';
import { t } from '@/lib/i18n/translate';
import type { KeyForm, KeySource } from '@/lib/service/client';
import { AllowAccessButton } from './AllowAccessButton';
import { OpenSettings } from './open-settings';
import { answerLimitSeconds, NoAnswer, sendCommand } from '@/lib/pages/send-command';
import { failureKey, StandingFailures } from '../hooks/use-standing-failures';
import { useHeldCheck } from '../hooks/use-held-check';

/** How the account sends its API key, and the form's own fixes for a refused one (else the stored account's). */
export interface KeyFixes {
  /** A refused key in the header has a second suspect: the header's name. */
  keyForm?: KeyForm;
  /** A refused application key is Storage Keeper's, not the user's. */
  keySource?: KeySource | undefined;
  onUseOwnKey?: () => void;
  onUseAddressForm?: () => void;
}

interface Props extends KeyFixes {
  failure: Failure;
  /** The stored account it belongs to: announced if new, and fixable in place (host access, key). */
  accountId?: string;
  /** That account as shown (revisionOf): its key-form fix changes it only if it is still stored so. */
  revision?: string;
  /** Offer "Open settings" where the fix is there. */
  showFix?: boolean;
}

/** A failure as a sentence with its fix: a button where the fix is one click away. */
export function FailureNotice({
  failure,
  accountId,
  revision,
  keyForm,
  keySource,
  onUseOwnKey,
  onUseAddressForm,
  showFix = true,
}: Props) {
  const standing = useContext(StandingFailures);
  const openSettings = useContext(OpenSettings);
  const isNews = accountId !== undefined && !standing.has(failureKey(accountId, failure));
  const refusedKey = failure.kind === 'api-key-rejected';
  const appKeyRefused = refusedKey && keySource === 'app';
  const { message, remedy } = describeFailure(failure, { keySource });
  const useOwnKey =
    onUseOwnKey ??
    (accountId === undefined ? undefined : () => openSettings(`accounts/own-key/${accountId}`));
  // The stored account's switch goes through the background, which may fail or not answer in
  // time (then the switch may be saved and its check still under way): each said so. The button
  // waits for the answer, so an older click's outcome never lands on a newer one's.
  // An account changed or removed since it was shown is left as it is (`newer`): the notice
  // says so, and the page shows the account as it is now.
  const [switching, setSwitching] = useState<'pending' | 'failed' | 'no-answer' | 'newer'>();
  // The switch's check may be held back for the service's wait: then it says until when.
  const held = useHeldCheck();
  const useAddressForm =
    onUseAddressForm ??
    (accountId === undefined || revision === undefined
      ? undefined
      : () => {
          setSwitching('pending');
          sendCommand('useAddressForm', { accountId, revision }).then(
            (answer) => {
              if ('newer' in answer) return setSwitching('newer');
              held.heard(answer);
              setSwitching(undefined);
            },
            (error) => setSwitching(error instanceof NoAnswer ? 'no-answer' : 'failed'),
          );
        });
  return (
    <div class="failure" role={isNews ? 'alert' : undefined}>
      <p>{message}</p>
      {refusedKey && keyForm === 'header' && <p>{t('failureApiKeyHeaderHint')}</p>}
      {refusedKey && keyForm === 'header' && useAddressForm && (
        <button
          type="button"
          onClick={useAddressForm}
          disabled={switching === 'pending'}
          aria-busy={switching === 'pending'}
        >
          {t('useAddressForm')}
        </button>
      )}
      {switching !== undefined && switching !== 'pending' && (
        <p role="alert">
          {switching === 'failed'
            ? t('useAddressFormFailed')
            : switching === 'newer'
              ? t('useAddressFormNewer')
              : t('useAddressFormNoAnswer', [answerLimitSeconds('useAddressForm')])}
        </p>
      )}
      {held.words && <p role="status">{held.words}</p>}
      {appKeyRefused && useOwnKey && (
        <button type="button" onClick={useOwnKey}>
          {t('useOwnKey')}
        </button>
      )}
      {failure.kind === 'permission-missing' && accountId !== undefined ? (
        <AllowAccessButton origin={failure.origin} accountId={accountId} />
      ) : (
        showFix &&
        remedy === 'settings' &&
        !appKeyRefused && (
          <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
            {t('openSettings')}
          </button>
        )
      )}
    </div>
  );
}
