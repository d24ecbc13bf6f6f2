import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DARK_SURFACE,
  primaryColorCss,
  shadeColor,
  textColorForTheme,
  tintColor,
} from './theme-color';

describe('the primary colour as the theme colour', () => {
  it('sets the primary variables and the primary buttons from #rrggbb', () => {
    const css = primaryColorCss('#8A2BE2') ?? '';
    expect(css).toContain('--bs-primary: #8A2BE2; --bs-primary-rgb: 138, 43, 226;');
    expect(css).toContain('.btn-primary { --bs-btn-bg: #8A2BE2;');
    expect(css).toContain(`--bs-btn-hover-bg: ${shadeColor('#8A2BE2', 0.15)};`);
  });

  it('writes dark text on a light primary colour, white on a dark one', () => {
    expect(primaryColorCss('#ffd700')).toContain('--bs-btn-color: #000000;');
    expect(primaryColorCss('#057e38')).toContain('--bs-btn-color: #ffffff;');
  });

  it('gives dark mode a light tint for links and active items, so that they read on a dark surface', () => {
    const css = primaryColorCss('#057e38') ?? '';
    const dark = css.slice(css.indexOf('[data-bs-theme="dark"]'));
    expect(dark).toContain(`--bs-link-color: ${tintColor('#057e38', 0.4)};`);
    expect(dark).toContain(`--bs-primary-text-emphasis: ${tintColor('#057e38', 0.4)};`);
    // The light mode's link is the colour itself, its emphasis a darker shade.
    expect(css).toContain(`--bs-primary-text-emphasis: ${shadeColor('#057e38', 0.6)};`);
    expect(tintColor('#000000', 0.5)).toBe('#808080');
  });

  it('shades by mixing with black', () => {
    expect(shadeColor('#ffffff', 0.2)).toBe('#cccccc');
    expect(shadeColor('#057e38', 0)).toBe('#057e38');
  });

  it('ignores what is not a colour, leaving the built-in theme', () => {
    for (const bad of [undefined, '', 'red', '#fff', '#12345g', '#123456; } body { display:none', 'url(x)'])
      expect(primaryColorCss(bad)).toBeNull();
  });
});

describe('configured text colours in dark mode', () => {
  it('lightens a colour that would not read on the dark surface, just enough for AA', () => {
    for (const color of ['#057e38', '#6c757d', '#b35c00', '#000000']) {
      const drawn = textColorForTheme(color, 'dark');
      expect(contrastRatio(drawn, DARK_SURFACE)).toBeGreaterThanOrEqual(4.5);
    }
    expect(textColorForTheme('#ffd700', 'dark')).toBe('#ffd700');
  });

  it('leaves light mode and what is not #rrggbb alone', () => {
    expect(textColorForTheme('#057e38', 'light')).toBe('#057e38');
    expect(textColorForTheme('red', 'dark')).toBe('red');
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 1);
  });
});
