/**
 * One form's changes, one at a time: a change begun while another is on its way waits for that
 * one's answer, then runs (`change(previousMade)`: whether the one it waited for was stored, true
 * when it waited for none; a change after one not stored gives up, so the form stays visibly
 * unsaved). Each is counted from its click, its change begun at once. `onBusy` hears whether any
 * is on its way, for the form to say "Saving…".
 */
export class OneAtATime {
  #tail: Promise<boolean> = Promise.resolve(true);
  #begun = 0;

  constructor(private readonly onBusy: (busy: boolean) => void = () => {}) {}

  /** Changes begun and not yet answered, the running one included. */
  get begun(): number {
    return this.#begun;
  }

  /** Runs `change` after the changes begun before it; resolves with whether it was stored (or sent nothing after one stored). */
  run(change: (previousMade: boolean) => Promise<boolean>): Promise<boolean> {
    const waited = this.#begun > 0;
    this.#begun += 1;
    this.onBusy(true);
    const done = this.#tail
      .then((made) => change(!waited || made))
      .catch(() => false)
      .finally(() => {
        this.#begun -= 1;
        this.onBusy(this.#begun > 0);
      });
    this.#tail = done;
    return done;
  }
}
