import { useEffect, useRef, useState } from 'preact/hooks';
import { t, type MessageKey } from '@/lib/i18n/translate';
import { SETTING_LIMITS, type Settings } from '@/lib/store/settings';
import { StorageLockedError } from '@/lib/store/writes';
import { applySettingsInput, settingsInput, type SettingsInput } from './settings-input';
import { describedBy, Field } from './Field';

interface Props {
  settings: Settings;
  onSave: (settings: Settings) => Promise<void>;
}

const NUMBER_FIELDS: { key: keyof typeof SETTING_LIMITS; label: MessageKey; unit: MessageKey }[] = [
  { key: 'keepAliveHours', label: 'settingSignInEvery', unit: 'unitHours' },
  { key: 'refreshMinutes', label: 'settingUsageUpdateEvery', unit: 'unitMinutes' },
  { key: 'warningPercent', label: 'settingWarning', unit: 'unitPercent' },
  { key: 'criticalPercent', label: 'settingCritical', unit: 'unitPercent' },
];

const SWITCHES: { key: 'notifyUsage' | 'notifyKeepAlive' | 'notifyForecast'; label: MessageKey }[] =
  [
    { key: 'notifyUsage', label: 'settingNotifyUsage' },
    { key: 'notifyKeepAlive', label: 'settingNotifySignIn' },
    { key: 'notifyForecast', label: 'settingNotifyForecast' },
  ];

/** The shared settings: each invalid field says why beside it; the valid ones are saved. */
export function SettingsForm({ settings, onSave }: Props) {
  const [input, setInput] = useState<SettingsInput>(() => settingsInput(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof Settings, string>>>({});
  const [saved, setSaved] = useState(false);
  const [refused, setRefused] = useState(false);
  // What this form last wrote: storage echoing it back must not wipe what the user typed, but
  // any other change (another tab, "Remove all data") shows the stored values at once.
  const writtenRef = useRef<string>(undefined);
  const stored = JSON.stringify(settingsInput(settings));
  const shownRef = useRef(stored);
  useEffect(() => {
    if (stored === shownRef.current) return;
    shownRef.current = stored;
    if (stored === writtenRef.current) {
      writtenRef.current = undefined;
      return;
    }
    setInput(settingsInput(settings));
    setErrors({});
    setSaved(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `stored` is `settings` by value: a new object with the same values changes nothing
  }, [stored]);

  async function save(event: Event) {
    event.preventDefault();
    const merged = applySettingsInput(settings, input);
    writtenRef.current = JSON.stringify(settingsInput(merged.settings));
    setErrors(merged.errors);
    try {
      await onSave(merged.settings);
    } catch (error) {
      if (!(error instanceof StorageLockedError)) throw error;
      writtenRef.current = undefined;
      setSaved(false);
      setRefused(true);
      return;
    }
    setRefused(false);
    setSaved(Object.keys(merged.errors).length === 0);
  }

  return (
    <form class="settings-form" onSubmit={(e) => void save(e)} noValidate>
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
              onInput={(e) => {
                setSaved(false);
                setInput({ ...input, [key]: e.currentTarget.value });
              }}
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
            onChange={(e) => setInput({ ...input, [key]: e.currentTarget.checked })}
          />
          {t(label)}
        </label>
      ))}
      <div class="actions">
        <button type="submit" class="primary">
          {t('saveSettings')}
        </button>
        <span role="status">{saved ? t('saved') : ''}</span>
      </div>
      {refused && (
        <p class="failure" role="alert">
          {t('saveRefused')}
        </p>
      )}
    </form>
  );
}
