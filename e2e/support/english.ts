import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { DATA_TEXT_ATTRIBUTE } from './pseudo-locale';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Words that read the same in both languages (names of things). */
const SHARED_WORDS = new Set([
  'admin',
  'email',
  'api',
  'excel',
  'json',
  'csv',
  'google',
  'facebook',
  'http',
  'https',
  'url',
  'sku',
  'vat',
  'pdf',
  'zalo',
  'otp',
  'totp',
  'chart',
  'leaflet',
]);

/**
 * The English words of the product's interface: every word of the English keys (web and server
 * catalogues) that no Vietnamese text uses.
 */
function englishVocabulary(): Set<string> {
  const catalogues = [
    ...readdirSync(join(ROOT, 'apps/web/public/locales/vn')).map((f) =>
      join(ROOT, 'apps/web/public/locales/vn', f),
    ),
    join(ROOT, 'apps/server/src/i18n/locales/vn.json'),
  ].map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  const words = (text: string) => text.toLowerCase().match(/[a-z]{3,}/g) ?? [];
  const vietnamese = new Set(catalogues.flatMap((c) => Object.values(c).flatMap(words)));
  const english = new Set(catalogues.flatMap((c) => Object.keys(c).flatMap(words)));
  return new Set([...english].filter((w) => !vietnamese.has(w) && !SHARED_WORDS.has(w)));
}

const VOCABULARY = [...englishVocabulary()];

/**
 * The visible texts of the page (outside elements marked as data) that are English: no Vietnamese
 * letter, and at least one word of the product's English vocabulary. Also the labels people hear
 * (aria-label), the placeholders and the titles.
 */
export async function englishTexts(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ dataAttribute, vocabulary }) => {
      const english = new Set(vocabulary);
      const vietnameseLetter = /[àáâãèéêìíòóôõùúýăđĩũơưạ-ỹ]/i;
      const isEnglish = (text: string) =>
        !vietnameseLetter.test(text) &&
        (text.toLowerCase().match(/[a-z]{3,}/g) ?? []).some((w) => english.has(w));
      const found = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode;
        const text = (node.textContent ?? '').trim();
        const element = node.parentElement;
        if (!text || !element) continue;
        if (element.closest(`[${dataAttribute}], script, style, noscript, template, textarea`)) continue;
        if (!element.checkVisibility({ visibilityProperty: true })) continue;
        if (isEnglish(text)) found.add(text.slice(0, 100));
      }
      for (const element of Array.from(
        document.body.querySelectorAll('[aria-label], [placeholder], [title]'),
      )) {
        if (element.closest(`[${dataAttribute}]`) || !element.checkVisibility()) continue;
        // A table cell's title is its value in full (a shortened text): data.
        for (const name of element.matches('td.cell, .cell')
          ? ['aria-label', 'placeholder']
          : ['aria-label', 'placeholder', 'title']) {
          const value = element.getAttribute(name);
          if (value && isEnglish(value)) found.add(`${name}="${value.slice(0, 100)}"`);
        }
      }
      return [...found];
    },
    { dataAttribute: DATA_TEXT_ATTRIBUTE, vocabulary: VOCABULARY },
  );
}
