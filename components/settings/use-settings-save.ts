import { useRef, useState } from 'preact/hooks';
import { beginChange } from '@/lib/extension/change-port';
import { revisionOf } from '@/lib/store/revision';
import type { Settings } from '@/lib/store/settings';
import { useOneAtATime } from './use-one-at-a-time';
import { sendChange } from '@/lib/pages/send-change';
import { settingsEdited } from '@/lib/pages/change-made';
import type { Unsaved } from './SaveOutcome';
import { changedSettings, type SettingsInput } from '@/lib/pages/settings-input';

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
  const baseRef = useRef(stored);
  // The revisions this form's saves stored, in order, until storage is heard to have caught up.
  const ownRef = useRef<string[]>([]);
  // The user's editsRef since the form opened, and whether any is not in `base`.
  const editsRef = useRef(0);
  const touchedRef = useRef(false);
  const { queue, busy } = useOneAtATime();
  const [unsaved, setUnsaved] = useState<Unsaved<Settings>>();
  const [saved, setSaved] = useState(false);

  /** Saves `input`; Keep mine saves the user's changes over the newer stored settings `over`. Returns each invalid field's error. */
  function save(input: SettingsInput, over?: Settings): Errors {
    const pending = beginChange();
    const clickedAt = editsRef.current;
    void queue.run(async (previousMade) => {
      if (!previousMade) {
        pending.close();
        return false;
      }
      const { fields, errors } = changedSettings(baseRef.current, input);
      const revision = revisionOf(over ?? baseRef.current);
      const outcome = await sendChange(
        pending,
        { kind: 'edit-settings', fields, revision },
        settingsEdited(fields),
      );
      if (outcome.kind !== 'saved') {
        setSaved(false);
        setUnsaved(outcome);
        return false;
      }
      baseRef.current = outcome.saved;
      ownRef.current.push(revisionOf(outcome.saved));
      setUnsaved(undefined);
      const settled = queue.begun === 1 && editsRef.current === clickedAt;
      if (settled) {
        touchedRef.current = false;
        onStored(outcome.saved, errors);
      }
      setSaved(settled && Object.keys(errors).length === 0);
      return true;
    });
    return changedSettings(baseRef.current, input).errors;
  }

  /** The user changed a field. */
  function edited() {
    editsRef.current += 1;
    touchedRef.current = true;
    setSaved(false);
  }

  /** The stored settings taken into the form: saves are made from them now. */
  function takeBase(from: Settings) {
    baseRef.current = from;
    touchedRef.current = false;
    setUnsaved(undefined);
    setSaved(false);
  }

  /**
   * Whether a stored revision is one of this form's own saves before its last: storage heard
   * late, not a change made elsewhere. Once storage is heard at the last, none is.
   */
  function ownEarlier(revision: string): boolean {
    const own = ownRef.current;
    if (revision === own.at(-1)) own.length = 0;
    return own.slice(0, -1).includes(revision);
  }

  return { save, saving: busy, saved, unsaved, baseRef, touchedRef, edited, takeBase, ownEarlier };
}
