import { useState } from 'preact/hooks';
import { accountName, missingCredentials, newAccountId, type Account } from '@/lib/store/accounts';
import { t, type MessageKey } from '@/lib/i18n/translate';
import type { Settings } from '@/lib/store/settings';
import {
  parseSettingsFile,
  planImport,
  settingsFile,
  type ImportPlan,
  type ParsedFile,
  type SettingsFile,
} from '@/lib/input/settings-file';
import { loadAccounts, loadSettings } from '@/lib/store/reads';
import { storageProblems } from '@/lib/store/storage-problems';
import type { ChangeOutcome } from '../helpers/send-change';
import { importSettings } from './saves';
import { ChangeFailure } from './SaveOutcome';
import { download } from './download';
import { damagedName } from '../common/DamagedEntry';
import { hostOf } from '../helpers/safe-names';

interface Props {
  accounts: Account[];
  settings: Settings;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'error'; parsed: Exclude<ParsedFile, { ok: true }> }
  | { kind: 'preview'; file: SettingsFile; plan: ImportPlan }
  | { kind: 'not-imported'; outcome: Exclude<ChangeOutcome, { kind: 'saved' | 'newer' }> }
  | { kind: 'done'; added: number; updated: number };

/** Export settings to a file (secrets only when ticked), and import one after a preview of what it changes. */
export function SettingsTransfer({ accounts, settings }: Props) {
  const [withSecrets, setWithSecrets] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  /** The damaged entries the last export left out, by name. */
  const [leftOut, setLeftOut] = useState<string[]>([]);

  function exportNow() {
    const file = settingsFile(accounts, settings, withSecrets, Date.now());
    download(
      `storage-keeper-settings-${file.exported.slice(0, 10)}.json`,
      `${JSON.stringify(file, null, 2)}\n`,
      'application/json',
    );
    // Read after the download, which must start within the click.
    void loadAccounts().then(({ damaged }) => setLeftOut(damaged.map(damagedName)));
  }

  async function read(input: HTMLInputElement) {
    const chosen = input.files?.[0];
    input.value = ''; // the same file can be chosen again
    if (!chosen) return;
    const parsed = parseSettingsFile(await chosen.text(), settings);
    setStatus(
      parsed.ok
        ? {
            kind: 'preview',
            file: parsed.file,
            plan: planImport(parsed.file, accounts, settings, newAccountId),
          }
        : { kind: 'error', parsed },
    );
  }

  async function apply(file: SettingsFile) {
    // Planned again over what is stored now (another tab may have changed it); nothing is written over locked data.
    const problems = await storageProblems();
    if (problems[0])
      return setStatus({
        kind: 'not-imported',
        outcome: { kind: 'refused', reason: problems[0].reason },
      });
    const plan = planImport(
      file,
      (await loadAccounts()).accounts,
      await loadSettings(),
      newAccountId,
    );
    // Through the background, in one write: the accounts and the settings, or neither.
    const outcome = await importSettings([...plan.added, ...plan.updated], plan.settings);
    if (outcome.kind !== 'saved') return setStatus({ kind: 'not-imported', outcome });
    setStatus({ kind: 'done', added: plan.added.length, updated: plan.updated.length });
  }

  return (
    <>
      <p class="intro">{t('transferIntro')}</p>
      <div class="field">
        <label class="switch">
          <input
            type="checkbox"
            checked={withSecrets}
            onChange={(e) => setWithSecrets(e.currentTarget.checked)}
            aria-describedby="secrets-warning"
          />
          {t('includeSecrets')}
        </label>
        <p class={withSecrets ? 'warning' : 'field__hint'} id="secrets-warning">
          {t('includeSecretsWarning')}
        </p>
      </div>
      <button type="button" onClick={exportNow}>
        {t('exportSettings')}
      </button>
      {leftOut.length > 0 && (
        <p class="warning" role="status">
          {t('exportLeftOut', [leftOut.join(', ')])}
        </p>
      )}
      <div class="field">
        <label for="import-file">{t('importFile')}</label>
        <input
          id="import-file"
          type="file"
          accept=".json,application/json"
          onChange={(e) => void read(e.currentTarget)}
        />
      </div>
      {status.kind === 'error' && <ImportError parsed={status.parsed} />}
      {status.kind === 'not-imported' && <ChangeFailure outcome={status.outcome} />}
      {status.kind === 'done' && (
        <p role="status">{t('importDone', [status.added, status.updated])}</p>
      )}
      {status.kind === 'preview' && (
        <div class="preview" role="region" aria-labelledby="preview-heading">
          <h3 id="preview-heading">{t('importPreviewHeading')}</h3>
          <Accounts heading="importAdded" accounts={status.plan.added} />
          <Accounts heading="importUpdated" accounts={status.plan.updated} />
          <Accounts heading="importLeftAlone" accounts={status.plan.leftAlone} />
          <p>
            {t(
              !status.file.settings
                ? 'importNoSettings'
                : status.plan.settings
                  ? 'importSettingsChanged'
                  : 'importSettingsSame',
            )}
          </p>
          <div class="actions">
            <button type="button" class="primary" onClick={() => void apply(status.file)}>
              {t('importApply')}
            </button>
            <button type="button" onClick={() => setStatus({ kind: 'idle' })}>
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
    </>
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

const FIELDS: Record<string, MessageKey> = {
  label: 'fieldLabel',
  baseUrl: 'fieldServer',
  userId: 'fieldUserId',
  password: 'fieldPassword',
  apiKey: 'fieldApiKey',
  keyForm: 'fieldKeyForm',
  notifications: 'fieldAccountNotifications',
  keepAliveHours: 'settingSignInEvery',
  refreshMinutes: 'settingUsageUpdateEvery',
  warningPercent: 'settingWarning',
  criticalPercent: 'settingCritical',
  notifyUsage: 'settingNotifyUsage',
  notifyKeepAlive: 'settingNotifySignIn',
  notifyForecast: 'settingNotifyForecast',
};

/** Why a file cannot be imported, and (for mistakes in it) where each one is. */
function ImportError({ parsed }: { parsed: Exclude<ParsedFile, { ok: true }> }) {
  return (
    <div class="failure" role="alert">
      {parsed.error === 'newer' ? (
        <p>{t('importNewer', [parsed.version])}</p>
      ) : parsed.error === 'invalid' ? (
        <>
          <p>{t('importInvalid')}</p>
          <ul>
            {parsed.problems.map(({ section, account, field, message }) => {
              const where = [
                section === 'settings'
                  ? t('importWhereSettings')
                  : account === undefined
                    ? t('accountsHeading')
                    : t('importWhereAccount', [account]),
                field && FIELDS[field] && t(FIELDS[field]),
              ];
              return (
                <li key={`${account}${field}${message}`}>
                  {t('importProblem', [
                    where.filter(Boolean).join(' › '),
                    t(message as MessageKey),
                  ])}
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p>
          {t(
            parsed.error === 'too-large'
              ? 'importTooLarge'
              : parsed.error === 'not-json'
                ? 'importNotJson'
                : 'importForeign',
          )}
        </p>
      )}
    </div>
  );
}
