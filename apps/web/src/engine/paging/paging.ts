import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@panelwright/contract/constants';
import { readObject } from '../values';

/** The range text under a table; the UI translates the template and fills the parts. */
export const PAGE_RANGE_TEMPLATE = 'Showing rows {from} to {to} of {total}';

export type PageRange = { template: typeof PAGE_RANGE_TEMPLATE; from: number; to: number; total: number };

/** Rows `from`–`to` of `total` on a 1-based page; 0 to 0 of 0 for an empty list. */
export function pageRange(page: number, pageSize: number, total: number): PageRange {
  const safeTotal = Math.max(0, Math.floor(total));
  const size = Math.max(1, Math.floor(pageSize));
  const safePage = Math.min(Math.max(1, Math.floor(page)), pageCount(safeTotal, size));
  const from = safeTotal === 0 ? 0 : (safePage - 1) * size + 1;
  const to = Math.min(safePage * size, safeTotal);
  return { template: PAGE_RANGE_TEMPLATE, from, to, total: safeTotal };
}

/** Fills the range template (or its translation) with the parts. */
export function formatPageRange(range: PageRange, template: string = range.template): string {
  return template
    .replace('{from}', String(range.from))
    .replace('{to}', String(range.to))
    .replace('{total}', String(range.total));
}

/** The number of pages, at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/** The local storage key of a screen's table settings. */
export function pageSizeStorageKey(screenCode: string): string {
  return `${screenCode}-config`;
}

function validSize(value: unknown): number | null {
  const size = typeof value === 'string' ? Number(value) : value;
  if (typeof size !== 'number' || !Number.isFinite(size) || size <= 0) return null;
  return Math.min(Math.floor(size), MAX_PAGE_SIZE) || null;
}

/**
 * The page size: the saved `sizePerPage` when it is greater than 0, else the screen's default (its
 * configured `Page.sizePerPage`, or 20). The saved text is what local storage holds under the key.
 */
export function readPageSize(storedText: string | null | undefined, screenDefault?: number): number {
  const saved = storedText ? validSize(readObject(storedText)?.sizePerPage) : null;
  return saved ?? validSize(screenDefault) ?? DEFAULT_PAGE_SIZE;
}

/** The text to store after the user picked a page size; other saved settings are kept. */
export function writePageSize(storedText: string | null | undefined, sizePerPage: number): string {
  const saved = (storedText && readObject(storedText)) || {};
  return JSON.stringify({ ...saved, sizePerPage });
}
