import { accountName, missingCredentials, type Account } from '@/lib/store/accounts';
import { t, type MessageKey } from '@/lib/i18n/translate';
import type { ImportPlan } from '@/lib/store/import-plan';
import { hostOf } from '@/lib/pages/safe-names';

// The import's preview, as the Settings page shows it.

interface PreviewProps {
  plan: ImportPlan;
  /** The file brings settings. */
  bringsSettings: boolean;
  /** An import refused because what is stored changed after the last preview: this is the fresh one. */
  outdated: boolean;
  /** The import is on its way: Import and Cancel wait for its answer. */
  importing: boolean;
  onImport: () => void;
  onCancel: () => void;
}

/** What an import would do, before it is done: each group of accounts, and the settings. */
export function ImportPreview(props: PreviewProps) {
  const { plan, importing } = props;
  return (
    <div class="preview" role="region" aria-labelledby="preview-heading">
      <h3 id="preview-heading">{t('importPreviewHeading')}</h3>
      {props.outdated && (
        <p class="warning" role="alert">
          {t('importOutdated')}
        </p>
      )}
      <Accounts heading="importAdded" accounts={plan.added} />
      <Accounts heading="importUpdated" accounts={plan.updated} />
      <Accounts heading="importLeftAlone" accounts={plan.leftAlone} />
      <p>
        {t(
          !props.bringsSettings
            ? 'importNoSettings'
            : plan.settings
              ? 'importSettingsChanged'
              : 'importSettingsSame',
        )}
      </p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          onClick={props.onImport}
          disabled={importing}
          aria-busy={importing}
        >
          {t('importApply')}
        </button>
        <button type="button" onClick={props.onCancel} disabled={importing}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}

const NEEDS: Record<string, MessageKey> = {
  password: 'importNeedsPassword',
  apiKey: 'importNeedsApiKey',
  'password,apiKey': 'importNeedsSecrets',
};

/** One group of the preview: each account by name, server and user ID, and what it still needs. */
function Accounts({ heading, accounts }: { heading: MessageKey; accounts: Account[] }) {
  return (
    <>
      <h4>{t(heading)}</h4>
      {accounts.length === 0 ? (
        <p>{t('importNothing')}</p>
      ) : (
        <ul>
          {accounts.map((account) => {
            const needs = NEEDS[missingCredentials(account).join()];
            return (
              <li key={account.id}>
                <strong>{accountName(account)}</strong>{' '}
                {t('accountAt', [account.userId, hostOf(account.baseUrl)])}
                {needs && <span class="needs"> · {t(needs)}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
