import { useRef, useState } from 'preact/hooks';
import { beginChange } from '@/lib/extension/change-port';
import type { ParsedFile, ExportFile } from '@/lib/input/export-file';
import { newAccountId, type Account } from '@/lib/store/accounts';
import { importBasis, planImport, type ImportPlan } from '@/lib/store/import-plan';
import type { Settings } from '@/lib/store/settings';
import type { NotMade } from '@/lib/pages/send-change';
import { sendChange } from '@/lib/pages/send-change';
import { imported } from '@/lib/pages/change-made';

/** Where an import is: a file's mistakes, its preview, why it was not made, or what it did. */
export type ImportStatus =
  | { kind: 'idle' }
  | { kind: 'error'; parsed: Exclude<ParsedFile, { ok: true }> }
  /**
   * What the import would do over what the page showed (`previewed`: its importBasis);
   * `outdated`: an import was refused as what is stored changed after the preview before.
   */
  | { kind: 'preview'; file: ExportFile; plan: ImportPlan; previewed: string; outdated?: true }
  | { kind: 'not-imported'; outcome: NotMade }
  | { kind: 'done'; added: number; updated: number };

type Preview = Extract<ImportStatus, { kind: 'preview' }>;

/** The preview of importing `file` over these stored accounts and settings. */
export const previewOf = (
  file: ExportFile,
  accounts: readonly Account[],
  settings: Settings,
): Preview => ({
  kind: 'preview',
  file,
  plan: planImport(file, accounts, settings, newAccountId),
  previewed: importBasis(file, accounts, settings),
});

/**
 * Imports what a preview showed, once: while it is on its way (`importing`) Import is disabled,
 * and a click before the page is drawn again sends nothing. The background plans it again over
 * what is stored and refuses it, with a fresh plan, when that changed since the preview: the
 * fresh plan is shown, and nothing was imported.
 */
export function useImport(setStatus: (status: ImportStatus) => void) {
  const [importing, setImporting] = useState(false);
  const importingRef = useRef(false);
  async function apply({ file, plan, previewed }: Preview) {
    if (importingRef.current) return;
    importingRef.current = true;
    setImporting(true);
    try {
      const outcome = await sendChange(
        beginChange(),
        { kind: 'import', file, previewed },
        imported(plan),
      );
      if (outcome.kind === 'saved') return setStatus({ kind: 'done', ...outcome.saved });
      if (outcome.kind !== 'newer') return setStatus({ kind: 'not-imported', outcome });
      // The next Import names what the fresh plan was made from.
      setStatus({ kind: 'preview', file, ...outcome.stored, outdated: true });
    } finally {
      importingRef.current = false;
      setImporting(false);
    }
  }
  return { importing, apply };
}
