import type { BrowserContext, Page } from 'playwright-core';

/** The web app's pseudo-locale switch and markers (apps/web/src/i18n.ts). */
export const PSEUDO_LOCALE_KEY = 'PseudoLocale';
export const DATA_TEXT_ATTRIBUTE = 'data-i18n-data';

/** Every page of this context opens in the pseudo-locale: each translated text reads ⟦…⟧. */
export async function usePseudoLocale(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => localStorage.setItem(key, '1'), PSEUDO_LOCALE_KEY);
}

/**
 * The visible text nodes of the page that hold a letter outside every ⟦…⟧ and lie outside any
 * element marked as data: texts that did not pass through a translation.
 */
export function unwrappedTexts(page: Page): Promise<string[]> {
  return page.evaluate((dataAttribute) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const text = (node.textContent ?? '').trim();
      if (!/\p{L}/u.test(text)) continue;
      const element = node.parentElement;
      if (!element || element.closest(`[${dataAttribute}], script, style, noscript, template, textarea`))
        continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      let rest = text;
      for (let previous = ''; previous !== rest; ) {
        previous = rest;
        rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '');
      }
      if (/\p{L}/u.test(rest)) {
        const where = element.closest('[id], [class]');
        const label = where
          ? `${where.tagName.toLowerCase()}${where.id ? `#${where.id}` : ''}.${String(where.className).split(' ')[0]}`
          : element.tagName;
        found.push(`${text.slice(0, 80)}  (${label})`);
      }
    }
    // What people hear and read in tooltips and empty fields is text too.
    for (const element of Array.from(
      document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'),
    )) {
      if (element.closest(`[${dataAttribute}]`) || !element.checkVisibility()) continue;
      // A table cell's title is its value in full (a shortened text): data.
      const names = element.matches('.cell')
        ? ['aria-label', 'placeholder', 'alt']
        : ['aria-label', 'placeholder', 'title', 'alt'];
      for (const name of names) {
        const value = element.getAttribute(name) ?? '';
        let rest = value;
        for (let previous = ''; previous !== rest; ) {
          previous = rest;
          rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '');
        }
        if (/\p{L}/u.test(rest))
          found.push(`${name}="${value.slice(0, 80)}" (${element.tagName.toLowerCase()})`);
      }
    }
    return [...new Set(found)];
  }, DATA_TEXT_ATTRIBUTE);
}
