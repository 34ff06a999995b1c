import type { Page } from 'playwright-core';
import { DEFAULT_SETTINGS } from '../../../lib/store/settings';
import type { Simulator } from '../../simulator/simulator';
import type { ExtensionSession } from '../chromium';

// What a page state is: a way to open a page of the extension as a user meets it, in a browser
// whose settings keep every state still while it is looked at.

/**
 * Quiet schedules (2 and 14 minutes in the e2e build's scaled time), so no periodic check
 * changes a state while it is looked at.
 */
export const QUIET_SETTINGS = { ...DEFAULT_SETTINGS, usageUpdateMinutes: 1440, signInHours: 168 };

export interface StateContext {
  browser: ExtensionSession;
  sim: Simulator;
  locale: 'en' | 'ja';
}

export interface PageState {
  /** Names the screenshot file: popup-… or options-…. */
  name: string;
  open: (context: StateContext) => Promise<Page>;
  /** Undoes what the state changed in the simulator. */
  after?: (sim: Simulator) => void;
}
