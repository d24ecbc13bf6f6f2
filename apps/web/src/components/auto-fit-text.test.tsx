import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fittedFontSize, MIN_FONT_SIZE_PX } from '../engine/font-fit';
import { AutoFitText } from './auto-fit-text';

afterEach(() => vi.restoreAllMocks());

describe('the automatic font shrink', () => {
  it('scales the font down in proportion to fit, to the half pixel', () => {
    expect(fittedFontSize({ current: 40, needed: 400, available: 200 })).toBe(20);
    expect(fittedFontSize({ current: 32, needed: 300, available: 200 })).toBe(21);
    expect(fittedFontSize({ current: 16, needed: 100, available: 100 })).toBe(16);
  });

  it('never goes below 6 px', () => {
    expect(MIN_FONT_SIZE_PX).toBe(6);
    expect(fittedFontSize({ current: 40, needed: 4000, available: 100 })).toBe(6);
  });

  it('shrinks a text that overflows its box, and leaves one that fits', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(500);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(100);
    const { container, rerender } = render(<AutoFitText>1.234.567.890,12</AutoFitText>);
    const text = container.querySelector('span') as HTMLSpanElement;
    // jsdom's default font size is 16 px: 16 × 100 / 500 = 3.2, held at 6.
    expect(text.style.fontSize).toBe('6px');
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(100);
    rerender(<AutoFitText>12</AutoFitText>);
    expect(text.style.fontSize).toBe('');
  });
});
