// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { draftOf } from '@/components/settings/use-account-draft';
import { useHostAccess } from '@/components/settings/use-host-access';
import { onMessages, type ConnectionReport } from '@/lib/extension/messages';
import { account, userInfo } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// An account form's host access and Test connection (the account form's own tests,
// AccountForm.test.tsx, drive them through its buttons).

const NODE = 'https://nanao.teracloud.jp';
const REPORT: ConnectionReport = { user: { ok: true, value: userInfo() }, nodeOrigin: NODE };

let stopMessages = () => {};
let asked: string[][];
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  asked = [];
  fakeBrowser.permissions.request = ({ origins = [] }) => (
    asked.push(origins),
    Promise.resolve(true)
  );
  stopMessages = onMessages({
    testConnection: () => Promise.resolve(REPORT),
    checkNow: () => Promise.reject(new Error('not sent here')),
    useAddressForm: () => Promise.reject(new Error('not sent here')),
  });
});
afterEach(() => {
  cleanup();
  stopMessages();
});

function hostAccess() {
  const latestRef = { current: draftOf(account()) };
  return renderHook(() => useHostAccess('home', latestRef)).result;
}

it("asks for the node's host on Save only when the values saved are the ones tested", async () => {
  const access = hostAccess();
  const valid = draftOf(account());
  await act(() => access.current.test(valid));
  expect(access.current.status).toMatchObject({ kind: 'tested', report: REPORT });
  // A field no test depends on keeps the result.
  await act(() => access.current.edited(['label']));
  await act(async () => void (await access.current.permitted(valid, true)));
  expect(asked.at(-1)).toEqual(['https://api.teracloud.jp/*', `${NODE}/*`]);

  await act(() => access.current.test(valid));
  await act(() => access.current.edited(['password']));
  expect(access.current.status).toEqual({ kind: 'idle' });
  await act(async () => void (await access.current.permitted(valid, true)));
  expect(asked.at(-1)).toEqual(['https://api.teracloud.jp/*']);
});

it('says the hosts were refused, and tests nothing', async () => {
  fakeBrowser.permissions.request = () => Promise.resolve(false);
  let tested = 0;
  stopMessages();
  stopMessages = onMessages({
    testConnection: () => (tested++, Promise.resolve(REPORT)),
    checkNow: () => Promise.reject(new Error('not sent here')),
    useAddressForm: () => Promise.reject(new Error('not sent here')),
  });
  const access = hostAccess();
  await act(() => access.current.test(draftOf(account())));
  expect(access.current.status).toEqual({
    kind: 'refused',
    origins: ['https://api.teracloud.jp'],
  });
  expect(tested).toBe(0);
});
