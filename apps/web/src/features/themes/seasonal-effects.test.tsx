import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAppState } from '../../state/app-store';
import { SeasonalEffects } from './seasonal-effects';

const withTheme = (themeSeason: string) =>
  setAppState({ dataFirstSetting: { UIAppConfig: { themeSeason } } as never });

afterEach(() => {
  vi.useRealTimers();
  setAppState({ dataFirstSetting: null });
});

describe('SeasonalEffects', () => {
  it('draws over the page without taking input, only on wide windows, following resizes', () => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    withTheme('xmas2023');
    const { container } = render(<SeasonalEffects />);
    const overlay = container.querySelector('.seasonal-effects');
    expect(overlay?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('canvas')?.getAttribute('data-particles')).toBe('300');
    act(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 640 });
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(300);
    });
    expect(container.querySelector('.seasonal-effects')).toBeNull();
  });

  it('shows 50 petals and fireworks for tet2024', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    withTheme('tet2024');
    const { container } = render(<SeasonalEffects />);
    expect(container.querySelector('canvas')?.getAttribute('data-effect')).toBe('tet');
    expect(container.querySelector('canvas')?.getAttribute('data-particles')).toBe('50');
  });
});
