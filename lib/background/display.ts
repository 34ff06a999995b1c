import { browser } from 'wxt/browser';
import type { Account } from '../store/accounts';
import type { Notice } from '../outlook/notices';
import { noticeText } from '../outlook/notice-words';
import { noticeTopic } from '../outlook/notice-ids';
import { BADGE_COLORS, badgeTitle, type BadgeState } from '../outlook/badge';

// What the background shows: its notifications and the toolbar badge. What they say is decided
// and put in words in lib/outlook/ (notices.ts, notice-words.ts, badge.ts); here it reaches the screen.

/**
 * Shows a notice; `now` dates a forecast and bounds a past sign-in (pastAt). One still on screen under the same id is cleared
 * first: re-created in place, a reminder would only update it silently, never pop up again.
 */
export async function showNotice(account: Account, notice: Notice, now: number): Promise<void> {
  const [id, title, message] = noticeText(account, notice, now);
  await browser.notifications.clear(id);
  await browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icons/128.png'),
    title,
    message,
  });
}

/** Opens what a clicked notification is about. */
export async function openNoticeTarget(notificationId: string): Promise<void> {
  await browser.notifications.clear(notificationId);
  // A sign-in's remedy is in the Settings page; the rest is shown in the overview.
  if (noticeTopic(notificationId) === 'signIn') {
    await browser.runtime.openOptionsPage();
  } else {
    // The popup can only be opened from a gesture in some browsers: fall back to a tab.
    await browser.tabs.create({ url: browser.runtime.getURL('/popup.html') });
  }
}

/** Draws the badge. */
export async function renderBadge(state: BadgeState): Promise<void> {
  await Promise.all([
    browser.action.setBadgeText({ text: state.text }),
    browser.action.setBadgeBackgroundColor({ color: BADGE_COLORS[state.tone] }),
    browser.action.setTitle({ title: badgeTitle(state) }),
  ]);
}
