/**
 * The narrowest a column can be and still show its header well: each word whole (a header wraps
 * between words only, never inside one: "Administra / tor"), and on at most two lines where that
 * keeps the column within `HEADER_TWO_LINES_AT_MOST_PX` (a narrow check box column's "Đang hoạt
 * động" would otherwise stand one word a line, three lines tall, and make the whole header row
 * tall). The lines are split where they are most even; `measure` gives a text's width as the header
 * draws it, plus `around`, what the header cell adds around its text.
 */
export function headerFitWidth(header: string, measure: (text: string) => number, around: number): number {
  const words = header.split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  const widestWord = Math.max(...words.map(measure));
  let twoLines = widestWord;
  if (words.length > 2) {
    twoLines = Number.POSITIVE_INFINITY;
    for (let at = 1; at < words.length; at++) {
      const lines = [words.slice(0, at).join(' '), words.slice(at).join(' ')];
      twoLines = Math.min(twoLines, Math.max(...lines.map(measure)));
    }
  }
  const text = twoLines + around <= HEADER_TWO_LINES_AT_MOST_PX ? twoLines : widestWord;
  return Math.ceil(text + around);
}

/** What a header cell adds around its text: the cell's padding, and the sort mark with its gap. */
export const HEADER_PADDING_PX = 8;
export const SORT_MARK_PX = 20;
/** The widest a column is made to keep its header to two lines; a longer header wraps further. */
export const HEADER_TWO_LINES_AT_MOST_PX = 200;
