import type { LanguageItem } from '@panelwright/contract';
import { APP_DEFAULTS } from '@panelwright/contract/constants';
import i18next, { type InitOptions } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { previewFileHeaders } from './api/preview';
import { STORAGE_KEYS } from './engine/storage-keys';

export const LANGUAGES = ['en', 'vn'] as const;

/** vi shares vn; anything unknown falls back to English. */
export function normalizeLanguage(code: string | null | undefined): (typeof LANGUAGES)[number] {
  const lower = (code ?? '').toLowerCase();
  if (lower === 'vi' || lower === 'vn') return 'vn';
  return 'en';
}

export const i18n = i18next.createInstance();

/** The namespaces every page reads; a screen adds its own code and its part's namespace before them. */
export const BASE_NAMESPACES = ['common', 'table', 'forms', 'project'] as const;

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

const pseudoLocale = {
  type: 'postProcessor' as const,
  name: 'pseudo',
  process: (value: string) => `${PSEUDO_OPEN}${value}${PSEUDO_CLOSE}`,
};

/**
 * The options shared by the product and the component tests. A part asks for
 * `[screenCode, 'table', 'common']`: each namespace of the list is consulted in turn (nsMode
 * fallback), and `common` after all of them.
 */
export const I18N_OPTIONS = {
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  fallbackNS: 'common',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  // A file that arrives later (an extra file of the server) shows at once.
  react: { useSuspense: true, nsMode: 'fallback', bindI18n: 'languageChanged loaded' },
} satisfies InitOptions;

/** `LanguageList[].Path` by language, from the server's first setting (part 1 section 4). */
const languagePaths = new Map<string, string>();
/** Extra language files (`DefaultValues.listExtLng`) loaded with the base namespaces. */
let extraNamespaces: string[] = [];

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

/**
 * Takes the server's language list and extra language files. Returns whether anything changed, in
 * which case the texts already loaded are fetched again from the new places.
 */
export async function applyLanguageSources(
  list: LanguageItem[] | undefined,
  extra: string[] | undefined,
): Promise<boolean> {
  // What the files' addresses are, not how they were given: the defaults given again change nothing.
  const paths = () => JSON.stringify(LANGUAGES.map((language) => languageFileUrl(language, '{ns}')));
  const pathsBefore = paths();
  const extraBefore = extraNamespaces.join();
  languagePaths.clear();
  for (const item of list ?? []) {
    if (item.Value && item.Path) languagePaths.set(normalizeLanguage(item.Value), item.Path);
  }
  extraNamespaces = (extra ?? []).filter((ns) => typeof ns === 'string' && /^[\w.-]{1,64}$/.test(ns));
  const pathsChanged = paths() !== pathsBefore;
  const extraChanged = extraNamespaces.join() !== extraBefore;
  if (!i18n.isInitialized || (!pathsChanged && !extraChanged)) return pathsChanged || extraChanged;
  // The extra files are consulted after the part's own namespaces, like common.
  i18n.options.fallbackNS = ['common', ...extraNamespaces];
  await i18n.loadNamespaces(extraNamespaces);
  if (pathsChanged) {
    const loaded = i18n.options.ns;
    await i18n.reloadResources(undefined, Array.isArray(loaded) ? loaded : loaded ? [loaded] : undefined);
  }
  return true;
}

/** The language list and extra files of the cached first setting, so that the first page uses them. */
function cachedLanguageSources(): { list?: LanguageItem[]; extra?: string[] } {
  try {
    const cached = JSON.parse(localStorage.getItem(STORAGE_KEYS.firstSetting) ?? 'null');
    return { list: cached?.LanguageList, extra: cached?.DefaultValues?.listExtLng };
  } catch {
    return {};
  }
}

/**
 * Texts are keyed by their English wording (the specification's texts stay canonical in code), so
 * the English files only hold what differs and any missing key shows the English text.
 */
