import type { FilterType } from '@panelwright/contract';
import type { FilterDefinition } from './filter-output';

/**
 * How many filters the one-row filter bar shows beside the search box at a window width; the rest
 * wait behind "More filters". A phone shows none in the row: the button opens them all.
 */
export function inlineFilterCount(windowWidth: number): number {
  if (windowWidth >= 1200) return 4;
  if (windowWidth >= 768) return 2;
  return 0;
}

/** Choices are picked in one click and narrow a list most: they come first; text has the search box. */
const INLINE_PRIORITY: Record<FilterType, number> = {
  select: 0,
  multiselect: 0,
  checkbox: 0,
  daterange: 1,
  text: 2,
  search: 2,
};

/**
 * Splits a screen's filters into those shown in the bar's row and those behind "More filters": the
 * `count` of highest priority (choices, then dates, then texts; ties in the screen's order), each part
 * kept in the screen's order.
 */
export function splitFilters(
  definitions: readonly FilterDefinition[],
  count: number,
): { inline: FilterDefinition[]; more: FilterDefinition[] } {
  const chosen = new Set(
    definitions
      .map((definition, order) => ({ definition, order }))
      .sort(
        (a, b) =>
          INLINE_PRIORITY[a.definition.type] - INLINE_PRIORITY[b.definition.type] || a.order - b.order,
      )
      .slice(0, Math.max(0, count))
      .map(({ definition }) => definition),
  );
  return {
    inline: definitions.filter((definition) => chosen.has(definition)),
    more: definitions.filter((definition) => !chosen.has(definition)),
  };
}
