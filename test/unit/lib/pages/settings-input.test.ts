import { describe, expect, it } from 'vitest';
import { changedSettings, settingsInput } from '@/lib/pages/settings-input';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';

describe('what a save of the settings form sends', () => {
  it('only the valid fields the user changed: a field left invalid is not sent', () => {
    const input = {
      ...settingsInput(DEFAULT_SETTINGS),
      warningPercent: '80',
      signInHours: '9999',
    };
    const { fields, errors } = changedSettings(DEFAULT_SETTINGS, input);
    expect(fields).toEqual({ warningPercent: 80 });
    expect(Object.keys(errors)).toEqual(['signInHours']);
  });

  it('nothing changed: nothing to send', () => {
    expect(changedSettings(DEFAULT_SETTINGS, settingsInput(DEFAULT_SETTINGS)).fields).toEqual({});
  });
});
