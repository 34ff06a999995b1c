import { useRef, useState } from 'preact/hooks';
import { beginChange } from '@/lib/extension/change-port';
import { revisionOf } from '@/lib/store/revision';
import type { Settings } from '@/lib/store/settings';
import { useOneAtATime } from '../hooks/one-at-a-time';
import { editSettings } from './saves';
import type { Unsaved } from './SaveOutcome';
import { changedSettings, type SettingsInput } from './settings-input';

type Errors = Partial<Record<keyof Settings, string>>;

interface Options {
  /** The stored settings the form opened on. */
  stored: Settings;
  /** Stored: the form shows what is stored now, but the fields left invalid (`errors`). */
  onStored: (saved: Settings, errors: Errors) => void;
}

/**
 * The settings form's saves, one at a time: each sends the valid fields the user changed over the
 * stored settings the form was made from (`base`), with their revision; a save clicked while
 * another is on its way waits for its answer, then goes out over what that one stored, or not at
 * all when it was not stored. "Saved." (`saved`) only when what the form shows is stored: no
 * field left invalid, nothing typed since the click, no other save waiting.
 */
export function useSettingsSave({ stored, onStored }: Options) {
  const base = useRef(stored);
  // The user's edits since the form opened, and whether any is not in `base`.
  const edits = useRef(0);
  const touched = useRef(false);
  const { queue, busy } = useOneAtATime();
  const [unsaved, setUnsaved] = useState<Unsaved<Settings>>();
  const [saved, setSaved] = useState(false);

  /** Saves `input`; Keep mine saves the user's changes over the newer stored settings `over`. Returns each invalid field's error. */
  function save(input: SettingsInput, over?: Settings): Errors {
    const pending = beginChange();
    const clickedAt = edits.current;
    void queue.run(async (previousMade) => {
      if (!previousMade) {
        pending.close();
        return false;
      }
      const { fields, errors } = changedSettings(base.current, input);
      const outcome = await editSettings(pending, fields, revisionOf(over ?? base.current));
      if (outcome.kind !== 'saved') {
        setSaved(false);
        setUnsaved(outcome);
        return false;
      }
      base.current = outcome.saved;
      setUnsaved(undefined);
      const settled = queue.begun === 1 && edits.current === clickedAt;
      if (settled) {
        touched.current = false;
        onStored(outcome.saved, errors);
      }
      setSaved(settled && Object.keys(errors).length === 0);
      return true;
    });
    return changedSettings(base.current, input).errors;
  }

  /** The user changed a field. */
  function edited() {
    edits.current += 1;
    touched.current = true;
    setSaved(false);
  }

  /** The stored settings taken into the form: saves are made from them now. */
  function takeBase(from: Settings) {
    base.current = from;
    touched.current = false;
    setUnsaved(undefined);
    setSaved(false);
  }

  return { save, saving: busy, saved, unsaved, base, touched, edited, takeBase };
}
