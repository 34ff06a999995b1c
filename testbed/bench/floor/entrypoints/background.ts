import { storage } from '@wxt-dev/storage';
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';

const item = storage.defineItem<number>('local:floor', { fallback: 0, version: 1 });

export default defineBackground(() => {
  browser.alarms.onAlarm.addListener(() => item.setValue(Date.now()));
});
