/**
 * The narrowest a column can be and still show each word of its header whole: the widest word
 * measured, plus what the header cell adds around its text. A header then wraps between words only,
 * never inside one ("Administra / tor").
 */
export function headerFitWidth(
  header: string,
  measureWord: (word: string) => number,
  around: number,
): number {
  let widest = 0;
  for (const word of header.split(/\s+/)) {
    if (word) widest = Math.max(widest, measureWord(word));
  }
  return widest === 0 ? 0 : Math.ceil(widest + around);
}

/** What a header cell adds around its text: the cell's padding, and the sort mark with its gap. */
export const HEADER_PADDING_PX = 8;
export const SORT_MARK_PX = 20;
