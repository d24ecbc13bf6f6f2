// The product's texts without i18next: where language files live, which language is chosen, and one
// translate function every part can call. The signed-in app plugs i18next in (`i18n.ts`,
// `bindTextsToI18next`); the sign-in page, which must stay light (issue 26: /login at most 110 KB of
// JavaScript), reads the same files with the small translator below and never loads i18next.
import type { LanguageItem } from '@panelwright/contract';
import { APP_DEFAULTS } from '@panelwright/contract/constants';
import { useMemo, useSyncExternalStore } from 'react';
import { previewFileHeaders } from './api/preview';
import { STORAGE_KEYS } from './engine/storage-keys';

export const LANGUAGES = ['en', 'vn'] as const;
export type Language = (typeof LANGUAGES)[number];

/** vi shares vn; anything unknown falls back to English. */
export function normalizeLanguage(code: string | null | undefined): Language {
  const lower = (code ?? '').toLowerCase();
  if (lower === 'vi' || lower === 'vn') return 'vn';
  return 'en';
}

/** The language this browser chose (stored), else English. */
export function storedLanguage(): Language {
  return normalizeLanguage(localStorage.getItem(STORAGE_KEYS.language));
}

/**
 * The pseudo-locale (a test mode, switched on by this local storage key): every translated text is
 * wrapped in ⟦…⟧, so that a page check can find any text that did not pass through a translation.
 */
export const PSEUDO_LOCALE_KEY = 'PseudoLocale';
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
/** Marks an element whose text is data (a record's values, a file name), which is never translated. */
export const DATA_TEXT_ATTRIBUTE = 'data-i18n-data';
/** Spread on an element that shows data: `<span {...DATA_TEXT}>{row.Name}</span>`. */
export const DATA_TEXT = { [DATA_TEXT_ATTRIBUTE]: '' } as const;

export function pseudoLocaleOn(): boolean {
  return localStorage.getItem(PSEUDO_LOCALE_KEY) === '1';
}

/** `LanguageList[].Path` by language, from the server's first setting (part 1 section 4). */
const languagePaths = new Map<string, string>();
/** Extra language files (`DefaultValues.listExtLng`) loaded with the base namespaces. */
let extraNamespaces: string[] = [];

/** The extra language files, consulted after a part's own namespaces and before common. */
export function extraLanguageFiles(): readonly string[] {
  return extraNamespaces;
}

/**
 * Where a language file is fetched: the language's `Path` from the server (`{{lng}}` and `{{ns}}`
 * filled in; a path without `{{ns}}` names the folder of the language's files), else
 * `/locales/{lng}/{ns}.json`; always with `?v={build version}`, so that a new build is fetched anew.
 */
export function languageFileUrl(language: string, namespace: string): string {
  const given = languagePaths.get(language);
  let path = given
    ? given.includes('{{ns}}')
      ? given
      : `${given.replace(/\/+$/, '')}/{{ns}}.json`
    : '/locales/{{lng}}/{{ns}}.json';
  path = path.replaceAll('{{lng}}', language).replaceAll('{{ns}}', encodeURIComponent(namespace));
  return `${path}${path.includes('?') ? '&' : '?'}v=${APP_DEFAULTS.buildVersion}`;
}

/** The language list and extra files of the cached first setting, so that the first page uses them. */
export function cachedLanguageSources(): { list?: LanguageItem[]; extra?: string[] } {
  try {
    const cached = JSON.parse(localStorage.getItem(STORAGE_KEYS.firstSetting) ?? 'null');
    return { list: cached?.LanguageList, extra: cached?.DefaultValues?.listExtLng };
  } catch {
    return {};
  }
}

/** What changed when the server's language list and extra files were taken. */
export type SourceChange = { pathsChanged: boolean; extraChanged: boolean };

/** Takes the server's language list and extra files; says what differs from before. */
function recordLanguageSources(list: LanguageItem[] | undefined, extra: string[] | undefined): SourceChange {
  // What the files' addresses are, not how they were given: the defaults given again change nothing.
  const paths = () => JSON.stringify(LANGUAGES.map((language) => languageFileUrl(language, '{ns}')));
  const pathsBefore = paths();
  const extraBefore = extraNamespaces.join();
  languagePaths.clear();
  for (const item of list ?? []) {
    if (item.Value && item.Path) languagePaths.set(normalizeLanguage(item.Value), item.Path);
  }
  extraNamespaces = (extra ?? []).filter((ns) => typeof ns === 'string' && /^[\w.-]{1,64}$/.test(ns));
  return { pathsChanged: paths() !== pathsBefore, extraChanged: extraNamespaces.join() !== extraBefore };
}

/** A translate function: the English text is the key; `values` fill its `{{name}}` placeholders. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** What translates: i18next in the signed-in app, the small translator on the sign-in page. */
export type TextEngine = {
  /** Translates `key`, looking in `namespaces` first (then the extra files and common). */
  translate(key: string, values: Record<string, unknown> | undefined, namespaces?: readonly string[]): string;
  language(): Language;
  changeLanguage(language: Language): Promise<void>;
  /** The files' places or the extra files changed: texts already loaded are read again. */
  sourcesChanged(change: SourceChange): Promise<void>;
};

