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
