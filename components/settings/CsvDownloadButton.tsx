import type { Account } from '@/lib/store/accounts';
import { download, fileSafe } from '@/lib/pages/download';
import { hostOf } from '@/lib/pages/safe-names';

interface Props {
  /** What the file holds: its name says so, beside the account's user and server. */
  what: 'history' | 'activity';
  account: Pick<Account, 'userId' | 'baseUrl'>;
  label: string;
  /** The file's text, made only when the user asks for it. */
  csv: () => string;
}

/** Downloads one account's records as a CSV file named after them and the account. */
export function CsvDownloadButton({ what, account, label, csv }: Props) {
  const filename = `storage-keeper-${what}-${fileSafe(`${account.userId}@${hostOf(account.baseUrl)}`)}.csv`;
  return (
    <button type="button" onClick={() => download(filename, csv(), 'text/csv')}>
      {label}
    </button>
  );
}
