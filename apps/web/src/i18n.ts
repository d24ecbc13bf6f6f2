import i18next, { type InitOptions } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { previewFileHeaders } from './api/preview';
import {
  applyLanguageSources,
  cachedLanguageSources,
  currentTextEngine,
  extraLanguageFiles,
  installTextEngine,
  LANGUAGES,
  languageFileUrl,
  normalizeLanguage,
  notifyTextsChanged,
  PSEUDO_CLOSE,
  PSEUDO_OPEN,
  pseudoLocaleOn,
  storedLanguage,
} from './texts';

export {
  applyLanguageSources,
  DATA_TEXT,
  DATA_TEXT_ATTRIBUTE,
  LANGUAGES,
  languageFileUrl,
  normalizeLanguage,
  PSEUDO_CLOSE,
  PSEUDO_LOCALE_KEY,
  PSEUDO_OPEN,
} from './texts';

export const i18n = i18next.createInstance();

/** The namespaces every page reads; a screen adds its own code and its part's namespace before them. */
export const BASE_NAMESPACES = ['common', 'table', 'forms', 'project'] as const;

const pseudoLocale = {
  type: 'postProcessor' as const,
  name: 'pseudo',
  process: (value: string) => `${PSEUDO_OPEN}${value}${PSEUDO_CLOSE}`,
};

/**
 * What is consulted after a part's own namespaces: the server's extra files (`listExtLng`: `screens`
 * holds the shipped screens' titles, columns and options), then `common` last, so that a screen's own
 * wording of a key (a column's 'Active') is never shadowed by common's (a switch's 'Active').
 */
export function fallbackNamespaces(extra: readonly string[]): string[] {
  return [...extra.filter((ns) => ns !== 'common'), 'common'];
}

/**
 * The options shared by the product and the component tests. A screen's part asks for
 * `[screenCode, 'table']` without `common`: each namespace of the list is consulted in turn (nsMode
 * fallback), then the extra files and `common` (`fallbackNamespaces`).
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

/**
 * i18next takes over the product's texts (`texts.ts`): the API client's messages, toasts and the
 * components that read `useTexts`. Until its first files are in, the translator it replaces keeps
 * answering (the sign-in page does not turn English while the rest of the app starts).
 */
export function bindTextsToI18next(): void {
  if (textsBound) return;
  textsBound = true;
  const previous = currentTextEngine();
  installTextEngine({
    translate: (key, values, namespaces) =>
      i18n.isInitialized
        ? i18n.t(
            key,
            namespaces && namespaces.length > 0 ? { ...values, ns: [...namespaces] } : (values ?? {}),
          )
        : previous.translate(key, values, namespaces),
    language: () => (i18n.isInitialized ? normalizeLanguage(i18n.language) : previous.language()),
    async changeLanguage(language) {
      if (i18n.language !== language) await i18n.changeLanguage(language);
    },
    async sourcesChanged({ pathsChanged, extraChanged }) {
      if (!i18n.isInitialized || (!pathsChanged && !extraChanged)) return;
      const extra = [...extraLanguageFiles()];
      i18n.options.fallbackNS = fallbackNamespaces(extra);
      await i18n.loadNamespaces(extra);
      if (pathsChanged) {
        const loaded = i18n.options.ns;
        await i18n.reloadResources(undefined, Array.isArray(loaded) ? loaded : loaded ? [loaded] : undefined);
      }
    },
  });
  for (const event of ['initialized', 'languageChanged', 'loaded'] as const)
    i18n.on(event, notifyTextsChanged);
}
let textsBound = false;

/**
 * Texts are keyed by their English wording (the specification's texts stay canonical in code), so
 * the English files only hold what differs and any missing key shows the English text.
 */
export function initI18n(): Promise<unknown> {
  initialising ??= startI18n();
  return initialising;
}
let initialising: Promise<unknown> | null = null;

function startI18n(): Promise<unknown> {
  const language = storedLanguage();
  document.documentElement.lang = language === 'vn' ? 'vi' : 'en';
  bindTextsToI18next();
  const sources = cachedLanguageSources();
  void applyLanguageSources(sources.list, sources.extra);
  const extra = extraLanguageFiles();
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .use(pseudoLocale)
    .init({
      ...I18N_OPTIONS,
      lng: language,
      ns: [...BASE_NAMESPACES, ...extra],
      fallbackNS: fallbackNamespaces(extra),
      ...(pseudoLocaleOn() ? { postProcess: ['pseudo'] } : {}),
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
