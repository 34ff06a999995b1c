import { storage } from '@wxt-dev/storage';
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';

const item = storage.defineItem<number>('local:floor', { fallback: 0, version: 1 });

// At its start, as the extension's background does, it checks its alarm and sets it when
// missing: the bench times the worker's start to its alarms checked beside this one.
export default defineBackground(() => {
  browser.alarms.onAlarm.addListener(() => item.setValue(Date.now()));
  void browser.alarms.get('floor').then(async (alarm) => {
    if (!alarm) await browser.alarms.create('floor', { periodInMinutes: 60 });
  });
});
