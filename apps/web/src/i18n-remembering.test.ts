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

  it('fills plain placeholders from the remembered text, asking i18next once per key', () => {
    i18n.addResource('en', 'common', 'Hello {{name}}', 'Xin chào {{name}}');
    const plain = i18n.getFixedT('en', 'common');
    let calls = 0;
    const t = rememberingTranslate((key: string, options?: Record<string, unknown>) => {
      calls += 1;
      return options ? plain(key, options) : plain(key);
    });
    expect(t('Hello {{name}}', { name: 'An' })).toBe('Xin chào An');
    expect(t('Hello {{name}}', { name: 'Bình' })).toBe('Xin chào Bình');
    expect(t('Hello {{name}}', { name: 7 })).toBe('Xin chào 7');
    expect(calls).toBe(1);
  });

  it('passes plurals, formats, nested texts and missing names to i18next, with the same answer', () => {
    i18n.addResource('en', 'common', 'Probe {{count}} rows_one', 'one row');
    i18n.addResource('en', 'common', 'Probe {{count}} rows_other', '{{count}} rows');
    i18n.addResource('en', 'common', 'Probe nested', 'See $t(Probe inner)');
    i18n.addResource('en', 'common', 'Probe inner', 'the inner text');
    i18n.addResource('en', 'common', 'Probe two {{a}} {{b}}', '{{a}} and {{b}}');
    const plain = i18n.getFixedT('en', 'common');
    const asked: unknown[] = [];
    const t = rememberingTranslate((key: string, options?: Record<string, unknown>) => {
      asked.push(options);
      return options ? plain(key, options) : plain(key);
    });
    expect(t('Probe {{count}} rows', { count: 1 })).toBe('one row');
    expect(t('Probe {{count}} rows', { count: 3 })).toBe('3 rows');
    expect(t('Probe nested')).toBe('See the inner text');
    expect(t('Probe two {{a}} {{b}}', { a: 'x' })).toBe(plain('Probe two {{a}} {{b}}', { a: 'x' }));
    expect(t('Probe two {{a}} {{b}}', { a: { not: 'plain' }, b: 'y' })).toBe(
      plain('Probe two {{a}} {{b}}', { a: { not: 'plain' }, b: 'y' }),
    );
    // Plurals went straight through: i18next saw their count.
    expect(
      asked.filter((options) => (options as { count?: number } | undefined)?.count !== undefined),
    ).toHaveLength(2);
  });
});
