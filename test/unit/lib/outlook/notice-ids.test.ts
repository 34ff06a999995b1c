import { describe, expect, it } from 'vitest';
import { noticeId, noticeTopic, type NoticeTopic } from '@/lib/outlook/notice-ids';

describe('notice ids', () => {
  it('are made as 0.2.0 made them: the sign-in keeps its first name, keep-alive', () => {
    expect(
      (['signIn', 'usage', 'forecast', 'bonus'] as NoticeTopic[]).map((topic) =>
        noticeId(topic, 'id-alice'),
      ),
    ).toEqual(['keep-alive:id-alice', 'usage:id-alice', 'forecast:id-alice', 'bonus:id-alice']);
  });

  it('are read back to their topic, an account id with a colon included', () => {
    expect(noticeTopic(noticeId('signIn', 'a:b'))).toBe('signIn');
    expect(noticeTopic(noticeId('bonus', 'home'))).toBe('bonus');
    expect(noticeTopic('keep-alive:id-alice')).toBe('signIn');
  });

  it('an id not made here reads as nothing', () => {
    for (const id of ['', 'keep-alive', 'sign-in:home', ':home', 'Usage:home'])
      expect(noticeTopic(id)).toBeUndefined();
  });
});
