import { STORAGE_KEYS } from '../engine/storage-keys';
import { changeTextLanguage, normalizeLanguage } from '../texts';

/** What survives Clear Local Cache: the sign-in and the chosen language. */
const KEPT_ON_CLEAR = new Set<string>([
  STORAGE_KEYS.authToken,
  STORAGE_KEYS.authType,
  STORAGE_KEYS.authInfo,
  STORAGE_KEYS.language,
  STORAGE_KEYS.localCacheClearedAt,
  STORAGE_KEYS.localCacheClearedFor,
]);

/** Clears what this browser keeps locally (menus, screens, settings, page sizes...) but the sign-in. */
export function clearLocalStorageCache(): void {
  for (const key of Object.keys(localStorage)) {
    if (!KEPT_ON_CLEAR.has(key)) localStorage.removeItem(key);
  }
}

/** Clear Local Cache (header menu): clear, then reload the page. */
export function clearLocalCacheAndReload(): void {
  clearLocalStorageCache();
  window.location.reload();
}

/** Applies a language: the texts (i18next or the sign-in page's), the page's lang attribute and the stored choice. */
export async function applyLanguage(code: string): Promise<void> {
  const language = normalizeLanguage(code);
  localStorage.setItem(STORAGE_KEYS.language, language);
  document.documentElement.lang = language === 'vn' ? 'vi' : 'en';
  await changeTextLanguage(language);
}
