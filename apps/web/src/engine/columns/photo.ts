import { parseJsonText, readStyle, rowFieldOr, type Style, splitCommaList, valueText } from '../values';
import type { CellContext } from './cell-context';

/** Largest photo height and width when the column gives none (part 2 section 9). */
export const DEFAULT_PHOTO_MAX_SIZE = '120px';

export type CellPhoto = {
  urls: string[];
  maxHeight: string;
  maxWidth: string;
  noScale: boolean;
  /** The style of each image: fitted in the maximum size unless `noScale`, then `styleImg`. */
  imageStyle: Style;
};

/** A CSS length from an option: numbers (and numeric text) are pixels. */
export function cssLength(value: unknown, fallback: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return `${value}px`;
  if (typeof value === 'string' && value.trim() !== '') {
    return /^\d+(\.\d+)?$/.test(value.trim()) ? `${value.trim()}px` : value.trim();
  }
  return fallback;
}

/**
 * The photo urls of a value: a list, JSON text of a list, one url, or a comma list of urls. A data:
 * url holds commas itself and is taken whole.
 */
export function photoUrls(value: unknown): string[] {
  if (Array.isArray(value))
    return value
      .map(valueText)
      .map((url) => url.trim())
      .filter((url) => url !== '');
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (text === '') return [];
  if (text.startsWith('[')) {
    const parsed = parseJsonText(text);
    if (Array.isArray(parsed)) return photoUrls(parsed);
  }
  if (/^data:/i.test(text)) return [text];
  return splitCommaList(text);
}

/** `showPhoto`: the value (or the row's `fPhoto` field) shown as images; null otherwise. */
export function resolvePhoto({ column, more, row, value }: CellContext): CellPhoto | null {
  if (more.showPhoto !== true && column.cellType !== 'photo') return null;
  const maxHeight = cssLength(more.maxHeight, DEFAULT_PHOTO_MAX_SIZE);
  const maxWidth = cssLength(more.maxWidth, DEFAULT_PHOTO_MAX_SIZE);
  const noScale = more.noScale === true;
  const fitted: Style = noScale ? {} : { maxHeight, maxWidth, objectFit: 'contain' };
  return {
    urls: photoUrls(rowFieldOr(row, more.fPhoto, value)),
    maxHeight,
    maxWidth,
    noScale,
    imageStyle: { ...fitted, ...readStyle(more.styleImg) },
  };
}
