import { useState } from 'preact/hooks';
import type { Account } from '@/lib/store/accounts';
import { t } from '@/lib/i18n/translate';
import type { Settings } from '@/lib/store/settings';
import { parseExportFile, exportFile } from '@/lib/input/export-file';
import { loadAccounts } from '@/lib/store/reads';
import { previewOf, useImport, type ImportStatus } from './use-import';
import { ChangeFailure } from './SaveOutcome';
import { download } from '@/lib/pages/download';
import { damagedName } from '../common/DamagedEntry';
import { ImportError } from './ImportError';
import { ImportPreview } from './ImportPreview';

interface Props {
  accounts: Account[];
  settings: Settings;
}

/** Export settings to a file (secrets only when ticked), and import one after a preview of what it changes. */
export function ExportImport({ accounts, settings }: Props) {
  const [withSecrets, setWithSecrets] = useState(false);
  const [status, setStatus] = useState<ImportStatus>({ kind: 'idle' });
  /** The damaged entries the last export left out, by name. */
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const { importing, apply } = useImport(setStatus);

  function exportNow() {
    const file = exportFile(accounts, settings, withSecrets, Date.now());
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
    const parsed = parseExportFile(await chosen.text(), settings);
    setStatus(parsed.ok ? previewOf(parsed.file, accounts, settings) : { kind: 'error', parsed });
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
        <ImportPreview
          plan={status.plan}
          bringsSettings={status.file.settings !== undefined}
          outdated={status.outdated === true}
          importing={importing}
          onImport={() => void apply(status)}
          onCancel={() => setStatus({ kind: 'idle' })}
        />
      )}
    </>
  );
}
