import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServiceApi, type ServiceCredentials } from '@/lib/service/client';
import { credentialsKey, isStoredAccount, missingCredentials } from '@/lib/store/accounts';
import { parseExportFile, exportFile } from '@/lib/input/export-file';
import { planImport } from '@/lib/store/import-plan';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { account } from '../../helpers/fixtures';
import { demoAccount } from '../../../../testbed/simulator/simulator';
import { backgroundSuite } from '../../helpers/harness';

// The build's application key comes from WXT_APP_API_KEY at build time; in these tests it is
// the simulated account's key, stubbed in the environment the way the build would set it.
const NOW = Date.UTC(2026, 10, 21);
const { sim, stored } = backgroundSuite({ users: [demoAccount({}, NOW)], clockStartsAt: NOW });
const creds = () => stored('demo-user');
const buildWith = (key: string) => vi.stubEnv('WXT_APP_API_KEY', key);
afterEach(() => vi.unstubAllEnvs());

/** The key the simulator saw on the last request, and how it came. */
async function sentKey(credentials: ServiceCredentials) {
  const result = await createServiceApi().getUser(credentials);
  const { apiKey, keyVia, status } = sim().requests.at(-1)!;
  return { ok: result.ok, apiKey, keyVia, status };
}

describe('which API key a request carries', () => {
  it('the build key, for an account that uses it (no key of its own stored), in either form', async () => {
    buildWith(creds().apiKey);
    const usesApp = { ...creds(), apiKey: '', keySource: 'app' as const };
    expect(await sentKey(usesApp)).toEqual({
      ok: true,
      apiKey: creds().apiKey,
      keyVia: 'header',
      status: 200,
    });
    expect(await sentKey({ ...usesApp, keyForm: 'matrix' })).toEqual({
      ok: true,
      apiKey: creds().apiKey,
      keyVia: 'matrix',
      status: 200,
    });
  });

  it("the account's own key when it has chosen one, even in a build with a key", async () => {
    buildWith('the-build-key');
    expect(await sentKey({ ...creds(), keySource: 'own' })).toMatchObject({
      ok: true,
      apiKey: creds().apiKey,
    });
    // Stored before keys could come from the build: no keySource, its own key.
    expect(await sentKey({ ...creds(), keySource: undefined })).toMatchObject({
      ok: true,
      apiKey: creds().apiKey,
    });
  });

  it('none from a build without a key: the account lacks one and sends nothing', async () => {
    buildWith('');
    const usesApp = { ...account({ apiKey: '' }), keySource: 'app' as const };
    expect(missingCredentials(usesApp)).toEqual(['apiKey']);
    buildWith('the-build-key');
    expect(missingCredentials(usesApp)).toEqual([]);
    expect(missingCredentials({ ...usesApp, keySource: 'own' })).toEqual(['apiKey']);
  });

  it('none to a custom server: the publisher key goes only to the servers it was issued for', async () => {
    buildWith('the-build-key');
    const custom = {
      ...account({ apiKey: '', baseUrl: 'https://storage.example.com' }),
      keySource: 'app' as const,
    };
    expect(missingCredentials(custom)).toEqual(['apiKey']);
    const sent = await createServiceApi().getUser(custom);
    expect(sent).toEqual({ ok: false, failure: { kind: 'not-configured', missing: ['apiKey'] } });
  });

  it('a refused build key is a refused key (403), as with any other', async () => {
    buildWith('a-key-the-service-does-not-know');
    expect(await sentKey({ ...creds(), apiKey: '', keySource: 'app' })).toMatchObject({
      ok: false,
      status: 403,
    });
  });
});

describe('the build key is never stored or exported', () => {
  const usesApp = account({ apiKey: '', keySource: 'app' });

  it('a stored account names it only by its source; one stored before keeps its own', () => {
    expect(isStoredAccount(usesApp)).toBe(true);
    expect(isStoredAccount(account())).toBe(true);
    expect(isStoredAccount({ ...usesApp, keySource: 'theirs' })).toBe(false);
    expect(credentialsKey(usesApp)).not.toBe(credentialsKey({ ...usesApp, keySource: 'own' }));
  });

  it('the export file, with or without secrets, holds no key for an account that uses the build key', () => {
    buildWith('the-build-key-123');
    for (const withSecrets of [false, true]) {
      const text = JSON.stringify(
        exportFile(
          [usesApp, account({ id: 'own', userId: 'own' })],
          DEFAULT_SETTINGS,
          withSecrets,
          0,
        ),
      );
      expect(text).not.toContain('the-build-key-123');
      const [app, own] = JSON.parse(text).accounts;
      expect(app).not.toHaveProperty('apiKey');
      expect(app.keySource).toBe('app');
      expect(own.apiKey === 'key-1').toBe(withSecrets);
    }
  });

  it('imports the source back: the account uses the build key again; a file from before keeps an own key', () => {
    const text = JSON.stringify(exportFile([usesApp], DEFAULT_SETTINGS, true, 0));
    const parsed = parseExportFile(text, DEFAULT_SETTINGS);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(planImport(parsed.file, [], DEFAULT_SETTINGS, () => 'new').added).toEqual([
      { ...usesApp, id: 'new' },
    ]);
    const old = parseExportFile(
      JSON.stringify({
        format: 'storage-keeper-settings',
        version: 1,
        accounts: [{ baseUrl: usesApp.baseUrl, userId: 'old', apiKey: 'k' }],
      }),
      DEFAULT_SETTINGS,
    );
    if (!old.ok) throw new Error(old.error);
    expect(planImport(old.file, [], DEFAULT_SETTINGS, () => 'new').added[0]).not.toHaveProperty(
      'keySource',
    );
  });
});
