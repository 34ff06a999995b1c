import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n/translate';
import { SETTING_LIMITS, type Settings } from '@/lib/store/settings';
import { useFollowStored } from './use-follow-stored';
import {
  NUMBER_FIELDS,
  settingsInput,
  SWITCHES,
  type SettingsInput,
} from '@/lib/pages/settings-input';
import { useSettingsSave } from './use-settings-save';
import { describedBy, Field } from './Field';
import { SaveOutcome } from './SaveOutcome';

/**
 * The shared settings: each invalid field says why beside it; the valid ones the user changed are
 * saved (use-settings-save.ts). A form the user has not touched follows a change stored meanwhile; a
 * touched one keeps its values, and its save is refused, with each stored value that differs,
 * when others were saved since.
 */
export function SettingsForm({ settings }: { settings: Settings }) {
  const [input, setInput] = useState<SettingsInput>(() => settingsInput(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof Settings, string>>>({});
  const saves = useSettingsSave({
    stored: settings,
    onStored: (saved, invalid) =>
      setInput((typed) => {
        const shown = settingsInput(saved);
        for (const key of Object.keys(invalid))
          Object.assign(shown, { [key]: typed[key as keyof Settings] });
        return shown;
      }),
  });
  function takeStored(from: Settings) {
    saves.takeBase(from);
    setInput(settingsInput(from));
    setErrors({});
  }
  useFollowStored(
    settings,
    () => saves.baseRef.current,
    () => saves.touchedRef.current,
    takeStored,
    undefined,
    saves.ownEarlier,
  );

  const edit = (values: Partial<SettingsInput>) => {
    saves.edited();
    setInput({ ...input, ...values });
  };
  function save(event: Event, over?: Settings) {
    event.preventDefault();
    setErrors(saves.save(input, over));
  }

  return (
    <form class="settings-form" onSubmit={(e) => save(e)} noValidate>
      {NUMBER_FIELDS.map(({ key, label, unit }) => {
        const id = `setting-${key}`;
        const { min, max } = SETTING_LIMITS[key];
        return (
          <Field
            key={key}
            id={id}
            label={t(label)}
            error={errors[key]}
            hint={t('settingRange', [min, max, t(unit)])}
          >
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              value={input[key]}
              onInput={(e) => edit({ [key]: e.currentTarget.value })}
              {...describedBy(id, errors[key], true)}
            />
          </Field>
        );
      })}
      {SWITCHES.map(({ key, label }) => (
        <label key={key} class="switch">
          <input
            type="checkbox"
            checked={input[key]}
            onChange={(e) => edit({ [key]: e.currentTarget.checked })}
          />
          {t(label)}
        </label>
      ))}
      <div class="actions">
        <button type="submit" class="primary" aria-busy={saves.saving}>
          {t('saveSettings')}
        </button>
        <span role="status">{saves.saving ? t('saving') : saves.saved ? t('saved') : ''}</span>
      </div>
      {saves.unsaved && (
        <SaveOutcome
          outcome={saves.unsaved}
          shown={(words, stored) => words.settingsDifferences(stored, saves.baseRef.current)}
          onKeepMine={(stored) => (e) => save(e, stored ?? undefined)}
          onTakeTheirs={(stored) => stored && takeStored(stored)}
        />
      )}
    </form>
  );
}
