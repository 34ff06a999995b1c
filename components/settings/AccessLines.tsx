import { t, uiLocale } from '@/lib/i18n/translate';
import type { AccountDraft } from '@/lib/input/form-schemas';
import type { AccessStatus } from './use-host-access';
import { answerLimitSeconds } from '@/lib/pages/send-command';
import { ConnectionResult } from './ConnectionResult';

interface Props {
  status: AccessStatus;
  /** A save on its way: "Saving…". */
  saving: boolean;
  set: (fields: Partial<AccountDraft>) => void;
  /** The user picked the key form (it no longer follows the server). */
  keyFormChosen: () => void;
}

/** What an account form says of its permission prompt, its Test connection and its save on its way. */
export function AccessLines({ status, saving, set, keyFormChosen }: Props) {
  const failure = (text: string) => (
    <p class="failure" role="alert">
      {text}
    </p>
  );
  return (
    <>
      <div role="status" class="form-status">
        {status.kind === 'asking' && (
          <p>{t('waitingForPermission', [status.origins.join(', ')])}</p>
        )}
        {status.kind === 'testing' && <p>{t('testing')}</p>}
        {saving && <p>{t('saving')}</p>}
        {status.kind === 'tested' && (
          <ConnectionResult
            report={status.report}
            keyForm={status.draft.keyForm}
            keySource={status.draft.keySource}
            locale={uiLocale()}
            onUseOwnKey={() => set({ keySource: 'own' })}
            onUseAddressForm={() => {
              keyFormChosen();
              set({ keyForm: 'matrix' });
            }}
          />
        )}
      </div>
      {status.kind === 'refused' && failure(t('permissionRefused', [status.origins.join(', ')]))}
      {status.kind === 'test-failed' && failure(t('testFailed'))}
      {status.kind === 'no-answer' &&
        failure(t('testNoAnswer', [answerLimitSeconds('testConnection')]))}
      {status.kind === 'test-stopped' && failure(t('testStopped'))}
    </>
  );
}
