import { describe, expect, it } from 'vitest';
import { messages } from '../../../../testbed/browsers/chromium-pages';

// The page objects' words: a key the locale lacks fails at once, never stands for its own text
// (a `not.toContain(t(key))` would then pass whatever the page shows).

describe('messages', () => {
  it("gives a locale's text for its key, and throws for a key it lacks", () => {
    expect(messages('en')('checkNow')).toBe('Check now');
    expect(messages('ja')('checkNow')).not.toBe('checkNow');
    expect(() => messages('en')('noSuchMessage')).toThrow(/no message noSuchMessage in en/);
  });
});
