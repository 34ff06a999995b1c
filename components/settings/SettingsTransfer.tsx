import { useRef, useState } from 'preact/hooks';
import { newAccountId, type Account } from '@/lib/store/accounts';
import { t } from '@/lib/i18n/translate';
import type { Settings } from '@/lib/store/settings';
import {
  parseSettingsFile,
  settingsFile,
  type ParsedFile,
  type SettingsFile,
} from '@/lib/input/settings-file';
import { importBasis, planImport, type ImportPlan } from '@/lib/store/changes';
import { beginChange } from '@/lib/extension/change-port';
import { loadAccounts, loadSettings } from '@/lib/store/reads';
import type { NotMade } from '../helpers/send-change';
import { importFile } from './saves';
import { ChangeFailure } from './SaveOutcome';
import { download } from './download';
import { damagedName } from '../common/DamagedEntry';
import { Accounts, ImportError } from './ImportParts';

interface Props {
  accounts: Account[];
  settings: Settings;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'error'; parsed: Exclude<ParsedFile, { ok: true }> }
  /** What the import would do, over what the page showed (`previewed`: its importBasis); `outdated`: an import refused as what is stored changed since the last preview. */
  | { kind: 'preview'; file: SettingsFile; plan: ImportPlan; previewed: string; outdated?: true }
  | { kind: 'not-imported'; outcome: NotMade }
  | { kind: 'done'; added: number; updated: number };

/** Export settings to a file (secrets only when ticked), and import one after a preview of what it changes. */
export function SettingsTransfer({ accounts, settings }: Props) {
  const [withSecrets, setWithSecrets] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  /** The damaged entries the last export left out, by name. */
  const [leftOut, setLeftOut] = useState<string[]>([]);
  // An import on its way: Import is disabled, and a click before the page is drawn again sends nothing.
  const [importing, setImporting] = useState(false);
  const importingRef = useRef(false);

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
            previewed: importBasis(parsed.file, accounts, settings),
          }
        : { kind: 'error', parsed },
    );
  }

  /**
   * Imports what the preview showed: the background plans it again over what is stored and
   * refuses it, with a fresh plan, when that changed since the preview (shown, nothing imported).
   */
  async function apply({ file, plan, previewed }: Extract<Status, { kind: 'preview' }>) {
    if (importingRef.current) return;
    importingRef.current = true;
    setImporting(true);
    try {
      const outcome = await importFile(beginChange(), file, previewed, plan);
      if (outcome.kind === 'saved') return setStatus({ kind: 'done', ...outcome.saved });
      if (outcome.kind !== 'newer') return setStatus({ kind: 'not-imported', outcome });
      // The next Import names what is stored now, which the fresh plan was made from.
      const [{ accounts: stored }, storedSettings] = await Promise.all([
        loadAccounts(),
        loadSettings(),
      ]);
      setStatus({
        kind: 'preview',
        file,
        plan: outcome.stored,
        previewed: importBasis(file, stored, storedSettings),
        outdated: true,
      });
    } finally {
      importingRef.current = false;
      setImporting(false);
    }
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
      {importing && <p role="status">{t('saving')}</p>}
      {status.kind === 'done' && (
        <p role="status">{t('importDone', [status.added, status.updated])}</p>
      )}
      {status.kind === 'preview' && (
        <div class="preview" role="region" aria-labelledby="preview-heading">
          <h3 id="preview-heading">{t('importPreviewHeading')}</h3>
          {status.outdated && (
            <p class="warning" role="alert">
              {t('importOutdated')}
            </p>
          )}
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
            <button
              type="button"
              class="primary"
              onClick={() => void apply(status)}
              disabled={importing}
              aria-busy={importing}
            >
              {t('importApply')}
            </button>
            <button type="button" onClick={() => setStatus({ kind: 'idle' })} disabled={importing}>
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
