import { credentialsKey, type Account } from '../store/accounts';

/** An account's credentials as last heard (credentialsKey), or null: removed. */
type Heard = string | null;

/** One page's hold on an account's checks (its Save clicked), or on every account's (its change names none): ended by its own change, or released. */
export interface Hold {
  release(): void;
}

/** What a hold on every account is kept under. */
const EVERY = '';

/**
 * The checks under way, and what the background has heard of the accounts since their run read
 * storage. An account edited to other credentials (or removed) must send nothing more with the
 * old ones from the moment the background hears of it: its checks under way are aborted at once,
 * and a check that starts later with what an earlier read said is aborted before it sends. It
 * hears of an edit three times: at the click on Save, before any prompt (`hold`: every check of
 * the account stops until the change is announced or given up), from the Settings page's
 * command, before the edit is stored (`willStore`), and from the storage change itself
 * (`stored`). A Test connection is a check of its account too (`trackTest`): any announced
 * change of the account stops it, whatever credentials it tests.
 */
export class ChecksInFlight {
  /** Each check under way: the account as its run read it, by the controller that stops it. */
  readonly #underWay = new Map<AbortController, Account>();
  /** The stored accounts as the last storage change gave them, once one was heard. */
  #stored: Map<string, string> | undefined;
  /** Edits announced and not yet seen stored: they win over an older storage change heard meanwhile. */
  readonly #coming = new Map<string, Heard>();
  /** Accounts a page is about to change (a Save clicked, its prompt maybe open): each page's hold on it. */
  readonly #held = new Map<string, Set<Hold>>();
  /** Each Test connection under way, by the controller that stops it: the id of the account it is for. */
  readonly #tests = new Map<AbortController, string>();

  /** Whether `account`, as a run read it, has since been edited to other credentials or removed, or is about to be. */
  edited(account: Account): boolean {
    if (this.#isHeld(account.id)) return true;
    const heard = this.#coming.has(account.id)
      ? this.#coming.get(account.id)
      : this.#stored && (this.#stored.get(account.id) ?? null);
    return heard !== undefined && heard !== credentialsKey(account);
  }

  /** A check of `account` begins: its signal is aborted once the account is edited (at once if it already was). */
  begin(account: Account): AbortController {
    const stop = new AbortController();
    this.#underWay.set(stop, account);
    if (this.edited(account)) stop.abort();
    return stop;
  }

  end(stop: AbortController): void {
    this.#underWay.delete(stop);
  }

  /** Runs a Test connection for the account `id` (a new one's, or an edited one's): `stop` is aborted once a change of that account is announced. */
  async trackTest<T>(id: string, test: (stop: AbortSignal) => Promise<T>): Promise<T> {
    const stop = new AbortController();
    this.#tests.set(stop, id);
    if (this.#isHeld(id)) stop.abort();
    try {
      return await test(stop.signal);
    } finally {
      this.#tests.delete(stop);
    }
  }

  /**
   * A page is about to change the account `accountId` (its Save was clicked; none: a change of
   * every account, an import or "Remove all data"): every check of it stops,
   * and none starts, until that page's change is announced (willStore) or the hold is released
   * (given up: refused, or the page gone).
   */
  hold(accountId = EVERY): Hold {
    const holds = this.#held.get(accountId) ?? new Set<Hold>();
    const hold: Hold = {
      release: () => {
        holds.delete(hold);
        if (holds.size === 0 && this.#held.get(accountId) === holds) this.#held.delete(accountId);
      },
    };
    holds.add(hold);
    this.#held.set(accountId, holds);
    this.#stopEdited([accountId]);
    return hold;
  }

  /**
   * Accounts about to be stored, and ids about to be removed: their old credentials' checks stop
   * now. The change announced with what it will store ends its own page's hold (`by`), no other.
   */
  willStore(saved: readonly Account[], removed: readonly string[] = [], by?: Hold): void {
    for (const account of saved) this.#coming.set(account.id, credentialsKey(account));
    for (const id of removed) this.#coming.set(id, null);
    by?.release();
    this.#stopEdited([...saved.map((a) => a.id), ...removed]);
  }

  /** An announced change was not stored after all (refused, or failed): what storage holds stands. */
  notStored(ids: readonly string[]): void {
    for (const id of ids) this.#coming.delete(id);
  }

  /** The stored accounts as a storage change gives them (the valid ones): any other account is gone. */
  stored(accounts: readonly Account[]): void {
    this.#stored = new Map(accounts.map((a) => [a.id, credentialsKey(a)]));
    for (const [id, heard] of this.#coming)
      if ((this.#stored.get(id) ?? null) === heard) this.#coming.delete(id);
    this.#stopEdited();
  }

  #isHeld(id: string): boolean {
    return this.#held.has(id) || this.#held.has(EVERY);
  }

  /** Stops the checks now edited, and the tests of the accounts `changing` (EVERY: all of them). */
  #stopEdited(changing: readonly string[] = []): void {
    for (const [stop, account] of this.#underWay) if (this.edited(account)) stop.abort();
    for (const [stop, id] of this.#tests)
      if (changing.includes(id) || changing.includes(EVERY)) stop.abort();
  }
}
