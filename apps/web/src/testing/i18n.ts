// Translations for component tests: the app's i18next instance with English keys as texts and no
// backend, so components render their English wording synchronously.
import { initReactI18next } from 'react-i18next';
import { i18n } from '../i18n';

async function init(): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { common: {}, table: {}, forms: {} } },
    ns: ['common', 'table', 'forms'],
    defaultNS: 'common',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
}

await init();

/** For tests that call it explicitly; the import alone already initialises. */
export const initTestI18n = init;
