import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountDifferences, settingsDifferences } from '@/lib/pages/differences';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { account } from '../../helpers/fixtures';
import { catalogue } from '../../../../testbed/catalogue';

const FORECAST = catalogue('en').settingNotifyForecast;

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});

describe("a refusal's words", () => {
  it('name each account field another change stored, a secret only as changed', () => {
    const base = account();
    const stored = account({
      label: 'House',
      baseUrl: 'https://api.infini-cloud.net',
      password: 'p2',
      apiKey: 'k2',
      keyForm: 'matrix',
    });
    expect(accountDifferences(stored, base)).toBe(
      [
        'Name (optional): House',
        'Server: api.infini-cloud.net',
        'Apps password changed',
        'API key changed',
        "Send the API key as: Parameter in the address (;api_key=; the service's own servers)",
      ].join(', '),
    );
  });

  it('name each setting another change stored, with its stored value', () => {
    const stored = { ...DEFAULT_SETTINGS, usageUpdateMinutes: 45, notifyForecast: false };
    expect(settingsDifferences(stored, DEFAULT_SETTINGS)).toBe(
      `Update usage every 45 minutes, ${FORECAST}: off`,
    );
  });
});
