// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { checkedDraft, draftOf, useAccountDraft } from '@/components/settings/use-account-draft';
import { account } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// An account form's values as typed (the account form's own tests, AccountForm.test.tsx, drive
// them through its fields).

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const CUSTOM = 'https://dav.example.org';

it('uses a key of its own in a build without an application key, whatever was stored', () => {
  vi.stubEnv('WXT_APP_API_KEY', '');
  expect(draftOf(account({ keySource: 'app' })).keySource).toBe('own');
  vi.stubEnv('WXT_APP_API_KEY', 'the-build-key');
  expect(draftOf(account({ keySource: 'app' })).keySource).toBe('app');
  expect(draftOf(account()).keySource).toBe('own');
});

it('checks a custom server with a key of its own: it cannot take the application key', () => {
  vi.stubEnv('WXT_APP_API_KEY', 'the-build-key');
  const onPreset = checkedDraft(draftOf(account({ keySource: 'app' })));
  expect(onPreset.success && onPreset.data.keySource).toBe('app');
  const onCustom = checkedDraft(draftOf(account({ keySource: 'app', baseUrl: CUSTOM })));
  expect(onCustom.success && onCustom.data.keySource).toBe('own');
});

it("keeps the user's edits apart from an account taken in, and shows each field's error when checked", async () => {
  const { result } = renderHook(() => useAccountDraft(account(), false));
  expect(result.current.custom).toBe(false);
  await act(() => result.current.change({ userId: ' ' }));
  expect(result.current.touchedRef.current).toBe(true);
  expect(result.current.latestRef.current.userId).toBe(' ');
  await act(() => void result.current.validated());
  expect(result.current.errors).toMatchObject({ userId: 'errorRequired' });

  await act(() => result.current.take(account({ baseUrl: CUSTOM, userId: 'sato' })));
  expect(result.current.touchedRef.current).toBe(false);
  expect(result.current.draft.userId).toBe('sato');
  expect(result.current.custom).toBe(true);
  let valid: ReturnType<typeof result.current.validated>;
  await act(() => void (valid = result.current.validated()));
  expect(valid!).toMatchObject({ userId: 'sato', baseUrl: CUSTOM });
  expect(result.current.errors).toEqual({});
});
