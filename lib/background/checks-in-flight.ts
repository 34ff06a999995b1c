import { credentialsKey, type Account } from '../store/accounts';

/** An account's credentials as last heard (credentialsKey), or null: removed. */
type Heard = string | null;

/**
 * The checks under way, and what the background has heard of the accounts since their run read
 * storage. An account edited to other credentials (or removed) must send nothing more with the
 * old ones from the moment the background hears of it: its checks under way are aborted at once,
 * and a check that starts later with what an earlier read said is aborted before it sends. It
 * hears of an edit twice: from the Settings page's command, before the edit is stored
 * (`willStore`), and from the storage change itself, whoever made it (`stored`).
 */
export class ChecksInFlight {
  /** Each check under way: the account as its run read it, by the controller that stops it. */
  readonly #underWay = new Map<AbortController, Account>();
  /** The stored accounts as the last storage change gave them, once one was heard. */
  #stored: Map<string, string> | undefined;
  /** Edits announced and not yet seen stored: they win over an older storage change heard meanwhile. */
  readonly #coming = new Map<string, Heard>();

  /** Whether `account`, as a run read it, has since been edited to other credentials or removed. */
  edited(account: Account): boolean {
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

  /** Accounts about to be stored, and ids about to be removed: their old credentials' checks stop now. */
  willStore(saved: readonly Account[], removed: readonly string[] = []): void {
    for (const account of saved) this.#coming.set(account.id, credentialsKey(account));
    for (const id of removed) this.#coming.set(id, null);
    this.#stopEdited();
  }

  /** An announced change was not stored after all (refused): what storage holds stands. */
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

  #stopEdited(): void {
    for (const [stop, account] of this.#underWay) if (this.edited(account)) stop.abort();
  }
}
