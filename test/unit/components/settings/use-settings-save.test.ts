// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useSettingsSave } from '@/components/settings/use-settings-save';
import { settingsInput, type SettingsInput } from '@/lib/pages/settings-input';
import { revisionOf } from '@/lib/store/revision';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/store/settings';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { gatedChanges } from '../../helpers/gated-changes';
import { storeSettings } from '../../helpers/harness';
import { toldBackground } from '../../helpers/told-background';

// The settings form's saves as the hook makes them (SettingsForm.test.tsx drives them through
// the form): one at a time, each over what the one before stored, its refusal handed back, and
// storage read when no answer came.

let stopBackground = () => {};
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(() => {
  cleanup();
  stopBackground();
});

/** The hook on a form opened on the default settings; `stored`, what each settled save stored. */
function renderSave() {
  const stored: Settings[] = [];
  const hook = renderHook(() =>
    useSettingsSave({ stored: DEFAULT_SETTINGS, onStored: (saved) => stored.push(saved) }),
  );
  /** Save clicked with `input`: the invalid fields it returned. Not awaited: a second click lands while the first save is on its way. */
  const click = (input: SettingsInput) => {
    let errors = {};
    void act(() => void (errors = hook.result.current.save(input)));
    return errors;
  };
  return { hook, stored, click };
}

/** The form's values: the defaults but `changed`, as typed. */
const typed = (changed: Partial<Settings>) => settingsInput({ ...DEFAULT_SETTINGS, ...changed });

/** The settings' change as the hook sends it: `fields` over the stored settings `over`. */
const edit = (fields: Partial<Settings>, over: Settings) => ({
  kind: 'edit-settings',
  fields,
  revision: revisionOf(over),
});

it('a second save clicked while the first is on its way waits for its answer, then goes out over what it stored', async () => {
  const background = gatedChanges();
  stopBackground = background.stop;
  const { hook, stored, click } = renderSave();
  click(typed({ usageUpdateMinutes: 60 }));
  click(typed({ usageUpdateMinutes: 60, warningPercent: 80 }));
  await waitFor(() => expect(background.held()).toBe(1));
  expect(hook.result.current.saving).toBe(true);
  expect(background.sent).toHaveLength(1);

  background.pass();
  await waitFor(() => expect(background.held()).toBe(1));
  expect(background.sent).toEqual([
    edit({ usageUpdateMinutes: 60 }, DEFAULT_SETTINGS),
    edit({ warningPercent: 80 }, { ...DEFAULT_SETTINGS, usageUpdateMinutes: 60 }),
  ]);
  background.pass();
  await waitFor(() => expect(hook.result.current.saving).toBe(false));
  expect(hook.result.current.saved).toBe(true);
  // Only the last save, with nothing waiting behind it, takes what is stored into the form.
  expect(stored).toEqual([{ ...DEFAULT_SETTINGS, usageUpdateMinutes: 60, warningPercent: 80 }]);
});

it('a refused save is handed back as such, and a save clicked behind it sends nothing', async () => {
  const newer = { ...DEFAULT_SETTINGS, signInHours: 12 };
  const background = toldBackground({ newer });
  stopBackground = background.stop;
  const { hook, stored, click } = renderSave();
  click(typed({ usageUpdateMinutes: 60 }));
  click(typed({ warningPercent: 80 }));
  await waitFor(() => expect(hook.result.current.saving).toBe(false));
  expect(hook.result.current.unsaved).toEqual({ kind: 'newer', stored: newer });
  expect(hook.result.current.saved).toBe(false);
  expect(background.heard).toHaveLength(1);
  expect(stored).toEqual([]);
});

it('a save refused over data it cannot read says why', async () => {
  stopBackground = toldBackground({ refused: 'newer-version' }).stop;
  const { hook, click } = renderSave();
  click(typed({ usageUpdateMinutes: 60 }));
  await waitFor(() =>
    expect(hook.result.current.unsaved).toEqual({ kind: 'refused', reason: 'newer-version' }),
  );
});

it('returns the invalid fields at the click and sends only the valid ones the user changed', async () => {
  const background = toldBackground({ saved: { ...DEFAULT_SETTINGS, warningPercent: 80 } });
  stopBackground = background.stop;
  const { hook, click } = renderSave();
  const errors = click({ ...typed({ warningPercent: 80 }), signInHours: '' });
  expect(Object.keys(errors)).toEqual(['signInHours']);
  await waitFor(() => expect(hook.result.current.saving).toBe(false));
  expect(background.heard).toEqual([edit({ warningPercent: 80 }, DEFAULT_SETTINGS)]);
  // A field left invalid: stored, but not "Saved.".
  expect(hook.result.current.saved).toBe(false);
});

/** A background that hears each change, lets `meanwhile` write, then stops: its answer is lost. */
function backgroundStopsAfter(meanwhile: () => Promise<void>) {
  type Port = Parameters<Parameters<typeof fakeBrowser.runtime.onConnect.addListener>[0]>[0];
  const listener = (port: Port) =>
    port.onMessage.addListener(() => void meanwhile().then(() => port.disconnect()));
  fakeBrowser.runtime.onConnect.addListener(listener);
  stopBackground = () => fakeBrowser.runtime.onConnect.removeListener(listener);
}

it('with no answer, reads storage: saved when it holds the fields changed', async () => {
  backgroundStopsAfter(() => storeSettings({ usageUpdateMinutes: 60 }));
  const { hook, stored, click } = renderSave();
  click(typed({ usageUpdateMinutes: 60 }));
  await waitFor(() => expect(hook.result.current.saved).toBe(true));
  expect(hook.result.current.unsaved).toBeUndefined();
  expect(stored).toEqual([{ ...DEFAULT_SETTINGS, usageUpdateMinutes: 60 }]);
});

it('with no answer, reads storage: not saved when it does not hold them', async () => {
  backgroundStopsAfter(() => storeSettings({ warningPercent: 80 }));
  const { hook, stored, click } = renderSave();
  click(typed({ usageUpdateMinutes: 60 }));
  await waitFor(() =>
    expect(hook.result.current.unsaved).toEqual({ kind: 'no-answer', seconds: 30 }),
  );
  expect(hook.result.current.saved).toBe(false);
  expect(stored).toEqual([]);
});
