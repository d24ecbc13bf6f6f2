/** Black or white, whichever reads better on a `#rrggbb` background (WCAG relative luminance). */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  const match = /^#([0-9a-f]{6})$/i.exec(background.trim());
  if (!match?.[1]) return '#ffffff';
  const channel = (offset: number) => {
    const c = Number.parseInt(match[1]?.slice(offset, offset + 2) ?? '0', 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with white is (1.05)/(L+0.05), with black (L+0.05)/0.05: pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}
