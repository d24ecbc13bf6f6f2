import { describe, expect, it } from 'vitest';
import { HEADER_TWO_LINES_AT_MOST_PX, headerFitWidth } from './header-width';

const byLetters = (text: string) => text.length * 8;

describe('headerFitWidth', () => {
  it('fits the widest word and what surrounds the text', () => {
    expect(headerFitWidth('Administrator', byLetters, 28)).toBe(13 * 8 + 28);
    expect(headerFitWidth('Administrator locked', byLetters, 8)).toBe(13 * 8 + 8);
  });

  it('keeps a header of three words or more to two lines, split where the lines are most even', () => {
    // "Đang hoạt động" (a narrow check box column's "Active" in Vietnamese): "Đang hoạt" / "động",
    // not one word a line.
    expect(headerFitWidth('Đang hoạt động', byLetters, 8)).toBe(9 * 8 + 8);
    expect(headerFitWidth('Is   the  Administrator locked', byLetters, 8)).toBe(20 * 8 + 8);
  });

  it('wraps between whole words only where two lines would need a column wider than the most it takes', () => {
    // Its most even split, "Number of units on order" / "from the supplier this week", is too wide.
    expect(byLetters('from the supplier this week') + 8).toBeGreaterThan(HEADER_TWO_LINES_AT_MOST_PX);
    const long = 'Number of units on order from the supplier this week';
    expect(headerFitWidth(long, byLetters, 8)).toBe(byLetters('supplier') + 8);
  });

  it('asks nothing of a header with no text', () => {
    expect(headerFitWidth('', byLetters, 28)).toBe(0);
    expect(headerFitWidth('   ', byLetters, 28)).toBe(0);
  });
});
