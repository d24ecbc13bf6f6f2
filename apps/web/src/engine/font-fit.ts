/** The automatic font shrink never goes below this (part 1 section 9: "Auto font-shrink minimum 6px"). */
export const MIN_FONT_SIZE_PX = 6;

/**
 * The font size at which a text of `needed` pixels (measured at `current`) fits in `available`
 * pixels: the size scaled down in proportion, rounded down to a half pixel, never under `min`. A text
 * that fits keeps its size.
 */
export function fittedFontSize(input: {
  current: number;
  needed: number;
  available: number;
  min?: number;
}): number {
  const min = input.min ?? MIN_FONT_SIZE_PX;
  if (!(input.needed > input.available) || input.available <= 0 || input.current <= 0) return input.current;
  const scaled = Math.floor(((input.current * input.available) / input.needed) * 2) / 2;
  return Math.max(min, Math.min(input.current, scaled));
}
