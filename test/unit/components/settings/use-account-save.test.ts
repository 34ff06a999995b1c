// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useAccountSave } from '@/components/settings/use-account-save';
import { draftOf } from '@/components/settings/use-account-draft';
import type { AccountDraft } from '@/lib/input/form-schemas';
import type { Account } from '@/lib/store/accounts';
import { loadAccounts } from '@/lib/store/reads';
import { revisionOf } from '@/lib/store/revision';
import { account } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { gatedChanges } from '../../helpers/gated-changes';
import { storeAccounts } from '../../helpers/harness';
import { toldBackground } from '../../helpers/told-background';

// An account form's saves as the hook makes them (AccountForm.test.tsx drives them through the
// form): one at a time, each over what the one before stored, its refusal handed back, nothing
// sent when nothing changed or the form is invalid.

let stopBackground = () => {};
beforeEach(async () => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  await storeAccounts([account()]);
});
afterEach(() => {
  cleanup();
  stopBackground();
});

/**
 * The hook on the form of the stored account(); each click saves what `prepare` hands it (none:
 * an invalid form). `saved`, what each settled save stored.
 */
function renderSave(prepare: () => AccountDraft | undefined) {
  const saved: Account[] = [];
  const hook = renderHook(() =>
    useAccountSave({
      accountId: 'home',
      stored: account(),
      prepare: () => Promise.resolve(prepare()),
      onSaved: (account) => saved.push(account),
    }),
  );
  // Not awaited: a second click lands while the first save is on its way.
  const click = () => void act(() => hook.result.current.save(new Event('submit')));
  return { hook, saved, click };
}

/** The form's values: the stored account but `changed`. */
const typed = (changed: Partial<Account>) => draftOf(account(changed));

/** The account's change as the hook sends it: `fields` over the stored account `over`. */
const edit = (fields: Partial<Account>, over: Account) => ({
  kind: 'edit-account',
  accountId: 'home',
  fields,
  revision: revisionOf(over),
});

it('a second save clicked while the first is on its way waits for its answer, then goes out over what it stored', async () => {
  const background = gatedChanges();
  stopBackground = background.stop;
  let values = typed({ label: 'House' });
  const { hook, saved, click } = renderSave(() => values);
  click();
  values = typed({ label: 'House', userId: 'sato' });
  click();
  await waitFor(() => expect(background.held()).toBe(1));
  expect(hook.result.current.saving).toBe(true);
  expect(background.sent).toHaveLength(1);

  background.open();
  await waitFor(() => expect(hook.result.current.saving).toBe(false));
  expect(background.sent).toEqual([
    edit({ label: 'House' }, account()),
    edit({ userId: 'sato' }, account({ label: 'House' })),
  ]);
  // Only the last save, with nothing waiting behind it, hands the form what is stored.
  expect(saved).toEqual([account({ label: 'House', userId: 'sato' })]);
  expect((await loadAccounts()).accounts).toEqual(saved);
});

it('a refused save is handed back as such, and a save clicked behind it sends nothing', async () => {
  const newer = account({ label: 'Changed elsewhere' });
  const background = toldBackground({ newer });
  stopBackground = background.stop;
  const { hook, saved, click } = renderSave(() => typed({ label: 'House' }));
  click();
  click();
  await waitFor(() => expect(hook.result.current.saving).toBe(false));
  expect(hook.result.current.unsaved).toEqual({ kind: 'newer', stored: newer });
  expect(background.heard).toHaveLength(1);
  expect(saved).toEqual([]);
});

it('a save that changes nothing over the stored account sends nothing and hands the form what is stored', async () => {
  const background = toldBackground();
  stopBackground = background.stop;
  const { hook, saved, click } = renderSave(() => typed({}));
  click();
  await waitFor(() => expect(hook.result.current.saving).toBe(false));
  expect(background.heard).toEqual([]);
  expect(saved).toEqual([account()]);
});

it('an invalid form sends nothing, and does not stop a valid save clicked after it', async () => {
  const background = toldBackground({ saved: account({ label: 'House' }) });
  stopBackground = background.stop;
  let values: AccountDraft | undefined = undefined;
  const { hook, saved, click } = renderSave(() => values);
  click();
  values = typed({ label: 'House' });
  click();
  await waitFor(() => expect(hook.result.current.saving).toBe(false));
  expect(background.heard).toEqual([edit({ label: 'House' }, account())]);
  expect(saved).toEqual([account({ label: 'House' })]);
});

it('with no answer, reads storage: saved when it holds the fields changed', async () => {
  type Port = Parameters<Parameters<typeof fakeBrowser.runtime.onConnect.addListener>[0]>[0];
  // A background that stores the change, then stops before it answers.
  const stops = (port: Port) =>
    port.onMessage.addListener(
      () => void storeAccounts([account({ label: 'House' })]).then(() => port.disconnect()),
    );
  fakeBrowser.runtime.onConnect.addListener(stops);
  stopBackground = () => fakeBrowser.runtime.onConnect.removeListener(stops);
  const { hook, saved, click } = renderSave(() => typed({ label: 'House' }));
  click();
  await waitFor(() => expect(saved).toEqual([account({ label: 'House' })]));
  expect(hook.result.current.unsaved).toBeUndefined();
});
