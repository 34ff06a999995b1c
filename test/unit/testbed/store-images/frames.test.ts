import { describe, expect, it } from 'vitest';
import { popupHeight } from '../../../../testbed/store-images/frames';

// The store images show the popup down to the end of a card, never cut through a card's sentence.

describe('popupHeight', () => {
  it('ends below the last card that fits whole', () => {
    expect(popupHeight([370, 655, 930], 752)).toBe(655);
  });

  it('shows the whole popup when every card fits', () => {
    expect(popupHeight([370, 655], 752)).toBe(655);
  });

  it('a cut exactly at the edge fits', () => {
    expect(popupHeight([370, 752, 930], 752)).toBe(752);
  });

  it('uses all the room when not even the first card fits', () => {
    expect(popupHeight([900], 752)).toBe(752);
  });
});
