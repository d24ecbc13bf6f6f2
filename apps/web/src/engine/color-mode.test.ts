import { describe, expect, it } from 'vitest';
import { colorModeOf, isColorMode, themeOf } from './color-mode';

describe('colour modes', () => {
  it('follows the device in system mode and holds a fixed mode whatever the device says', () => {
    expect(themeOf('system', true)).toBe('dark');
    expect(themeOf('system', false)).toBe('light');
    expect(themeOf('light', true)).toBe('light');
    expect(themeOf('dark', false)).toBe('dark');
  });

  it('reads back only the three modes; anything else follows the system', () => {
    expect(isColorMode('dark')).toBe(true);
    expect(isColorMode('Dark')).toBe(false);
    expect(colorModeOf('purple')).toBe('system');
    expect(colorModeOf(null)).toBe('system');
    expect(colorModeOf('light')).toBe('light');
  });
});
