import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { I18N_OPTIONS, languageFileUrl, normalizeLanguage } from './i18n';

describe('languages', () => {
  it('maps vi and vn to vn, and anything else to en', () => {
    expect(normalizeLanguage('vi')).toBe('vn');
    expect(normalizeLanguage('VN')).toBe('vn');
    expect(normalizeLanguage('en')).toBe('en');
    expect(normalizeLanguage('fr')).toBe('en');
    expect(normalizeLanguage(null)).toBe('en');
  });

  it('fetches language files with the build version', () => {
    expect(languageFileUrl('vn', 'table')).toMatch(/^\/locales\/vn\/table\.json\?v=\d+$/);
  });
});

function Texts({ namespaces }: { namespaces: string[] }) {
  const { t } = useTranslation(namespaces);
  return (
    <ul>
      <li>{t('Add new')}</li>
      <li>{t('Save')}</li>
      <li>{t('Only here')}</li>
      <li>{t('Untranslated')}</li>
    </ul>
  );
}

describe('namespace fallback', () => {
  it('consults every namespace a part names, then common', async () => {
    const instance = i18next.createInstance();
    await instance.use(initReactI18next).init({
      ...I18N_OPTIONS,
      react: { ...I18N_OPTIONS.react, useSuspense: false },
      lng: 'vn',
      ns: ['common', 'table', 'SCREEN_X'],
      resources: {
        vn: {
          SCREEN_X: { 'Only here': 'Chỉ ở đây' },
          table: { 'Add new': 'Thêm mới' },
          common: { Save: 'Lưu' },
        },
      },
    });
    render(
      <I18nextProvider i18n={instance}>
        <Texts namespaces={['SCREEN_X', 'table', 'common']} />
      </I18nextProvider>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Thêm mới',
      'Lưu',
      'Chỉ ở đây',
      'Untranslated',
    ]);
  });
});

describe('language sources from the server', () => {
  it('fetches each language from its LanguageList path with the build version, and the extra files of listExtLng', async () => {
    const { i18n, applyLanguageSources } = await import('./i18n');
    await import('./testing/i18n');
    const changed = await applyLanguageSources(
      [
        { Value: 'en', Path: '/lang/en/{{ns}}.json' },
        { Value: 'vn', Path: '/cdn/texts/vn' },
      ],
      ['shop-texts', '../bad'],
    );
    expect(changed).toBe(true);
    expect(languageFileUrl('en', 'table')).toMatch(/^\/lang\/en\/table\.json\?v=\d+$/);
    expect(languageFileUrl('vn', 'common')).toMatch(/^\/cdn\/texts\/vn\/common\.json\?v=\d+$/);
    // The extra file is loaded and consulted after the part's own namespaces; a path is no name.
    expect(i18n.options.ns).toContain('shop-texts');
    expect(i18n.options.fallbackNS).toEqual(['shop-texts', 'common']);
    i18n.addResourceBundle('en', 'shop-texts', { 'Gift wrap': 'Gift wrapping (shop)' });
    expect(i18n.getFixedT('en', ['table'])('Gift wrap')).toBe('Gift wrapping (shop)');
    // The same sources given again change nothing.
    expect(
      await applyLanguageSources(
        [
          { Value: 'en', Path: '/lang/en/{{ns}}.json' },
          { Value: 'vn', Path: '/cdn/texts/vn' },
        ],
        ['shop-texts'],
      ),
    ).toBe(false);
    await applyLanguageSources(undefined, undefined);
    expect(languageFileUrl('vn', 'table')).toMatch(/^\/locales\/vn\/table\.json\?v=\d+$/);
  });
});