export function initI18n(): Promise<unknown> {
  const language = normalizeLanguage(localStorage.getItem(STORAGE_KEYS.language));
  document.documentElement.lang = language === 'vn' ? 'vi' : 'en';
  const sources = cachedLanguageSources();
  void applyLanguageSources(sources.list, sources.extra);
  const pseudo = localStorage.getItem(PSEUDO_LOCALE_KEY) === '1';
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .use(pseudoLocale)
    .init({
      ...I18N_OPTIONS,
      lng: language,
      ns: [...BASE_NAMESPACES, ...extraNamespaces],
      fallbackNS: ['common', ...extraNamespaces],
      ...(pseudo ? { postProcess: ['pseudo'] } : {}),
      backend: {
        loadPath: (languages: string[], namespaces: string[]) =>
          languageFileUrl(languages[0] ?? language, namespaces[0] ?? 'common'),
        customHeaders: previewFileHeaders,
      },
    });
}

/** Bumped whenever a text may have changed: a language chosen, texts loaded, added or removed. */
let textsRevision = 0;
let watchingTexts = false;
function watchTexts(): boolean {
  if (!watchingTexts && i18n.store) {
    watchingTexts = true;
    const bump = () => {
      textsRevision += 1;
    };
    i18n.on('languageChanged', bump);
    i18n.on('loaded', bump);
    i18n.store.on('added', bump);
    i18n.store.on('removed', bump);
  }
  return watchingTexts;
}

/** Texts one remembering translate keeps before it starts again (data passed through it stays bounded). */
const REMEMBERED_TEXTS = 5000;

/** i18next's own options: a call with any of them is passed straight through. */
const I18NEXT_OPTIONS = new Set([
  'count',
  'context',
  'ordinal',
  'defaultValue',
  'ns',
  'lng',
  'lngs',
  'fallbackLng',
  'keyPrefix',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'interpolation',
  'skipInterpolation',
  'replace',
]);

/** A value an interpolated text may show as it is. */
const isPlainValue = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * A text split at its placeholders, read once: literal parts at even indexes, placeholder names at
 * odd ones. Null where i18next must fill the text itself: a formatted placeholder (`{{n, number}}`)
 * or a nested text (`$t(...)`).
 */
type TextParts = readonly string[] | null;

/** i18next's nesting, `$t(key)`, in a text. */
const NESTED_TEXT = /\$t\(/;

function splitText(text: string): TextParts {
  if (NESTED_TEXT.test(text)) return null;
  const parts = text.split(/\{\{([^}]*)\}\}/);
  for (let index = 1; index < parts.length; index += 2) {
    const name = (parts[index] as string).trim();
    if (!/^\w+$/.test(name)) return null;
    parts[index] = name;
  }
  return parts;
}

/** The text's parts with its placeholders filled from `values`; undefined when a name is not given. */
function fillParts(
  parts: readonly string[],
  values: Record<string, unknown> | undefined,
): string | undefined {
  let filled = parts[0] as string;
  for (let index = 1; index < parts.length; index += 2) {
    const name = parts[index] as string;
    if (values === undefined || !Object.hasOwn(values, name)) return undefined;
    filled += String(values[name]) + (parts[index + 1] as string);
  }
  return filled;
}

/**
 * A translate function that remembers its texts until a language is chosen or texts are loaded. A
 * table's cells ask for the same few texts hundreds of times a draw, and i18next resolves each from
 * scratch: 30 ms of a 10,000-row list's first draw, more while scrolling. A call whose options are
 * only plain values fills the remembered text's `{{name}}` placeholders itself (a row's label with
 * its id); calls with i18next's own options (plurals, context, formats), nested texts and names not
 * given go to i18next.
 */
export function rememberingTranslate<T extends (key: string, options?: Record<string, unknown>) => string>(
  translate: T,
): T {
  const known = new Map<string, TextParts>();
  let revision = textsRevision;
  const partsOf = (key: string): TextParts => {
    if (revision !== textsRevision || known.size >= REMEMBERED_TEXTS) {
      known.clear();
      revision = textsRevision;
    }
    let parts = known.get(key);
    if (parts === undefined) {
      parts = splitText(translate(key, { skipInterpolation: true }));
      known.set(key, parts);
    }
    return parts;
  };
  const remembering = (key: string, options?: Record<string, unknown>): string => {
    if (!watchTexts()) return translate(key, options);
    if (options !== undefined) {
      for (const name in options) {
        if (I18NEXT_OPTIONS.has(name) || !isPlainValue(options[name])) return translate(key, options);
      }
    }
    const parts = partsOf(key);
    if (parts === null) return translate(key, options);
    if (parts.length === 1) return parts[0] as string;
    return fillParts(parts, options) ?? translate(key, options);
  };
  return remembering as T;
}
