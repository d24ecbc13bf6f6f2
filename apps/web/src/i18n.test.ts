import { describe, expect, it } from 'vitest';
import { normalizeLanguage } from './i18n';

describe('languages', () => {
  it('maps vi and vn to vn, and anything else to en', () => {
    expect(normalizeLanguage('vi')).toBe('vn');
    expect(normalizeLanguage('VN')).toBe('vn');
    expect(normalizeLanguage('en')).toBe('en');
    expect(normalizeLanguage('fr')).toBe('en');
    expect(normalizeLanguage(null)).toBe('en');
  });
});
