// Translations for component tests: the app's i18next instance with its real options, English keys
// as texts and no backend, so components render their English wording synchronously.
import { initReactI18next } from 'react-i18next';
import { bindTextsToI18next, I18N_OPTIONS, i18n } from '../i18n';

async function init(): Promise<void> {
  bindTextsToI18next();
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: 'en',
    resources: { en: { common: {}, table: {}, forms: {}, project: {} } },
    ns: ['common', 'table', 'forms', 'project'],
  });
}

await init();

/** For tests that call it explicitly; the import alone already initialises. */
export const initTestI18n = init;
