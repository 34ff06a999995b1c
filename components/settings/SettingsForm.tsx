import { useEffect, useRef, useState } from 'preact/hooks';
import { t, type MessageKey } from '@/lib/i18n/translate';
import { SETTING_LIMITS, type Settings } from '@/lib/store/settings';
import { revisionOf } from '@/lib/store/revision';
import type { ChangeOutcome } from '../helpers/send-change';
import { applySettingsInput, settingsInput, type SettingsInput } from './settings-input';
import { describedBy, Field } from './Field';
import { SaveOutcome } from './SaveOutcome';

interface Props {
  settings: Settings;
  /** Saves the settings made from the stored ones at `revision`: what came of it. */
  onSave: (settings: Settings, revision: string) => Promise<ChangeOutcome<Settings>>;
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

/** The stored values that differ from `mine`, in words, to compare them. */
function differences(stored: Settings, mine: Settings): string {
  const numbers = NUMBER_FIELDS.filter(({ key }) => stored[key] !== mine[key]).map(
    ({ key, label, unit }) => `${t(label)} ${stored[key]} ${t(unit)}`,
  );
  const switches = SWITCHES.filter(({ key }) => stored[key] !== mine[key]).map(
    ({ key, label }) => `${t(label)}: ${t(stored[key] ? 'switchOn' : 'switchOff')}`,
  );
  return [...numbers, ...switches].join(t('listSeparator'));
}

/**
 * The shared settings: each invalid field says why beside it; the valid ones are saved. A form
 * the user has not touched follows a change stored meanwhile; a touched one keeps its values, and
 * its save names the stored settings it began from (refused, with the stored values to compare,
 * when others were saved since).
 */
export function SettingsForm({ settings, onSave }: Props) {
  const [input, setInput] = useState<SettingsInput>(() => settingsInput(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof Settings, string>>>({});
  const [saved, setSaved] = useState(false);
  const [outcome, setOutcome] = useState<Exclude<ChangeOutcome<Settings>, { kind: 'saved' }>>();
  // The stored settings the form's values were made from, and whether the user changed them since.
  const baseRef = useRef(settings);
  const touchedRef = useRef(false);
  const stored = revisionOf(settings);
  useEffect(() => {
    if (touchedRef.current || stored === revisionOf(baseRef.current)) return;
    takeStored(settings);
    setSaved(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `stored` is `settings` by value: a new object with the same values changes nothing
  }, [stored]);

  function takeStored(from: Settings) {
    baseRef.current = from;
    touchedRef.current = false;
    setInput(settingsInput(from));
    setErrors({});
    setOutcome(undefined);
  }

  const edit = (values: Partial<SettingsInput>) => {
    touchedRef.current = true;
    setSaved(false);
    setInput({ ...input, ...values });
  };

  async function save(event: Event, over = baseRef.current) {
    event.preventDefault();
    const merged = applySettingsInput(baseRef.current, input);
    setErrors(merged.errors);
    const result = await onSave(merged.settings, revisionOf(over));
    if (result.kind !== 'saved') {
      setSaved(false);
      setOutcome(result);
      return;
    }
    baseRef.current = merged.settings;
    touchedRef.current = false;
    setOutcome(undefined);
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
        <button type="submit" class="primary">
          {t('saveSettings')}
        </button>
        <span role="status">{saved ? t('saved') : ''}</span>
      </div>
      {outcome && (
        <SaveOutcome
          outcome={outcome}
          shown={(stored) =>
            differences(stored, applySettingsInput(baseRef.current, input).settings)
          }
          onKeepMine={(stored) => (e) => void save(e, stored ?? undefined)}
          onTakeTheirs={(stored) => stored && takeStored(stored)}
        />
      )}
    </form>
  );
}
