import type { SimAccount, Simulator } from '../simulator/simulator';
import type { DemoRun } from './demo-run';

// What the demo (scripts/start.ts) asks of a browser, the same in Chromium and Firefox: each
// answers through its own launcher and page objects (chromium-demo.ts, firefox-demo.ts).

export type Locale = 'en' | 'ja';
export type Scheme = 'light' | 'dark';

/** A browser the demo runs in. */
export interface DemoBrowser {
  /** As the messages name it: "Chromium", "Firefox". */
  name: string;
  /** The start of its screenshots' names ("" or "firefox-"). */
  prefix: string;
  /** Throws, saying what to install, when the browser is not on the machine. */
  find(): void;
  /** `wxt build`'s arguments for its simulator build. */
  buildArgs: string[];
  /** What it shows when it stays open with a display. */
  openMessage: string;
  /**
   * Launched in `locale` with the demo account and its month of use, its popup showing the
   * usage: stored as the Settings page stores it when headless, typed into it with a display
   * where the browser allows (Firefox).
   */
  launch(
    run: DemoRun,
    sim: Simulator,
    account: SimAccount,
    locale: Locale,
    headless: boolean,
  ): Promise<DemoSession>;
}

/** One launched browser, its popup showing: what the demo reads and photographs. */
export interface DemoSession {
  /** Resolves when the person closes the browser. */
  closed(): Promise<void>;
  /** The popup's card, line by line, and its sparkline's text alternative. */
  popupCard(): Promise<string[]>;
  sparkline(): Promise<string>;
  badge(): Promise<{ text: string; title: string }>;
  /** The page in light or dark. */
  colorScheme(page: 'popup' | 'settings', scheme: Scheme): Promise<void>;
  /** Saves the popup's body, or the whole Settings page. */
  screenshot(page: 'popup' | 'settings', path: string): Promise<void>;
  /** The Settings page brought up: each account it lists, line by line (its name first). */
  settingsAccounts(): Promise<string[][]>;
  /** The Settings page's activity log: its summary, then its newest five rows. */
  activityLog(): Promise<string[]>;
  close(): Promise<unknown>;
}
