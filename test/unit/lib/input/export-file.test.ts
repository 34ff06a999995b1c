import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { parseExportFile, exportFile, type ParsedFile } from '@/lib/input/export-file';
import { planImport } from '@/lib/store/import-plan';
import { account, workAccount } from '../../helpers/fixtures';

// The export file: what an export holds, and what an import accepts (and what it says about a
// file it refuses). What an import would add, update and leave alone: test/unit/lib/store/changes.test.ts.
// The format name and version are written out, not imported: files people already exported
// must stay readable, so changing them has to fail here.

const NOW = Date.UTC(2026, 10, 21, 12);
const home = account();
const work = workAccount();
const fileText = (value: unknown) => JSON.stringify(value);
const valid = (accounts: unknown[], settings?: unknown) =>
  fileText({
    format: 'storage-keeper-settings',
    version: 1,
    accounts,
    ...(settings !== undefined && { settings }),
  });

describe('export', () => {
  it('leaves passwords, API keys and ids out unless asked', () => {
    const file = exportFile([home, work], DEFAULT_SETTINGS, false, NOW);
    expect(file).toEqual({
      format: 'storage-keeper-settings',
      version: 1,
      exported: '2026-11-21T12:00:00.000Z',
      secrets: false,
      // The file's settings go by their stored names, as every release exported them.
      settings: {
        keepAliveHours: 24,
        refreshMinutes: 30,
        warningPercent: 90,
        criticalPercent: 95,
        notifyUsage: true,
        notifyKeepAlive: true,
        notifyForecast: true,
      },
      accounts: [
        {
          label: 'Home',
          baseUrl: 'https://api.teracloud.jp',
          userId: 'yamada',
          keyForm: 'header',
          notifications: true,
        },
        {
          label: 'Work',
          baseUrl: 'https://api.teracloud.jp',
          userId: 'work',
          keyForm: 'matrix',
          notifications: true,
        },
      ],
    });
    expect(JSON.stringify(file)).not.toMatch(/app-pw|key-1|work-pw|work-key/);
  });

  it('includes them when the user ticked it, and reads back as the same accounts', () => {
    const file = exportFile([home], DEFAULT_SETTINGS, true, NOW);
    expect(file.secrets).toBe(true);
    expect(file.accounts).toEqual([
      {
        label: 'Home',
        baseUrl: home.baseUrl,
        userId: 'yamada',
        keyForm: 'header',
        notifications: true,
        password: 'app-pw',
        apiKey: 'key-1',
      },
    ]);
    const parsed = parseExportFile(JSON.stringify(file), DEFAULT_SETTINGS);
    expect(parsed.ok && planImport(parsed.file, [], DEFAULT_SETTINGS, () => 'home').added).toEqual([
      home,
    ]);
  });
});

describe('a file that cannot be imported', () => {
  it.each<[string, string, ParsedFile]>([
    [
      'not JSON',
      '{"format": "storage-keeper-settings", "version": 1, "accounts": [',
      { ok: false, error: 'not-json' },
    ],
    ['another program’s JSON', fileText({ accounts: [] }), { ok: false, error: 'foreign' }],
    ['a list', '[1, 2]', { ok: false, error: 'foreign' }],
    [
      'a version that is no number',
      fileText({ format: 'storage-keeper-settings', version: '1', accounts: [] }),
      { ok: false, error: 'foreign' },
    ],
    [
      'a newer version',
      fileText({ format: 'storage-keeper-settings', version: 3, accounts: [] }),
      { ok: false, error: 'newer', version: 3 },
    ],
    [
      'too large',
      `${valid([]).slice(0, -1)}, "padding": "${'x'.repeat(1024 * 1024)}"}`,
      { ok: false, error: 'too-large' },
    ],
    [
      'no account list',
      fileText({ format: 'storage-keeper-settings', version: 1, accounts: 'none' }),
      { ok: false, error: 'invalid', problems: [{ section: 'accounts', message: 'errorInvalid' }] },
    ],
    [
      'accounts with mistakes, each said where',
      valid([
        { baseUrl: 'https://api.teracloud.jp', userId: 'fine' },
        { baseUrl: 'http://example.com', userId: '' },
        {
          baseUrl: 'https://api.teracloud.jp',
          userId: 'x',
          apiKey: 'line\nbreak',
          keyForm: 'header',
          notifications: 'yes',
        },
      ]),
      {
        ok: false,
        error: 'invalid',
        problems: [
          { section: 'accounts', account: 2, field: 'baseUrl', message: 'errorServerUrl' },
          { section: 'accounts', account: 2, field: 'userId', message: 'errorRequired' },
          { section: 'accounts', account: 3, field: 'notifications', message: 'errorInvalid' },
        ],
      },
    ],
    [
      'a key a header cannot carry, in the header form',
      valid([{ baseUrl: 'https://api.teracloud.jp', userId: 'x', apiKey: 'line\nbreak' }]),
      {
        ok: false,
        error: 'invalid',
        problems: [
          { section: 'accounts', account: 1, field: 'apiKey', message: 'errorApiKeyHeader' },
        ],
      },
    ],
    [
      'the same server and user ID twice',
      valid([
        { baseUrl: 'https://api.teracloud.jp', userId: 'x' },
        { baseUrl: 'https://api.teracloud.jp', userId: 'x', label: 'Again' },
      ]),
      {
        ok: false,
        error: 'invalid',
        problems: [{ section: 'accounts', account: 2, message: 'errorDuplicateAccount' }],
      },
    ],
    [
      'settings out of range',
      valid([], { keepAliveHours: 0, refreshMinutes: 30.5 }),
      {
        ok: false,
        error: 'invalid',
        problems: [
          { section: 'settings', field: 'signInHours', message: 'errorOutOfRange' },
          { section: 'settings', field: 'usageUpdateMinutes', message: 'errorWholeNumber' },
        ],
      },
    ],
    [
      'a warning threshold above the critical one',
      valid([], { warningPercent: 97 }),
      {
        ok: false,
        error: 'invalid',
        problems: [
          { section: 'settings', field: 'criticalPercent', message: 'errorWarningBelowCritical' },
        ],
      },
    ],
  ])('%s', (_name, text, expected) => {
    expect(parseExportFile(text, DEFAULT_SETTINGS)).toEqual(expected);
  });

  it('ignores fields it does not know and takes what it needs', () => {
    const parsed = parseExportFile(
      valid([{ baseUrl: ' https://api.teracloud.jp ', userId: 'x', colour: 'teal' }], {
        theme: 'dark',
      }),
      DEFAULT_SETTINGS,
    );
    expect(parsed).toEqual({
      ok: true,
      file: { accounts: [{ baseUrl: 'https://api.teracloud.jp', userId: 'x' }], settings: {} },
    });
  });
});
