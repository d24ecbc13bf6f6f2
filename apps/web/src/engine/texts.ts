import type { ConfigTranslations } from '@panelwright/contract';

/** The languages of the product's texts. */
export type TextLanguage = 'en' | 'vn';

/** Texts by namespace, then key. */
export type TextFiles = Record<string, Record<string, string>>;

/** One text of one language, as the studio lists it. */
export type TextRow = {
  namespace: string;
  key: string;
  /** What the build ships; null when the language's file has no text for the key (missing). */
  shipped: string | null;
  /** What the configuration (live with the draft over it) puts in its place; null when nothing. */
  configured: string | null;
};

/**
 * Every text of a language: the keys of both languages' shipped files and of the configuration, by
 * namespace. Keys are the English wording, so an English text the file does not hold ships as its key.
 */
export function textRows(
  shipped: Record<TextLanguage, TextFiles>,
  configured: ConfigTranslations,
  language: TextLanguage,
): TextRow[] {
  const sources = [shipped.en, shipped.vn, configured.en ?? {}, configured.vn ?? {}];
  const namespaces = new Set(sources.flatMap((files) => Object.keys(files)));
  const rows: TextRow[] = [];
  for (const namespace of [...namespaces].sort()) {
    const keys = new Set(sources.flatMap((files) => Object.keys(files[namespace] ?? {})));
    for (const key of [...keys].sort((a, b) => a.localeCompare(b))) {
      const file = shipped[language][namespace]?.[key];
      rows.push({
        namespace,
        key,
        shipped: file ?? (language === 'en' ? key : null),
        configured: configured[language]?.[namespace]?.[key] ?? null,
      });
    }
  }
  return rows;
}

/** Text for matching: lower case, without accents (so "dang nhap" finds "Đăng nhập"). */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();

export type TextFilter = {
  /** Only this namespace; all when empty. */
  namespace?: string;
  /** Found in the key, the shipped text or the configured one. */
  search?: string;
  /** Only the texts the language's file lacks and the configuration does not give either. */
  missingOnly?: boolean;
};

/** The rows a filter keeps, in their order. */
export function filterTexts(rows: readonly TextRow[], filter: TextFilter): TextRow[] {
  const needle = foldText(filter.search?.trim() ?? '');
  return rows.filter(
    (row) =>
      (!filter.namespace || row.namespace === filter.namespace) &&
      (!filter.missingOnly || (row.shipped === null && row.configured === null)) &&
      (needle === '' ||
        foldText(row.key).includes(needle) ||
        foldText(row.shipped ?? '').includes(needle) ||
        foldText(row.configured ?? '').includes(needle)),
  );
}

/** One page of a list: its rows, the page actually shown (clamped) and how many pages there are. */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  size: number,
): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const shown = Math.min(Math.max(1, Math.floor(page)), pages);
  return { rows: rows.slice((shown - 1) * size, shown * size), page: shown, pages };
}
