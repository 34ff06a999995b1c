import { describe, expect, it } from 'vitest';
import { clickOpens, noticeId, readNoticeId, type NoticeTopic } from '@/lib/outlook/notice-ids';

describe('notice ids', () => {
  it('are made as 0.2.0 made them: the sign-in keeps its first name, keep-alive', () => {
    expect(
      (['signIn', 'usage', 'forecast', 'bonus'] as NoticeTopic[]).map((topic) =>
        noticeId(topic, 'id-alice'),
      ),
    ).toEqual(['keep-alive:id-alice', 'usage:id-alice', 'forecast:id-alice', 'bonus:id-alice']);
  });

  it('are read back to their topic and account, an account id with a colon included', () => {
    expect(readNoticeId(noticeId('signIn', 'a:b'))).toEqual({ topic: 'signIn', accountId: 'a:b' });
    expect(readNoticeId(noticeId('bonus', 'home'))).toEqual({ topic: 'bonus', accountId: 'home' });
  });

  it('an id not made here reads as nothing', () => {
    for (const id of ['', 'keep-alive', 'sign-in:home', ':home', 'Usage:home'])
      expect(readNoticeId(id)).toBeUndefined();
  });

  it('a click on a sign-in notice opens the Settings page, on any other the overview', () => {
    expect(clickOpens('keep-alive:home')).toBe('settings-page');
    expect(['usage:home', 'forecast:home', 'bonus:home', 'other'].map(clickOpens)).toEqual(
      Array(4).fill('overview'),
    );
  });
});