let revision = 0;
const listeners = new Set<() => void>();

/** Texts may have changed (a language chosen, files loaded): what shows them draws again. */
export function notifyTextsChanged(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

function subscribeTexts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const readRevision = () => revision;

// ——— The small translator: plain JSON files, `{{name}}` placeholders, the pseudo-locale ———

/** The sign-in page's namespaces: its texts are in common, the forms' messages in forms. */
const LIGHT_NAMESPACES = ['common', 'forms'] as const;

type TextFile = Record<string, unknown>;
let lightLanguage: Language | null = null;
let lightFiles = new Map<string, TextFile>();
let lightLoading: Promise<void> | null = null;

async function fetchTextFile(language: Language, namespace: string): Promise<TextFile> {
  try {
    const response = await fetch(languageFileUrl(language, namespace), { headers: previewFileHeaders() });
    if (!response.ok) return {};
    const parsed: unknown = await response.json();
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as TextFile) : {};
  } catch {
    // A missing file shows the English keys, as i18next does.
    return {};
  }
}

async function loadLightTexts(language: Language): Promise<void> {
  const namespaces = [...new Set([...LIGHT_NAMESPACES, ...extraNamespaces])];
  const files = await Promise.all(namespaces.map((ns) => fetchTextFile(language, ns)));
  lightFiles = new Map(namespaces.map((ns, index) => [ns, files[index] as TextFile]));
  lightLanguage = language;
  // The page's language is what the API client sends as UI_Language: the server answers in it.
  document.documentElement.lang = language === 'vn' ? 'vi' : 'en';
  notifyTextsChanged();
}

/** `{{name}}` filled from `values`; a name not given stays as it is (as i18next leaves it). */
function fillPlaceholders(text: string, values: Record<string, unknown> | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

const lightEngine: TextEngine = {
  translate(key, values, namespaces = []) {
    let text: string = key;
    // As i18next: no namespaces means common's (defaultNS); then, as its fallbackNS
    // (`fallbackNamespaces` in i18n.ts), the extra files and common last.
    const own = namespaces.length > 0 ? namespaces : ['common'];
    for (const ns of [...own, ...extraNamespaces, 'common']) {
      const found = lightFiles.get(ns)?.[key];
      // An empty text counts as missing (i18next's returnEmptyString: false).
      if (typeof found === 'string' && found !== '') {
        text = found;
        break;
      }
    }
    const filled = fillPlaceholders(text, values);
    return pseudoLocaleOn() ? `${PSEUDO_OPEN}${filled}${PSEUDO_CLOSE}` : filled;
  },
  language: () => lightLanguage ?? storedLanguage(),
  async changeLanguage(language) {
    if (language !== lightLanguage) await loadLightTexts(language);
  },
  async sourcesChanged() {
    if (lightLanguage) await loadLightTexts(lightLanguage);
  },
};

let engine: TextEngine = lightEngine;

/**
 * Loads the small translator's files for the stored language (the sign-in page waits for them before
 * it draws, so that it never shows English first to a Vietnamese user). Once per page.
 */
export function loadLightTranslator(): Promise<void> {
  const sources = cachedLanguageSources();
  recordLanguageSources(sources.list, sources.extra);
  lightLoading ??= loadLightTexts(storedLanguage());
  return lightLoading;
}

/** The engine translating now (i18next keeps it as its stand-in until its own files are in). */
export function currentTextEngine(): TextEngine {
  return engine;
}

/** The signed-in app's i18next takes over every translation from here on. */
export function installTextEngine(next: TextEngine): void {
  engine = next;
  notifyTextsChanged();
}

/** Translates outside React (the API client's messages, toasts). */
export const translate: Translate = (key, values) => engine.translate(key, values);

export function currentLanguage(): Language {
  return engine.language();
}

/** Switches the texts to `language` (the caller stores the choice). */
export function changeTextLanguage(language: Language): Promise<void> {
  return engine.changeLanguage(language);
}

/**
 * Takes the server's language list and extra files. Returns whether anything changed, in which case
 * the texts already loaded are fetched again from the new places.
 */
export async function applyLanguageSources(
  list: LanguageItem[] | undefined,
  extra: string[] | undefined,
): Promise<boolean> {
  const change = recordLanguageSources(list, extra);
  if (!change.pathsChanged && !change.extraChanged) return false;
  await engine.sourcesChanged(change);
  return true;
}

/**
 * Texts in a component, with either engine; draws again when the language or the loaded texts
 * change. `namespaces` are consulted first, then the extra files and common.
 */
export function useTexts(namespaces?: readonly string[]): { t: Translate; language: Language } {
  const current = useSyncExternalStore(subscribeTexts, readRevision, readRevision);
  const key = namespaces?.join() ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the revision and the namespaces' text are the inputs
  return useMemo(() => {
    const chosen = engine;
    return {
      t: (text: string, values?: Record<string, unknown>) => chosen.translate(text, values, namespaces),
      language: chosen.language(),
    };
  }, [current, key]);
}
