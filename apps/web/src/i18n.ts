import { APP_DEFAULTS } from '@panelwright/contract/constants';
import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from './engine/storage-keys';

export const LANGUAGES = ['en', 'vn'] as const;

/** vi shares vn; anything unknown falls back to English. */
export function normalizeLanguage(code: string | null | undefined): (typeof LANGUAGES)[number] {
  const lower = (code ?? '').toLowerCase();
  if (lower === 'vi' || lower === 'vn') return 'vn';
  return 'en';
}

export const i18n = i18next.createInstance();

/**
 * Texts are keyed by their English wording (the specification's texts stay canonical in code), so
 * the English files only hold what differs and any missing key shows the English text.
 */
export function initI18n(): Promise<unknown> {
  const language = normalizeLanguage(localStorage.getItem(STORAGE_KEYS.language));
  document.documentElement.lang = language === 'vn' ? 'vi' : 'en';
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${APP_DEFAULTS.buildVersion}` },
      react: { useSuspense: true },
    });
}
