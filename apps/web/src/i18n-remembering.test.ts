import { describe, expect, it } from 'vitest';
import { i18n, rememberingTranslate } from './i18n';
import './testing/i18n';

describe('rememberingTranslate', () => {
  it('asks i18next once per plain key, and again once a text is added or the language changes', async () => {
    i18n.addResource('en', 'common', 'Remembered probe', 'First text');
    const asked: string[] = [];
    const plain = i18n.getFixedT('en', 'common');
    const t = rememberingTranslate((key: string, options?: Record<string, unknown>) => {
      asked.push(key);
      return options ? plain(key, options) : plain(key);
    });
    expect(t('Remembered probe')).toBe('First text');
    expect(t('Remembered probe')).toBe('First text');
    expect(asked).toEqual(['Remembered probe']);

    i18n.addResource('en', 'common', 'Remembered probe', 'Second text');
    expect(t('Remembered probe')).toBe('Second text');
    expect(asked).toHaveLength(2);

    await i18n.changeLanguage('vn');
    t('Remembered probe');
    expect(asked).toHaveLength(3);
    await i18n.changeLanguage('en');
  });

  it('passes calls with options straight through', () => {
    i18n.addResource('en', 'common', 'Hello {{name}}', 'Hello {{name}}');
    const plain = i18n.getFixedT('en', 'common');
    let calls = 0;
    const t = rememberingTranslate((key: string, options?: Record<string, unknown>) => {
      calls += 1;
      return options ? plain(key, options) : plain(key);
    });
    expect(t('Hello {{name}}', { name: 'An' })).toBe('Hello An');
    expect(t('Hello {{name}}', { name: 'Bình' })).toBe('Hello Bình');
    expect(calls).toBe(2);
  });
});
